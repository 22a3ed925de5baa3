/**
 * Waiting in tests is for conditions, never for durations: poll until the condition holds, and
 * give up only after a bound generous enough that a busy machine does not reach it (the bound is
 * a failure report, not a schedule).
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface WaitOptions {
  /** When to give up. 30 s unless a test needs longer. */
  timeoutMs?: number;
  /** What was awaited, for the failure message. */
  what?: string | (() => string);
  /** How often to look. */
  intervalMs?: number;
}

/** Polls `check` until it holds; throws (naming `what`) after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  options: WaitOptions = {},
): Promise<void> {
  const { timeoutMs = 30_000, what = "the condition", intervalMs = 10 } = options;
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (performance.now() > deadline) {
      const described = typeof what === "function" ? what() : what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${described}`);
    }
    await sleep(intervalMs);
  }
}
