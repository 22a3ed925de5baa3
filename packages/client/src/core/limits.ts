/**
 * The rate-limit and quota figures every authenticated answer carries (`X-RateLimit-*`,
 * `X-Quota-*`), read from response headers — successes and errors alike.
 */

/** The per-minute window: `reset` is the Unix time (seconds) at which it ends. */
export interface RateLimit {
  limit: number;
  remaining: number;
  reset: number;
}

/**
 * The monthly (or, for a free sandbox key, daily) quota; `reset` in Unix seconds. Absent on
 * plans without a quota.
 */
export interface Quota {
  limit: number;
  remaining: number;
  reset: number;
}

function integer(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

function figures(headers: Headers, prefix: string): RateLimit | null {
  const limit = integer(headers, `${prefix}-limit`);
  const remaining = integer(headers, `${prefix}-remaining`);
  const reset = integer(headers, `${prefix}-reset`);
  if (limit === undefined || remaining === undefined || reset === undefined) return null;
  return { limit, remaining, reset };
}

export function rateLimitOf(headers: Headers): RateLimit | null {
  return figures(headers, "x-ratelimit");
}

/** Null when the answer carries no quota (or one that is not a number, such as `unlimited`). */
export function quotaOf(headers: Headers): Quota | null {
  return figures(headers, "x-quota");
}

/** `Retry-After` in seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(headers: Headers, nowMs: number): number | undefined {
  const raw = headers.get("retry-after")?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - nowMs) / 1000);
}
