/**
 * How HTTP shows a counted call (ADR-0012): every window as headers — the `month` window as
 * X-Quota-*, the others (minute, day) as X-RateLimit-* — on every authenticated answer, errors
 * included; then the refusal, when a window was full, becomes the error answer.
 */
import type { FastifyReply } from "fastify";
import type { Admission } from "../accounts/rate-limiter.js";

const QUOTA = { limit: "X-Quota-Limit", remaining: "X-Quota-Remaining", reset: "X-Quota-Reset" };
const RATE = {
  limit: "X-RateLimit-Limit",
  remaining: "X-RateLimit-Remaining",
  reset: "X-RateLimit-Reset",
};

export function applyAdmission(reply: FastifyReply, admission: Admission): void {
  for (const window of admission.windows) {
    const names = window.name === "month" ? QUOTA : RATE;
    reply.header(names.limit, window.limit === null ? "unlimited" : String(window.limit));
    reply.header(
      names.remaining,
      window.remaining === null ? "unlimited" : String(window.remaining),
    );
    reply.header(names.reset, String(window.resetAt));
  }
  if (admission.refusal !== undefined) throw admission.refusal;
}
