/**
 * How HTTP shows a counted call (ADR-0012): every window as headers — the `month` window as
 * X-Quota-*, the others (minute, day) as X-RateLimit-* — on every authenticated answer, errors
 * included; then the refusal, when a window was full, becomes the error answer.
 */
import type { FastifyReply } from "fastify";
import type { Admission } from "../accounts/rate-limiter.js";

export function applyAdmission(reply: FastifyReply, admission: Admission): void {
  for (const window of admission.windows) {
    const prefix = window.name === "month" ? "X-Quota" : "X-RateLimit";
    reply.header(`${prefix}-Limit`, window.limit === null ? "unlimited" : String(window.limit));
    reply.header(
      `${prefix}-Remaining`,
      window.remaining === null ? "unlimited" : String(window.remaining),
    );
    reply.header(`${prefix}-Reset`, String(window.resetAt));
  }
  if (admission.refusal !== undefined) throw admission.refusal;
}
