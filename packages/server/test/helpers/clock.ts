/**
 * The clocks tests inject. `testClock` is fixed at TEST_NOW; a `manualClock` moves only when the
 * test moves it. Leases, timeouts and waits never read these: they run on real time.
 */
import { type Clock, isoSeconds } from "../../src/lib/time.js";

/** The moment seeded test data is anchored at and the fixed test clock reads. */
export const TEST_NOW = new Date("2026-11-21T10:00:00Z");

export const testClock: Clock = () => new Date(TEST_NOW);

/** The wall clock, for parts a test runs in real time. */
export const realClock: Clock = () => new Date();

export interface ManualClock extends Clock {
  /** Moves the clock to `at` (a Date or an ISO timestamp). */
  set(at: Date | string): void;
  /** Moves the clock on by `ms`; returns the new time. */
  advance(ms: number): Date;
  /** The current time in ISO seconds (`2026-11-21T14:00:00Z`). */
  iso(): string;
}

export function manualClock(start: Date | string): ManualClock {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as ManualClock;
  clock.set = (at) => {
    now = new Date(at).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
    return new Date(now);
  };
  clock.iso = () => isoSeconds(new Date(now));
  return clock;
}
