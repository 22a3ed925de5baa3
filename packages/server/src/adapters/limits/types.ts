/**
 * Rate-limit and quota counters (ADR-0012): fixed windows aligned to the UTC wall clock,
 * counted per key. `memory` for one process, `redis` for several nodes; same semantics.
 */

export type WindowName = "minute" | "hour" | "day" | "month";

interface WindowSpec {
  name: WindowName;
  /** null = unlimited. */
  limit: number | null;
}

export interface HitWindowSpec extends WindowSpec {
  /** Keep counting past the limit instead of blocking (billed overage on the month quota). */
  allowOverage?: boolean;
}

export interface WindowCount {
  name: WindowName;
  limit: number | null;
  /** Calls counted in this window, including this one when it was allowed. */
  used: number;
  /** max(0, limit − used), or null when unlimited. */
  remaining: number | null;
  /** Unix seconds of the window's end. */
  resetAt: number;
}

export interface CountResult {
  /** false when a window was exhausted; the call was not counted then. */
  allowed: boolean;
  windows: WindowCount[];
  /** The exhausted window that ends last (the one that decides when a retry can succeed). */
  blockedBy: WindowName | null;
  /** Whole seconds (≥ 1) until the blocking window ends. */
  retryAfterSeconds: number | null;
}

export interface LimitStore {
  /**
   * Atomically: check every window of `key` at `now`; if none is exhausted (a window with
   * `allowOverage` never blocks), count one call in all of them. A refused call is not counted.
   */
  hit(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult>;
  /** The same without a promise, for a store that answers in-process (memory). */
  hitNow?(key: string, windows: readonly HitWindowSpec[], now: Date): CountResult;
  /** Current counts without counting; `allowed` tells whether a hit now would be allowed. */
  peek(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult>;
  /** Rejects unless the shared counters answer now (readiness); absent for in-process ones. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
