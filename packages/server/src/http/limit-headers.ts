/**
 * How HTTP shows a counted call (ADR-0012): every window as headers — the `month` window as
 * X-Quota-*, the others (minute, day) as X-RateLimit-* — on every authenticated answer, errors
 * included; then the refusal, when a window was full, becomes the error answer. A plan without a
 * monthly quota gets no X-Quota-* headers at all (clients parse them as integers: no quota, no
 * header); an unlimited minute or day window is left out the same way.
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
    if (window.limit === null || window.remaining === null) continue;
    const names = window.name === "month" ? QUOTA : RATE;
    reply.header(names.limit, String(window.limit));
    reply.header(names.remaining, String(window.remaining));
    reply.header(names.reset, String(window.resetAt));
  }
  const refusal = admission.refusal;
  if (refusal === undefined) return;
  // Counted by the request metrics (request-metrics.ts) once the answer is written.
  reply.request.rejection =
    refusal.code === "quota_exceeded" ? "quota_exceeded" : "rate_limit_exceeded";
  throw refusal;
}
