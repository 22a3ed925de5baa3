/**
 * When to try connecting again: counts failed attempts since the last connection that opened,
 * draws each wait from the full-jitter backoff (a refusal's Retry-After is a floor, within
 * maxDelayMs), gives up after `maxAttempts`, and keeps the one pending timer.
 */
import { type BackoffPolicy, backoffDelay } from "./backoff.js";
import type { StreamTimers } from "./types.js";

export const globalTimers: StreamTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

export class RetrySchedule {
  private failures = 0;
  private timer: unknown;

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly random: () => number,
    private readonly timers: StreamTimers,
  ) {}

  get maxAttempts(): number {
    return this.policy.maxAttempts;
  }

  /** A connection opened (or a pause ends): the next failure is attempt 1 again. */
  reset(): void {
    this.failures = 0;
  }

  /** Counts a failure; the next attempt and its wait, or undefined when retries are spent. */
  next(minDelayMs?: number): { attempt: number; delayMs: number } | undefined {
    this.failures++;
    if (this.failures > this.policy.maxAttempts) return undefined;
    let delayMs = backoffDelay(this.failures, this.policy, this.random);
    if (minDelayMs !== undefined) {
      delayMs = Math.max(delayMs, Math.min(minDelayMs, this.policy.maxDelayMs));
    }
    return { attempt: this.failures, delayMs };
  }

  schedule(delayMs: number, run: () => void): void {
    this.cancel();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      run();
    }, delayMs);
  }

  cancel(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
