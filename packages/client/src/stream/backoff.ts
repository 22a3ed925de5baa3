/**
 * Reconnection delays: exponential backoff with full jitter — a uniformly random wait between 0
 * and min(maxDelayMs, initialDelayMs × 2^(attempt − 1)), so clients dropped together (a server
 * restart) do not all come back at once.
 */
import type { ReconnectOptions } from "./types.js";

export type BackoffPolicy = Required<ReconnectOptions>;

const DEFAULT_BACKOFF: BackoffPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  maxAttempts: Number.POSITIVE_INFINITY,
};

export function backoffPolicy(options: ReconnectOptions = {}): BackoffPolicy {
  const policy = { ...DEFAULT_BACKOFF };
  if (options.initialDelayMs !== undefined) policy.initialDelayMs = options.initialDelayMs;
  if (options.maxDelayMs !== undefined) policy.maxDelayMs = options.maxDelayMs;
  if (options.maxAttempts !== undefined) policy.maxAttempts = options.maxAttempts;
  return policy;
}

/** The wait before retry number `attempt` (1 for the first retry after a drop). */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number) {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
  return random() * ceiling;
}
