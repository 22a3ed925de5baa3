/**
 * A client clock that never waits: `sleep` records how long the client asked to wait and
 * resolves at once (or, with `hold`, waits until the test releases it or the signal aborts).
 */
import type { Clock } from "../../src/core/runtime.js";

export class TestClock implements Clock {
  readonly sleeps: number[] = [];
  private held: Array<() => void> = [];

  constructor(
    private nowMs = Date.parse("2026-11-25T10:00:00Z"),
    private readonly hold = false,
  ) {}

  now(): number {
    return this.nowMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.nowMs += ms;
    if (!this.hold) return Promise.resolve();
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      this.held.push(resolve);
    });
  }

  /** Ends every held sleep. */
  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}
