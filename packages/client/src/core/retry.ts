/**
 * When a failed attempt is tried again, and after how long.
 *
 * - Reads (GET) and idempotent writes (PATCH, DELETE) are retried on 408, 409, 429, 5xx,
 *   connection errors and timeouts.
 * - POST (create a webhook, fire a test, rotate a secret, retry a delivery) is not idempotent on
 *   this API, so it is retried only when the server said it did nothing: 429 and 503.
 * - `Retry-After` is honoured when the server sends it, up to a cap (60 s by default); a longer
 *   wait (a monthly quota, say) is not slept through: the error surfaces with `retry_after`.
 * - Otherwise: exponential backoff from 0.5 s doubling to at most 8 s, less up to 25 % jitter.
 */

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

const RETRIED_STATUSES = new Set([408, 409, 429]);

export function retriesStatus(method: Method, status: number): boolean {
  if (method === "POST") return status === 429 || status === 503;
  return RETRIED_STATUSES.has(status) || status >= 500;
}

/** A request that got no answer (connection error, timeout) may have reached the server. */
export function retriesWithoutAnswer(method: Method): boolean {
  return method !== "POST";
}

const INITIAL_DELAY_S = 0.5;
const MAX_DELAY_S = 8;

/** Seconds to wait before retry number `retry` (0 for the first retry). */
export function backoffSeconds(retry: number, random: () => number = Math.random): number {
  const delay = Math.min(INITIAL_DELAY_S * 2 ** retry, MAX_DELAY_S);
  return delay * (1 - random() * 0.25);
}
