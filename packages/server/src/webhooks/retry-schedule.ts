/**
 * When the next attempt happens: the schedule (SCORELINE_WEBHOOK_RETRY_SCHEDULE, seconds before
 * each of at most 5 attempts) with ±20 % jitter, so a receiver that comes back is not hit by
 * every retry at once. A 429 or 503 with `Retry-After` is honoured: never sooner than the
 * schedule, and never later than an hour.
 */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Milliseconds before attempt `n` (0-based); undefined when attempts are used up. */
export function scheduledDelay(
  schedule: readonly number[],
  n: number,
  random: () => number,
): number | undefined {
  const seconds = schedule[n];
  if (seconds === undefined) return undefined;
  return Math.round(seconds * 1000 * (0.8 + 0.4 * random()));
}

/** `Retry-After` as seconds or an HTTP date → milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

export function nextDelay(
  schedule: readonly number[],
  attemptsMade: number,
  status: number,
  retryAfter: string | undefined,
  now: Date,
  random: () => number = Math.random,
): number | undefined {
  const planned = scheduledDelay(schedule, attemptsMade, random);
  if (planned === undefined) return undefined;
  if (status !== 429 && status !== 503) return planned;
  const asked = retryAfterMs(retryAfter, now);
  if (asked === undefined) return planned;
  return Math.min(Math.max(planned, asked), Math.max(planned, MAX_RETRY_AFTER_MS));
}
