/** How the usage ledger groups answers: what billing and the usage page tell apart. */
export const STATUS_CLASSES = [
  "success",
  "client_error",
  "rate_limited",
  "quota_exceeded",
  "server_error",
] as const;

export type StatusClass = (typeof STATUS_CLASSES)[number];

/**
 * `refusal` is the limiter's error code when the call was refused (a 429 is the per-minute
 * window unless the monthly quota refused it).
 */
export function statusClass(status: number, refusal: string | undefined): StatusClass {
  if (status === 429) return refusal === "quota_exceeded" ? "quota_exceeded" : "rate_limited";
  if (status >= 500) return "server_error";
  if (status >= 400) return "client_error";
  return "success";
}

/** Refused calls are not counted against the quota (ADR-0012); every other answer is. */
export function countsAgainstQuota(status: StatusClass): boolean {
  return status !== "rate_limited" && status !== "quota_exceeded";
}
