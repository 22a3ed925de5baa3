/**
 * The embedded LimitStore: counters in a Map, one per key and window. A single process, so
 * JavaScript's single thread makes each `hit` atomic. Counters of ended windows are swept every
 * `sweepEvery` hits, so the Map holds little more than the live windows.
 */
import { buildCountResult, wouldAllow } from "./count-result.js";
import type { CountResult, HitWindowSpec, LimitStore } from "./types.js";
import { windowSpan } from "./windows.js";

export interface MemoryLimitStoreOptions {
  /** Sweep ended windows once per this many hits (default 1000). */
  sweepEvery?: number;
}

interface Counter {
  count: number;
  /** Epoch ms of the window's end; the counter is dropped after it. */
  endsAt: number;
}

export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, Counter>();
  private readonly sweepEvery: number;
  private hitsSinceSweep = 0;

  constructor(options: MemoryLimitStoreOptions = {}) {
    this.sweepEvery = Math.max(1, options.sweepEvery ?? 1000);
  }

  /** Number of counters held (for tests and diagnostics). */
  get size(): number {
    return this.counters.size;
  }

  async hit(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult> {
    return this.hitNow(key, windows, now);
  }

  hitNow(key: string, windows: readonly HitWindowSpec[], now: Date): CountResult {
    this.maybeSweep(now);
    const ids = windows.map((window) => counterId(key, window, now));
    const before = ids.map((id) => this.counters.get(id)?.count ?? 0);
    if (!wouldAllow(windows, before)) return buildCountResult(windows, before, now, false);

    const after = windows.map((window, i) => {
      const id = ids[i] ?? counterId(key, window, now);
      const counter = this.counters.get(id);
      if (counter !== undefined) return ++counter.count;
      this.counters.set(id, { count: 1, endsAt: windowSpan(window.name, now).endMs });
      return 1;
    });
    return buildCountResult(windows, after, now, true);
  }

  async peek(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult> {
    const used = windows.map(
      (window) => this.counters.get(counterId(key, window, now))?.count ?? 0,
    );
    return buildCountResult(windows, used, now, wouldAllow(windows, used));
  }

  /**
   * Sets a window's count for `key` at `now` (the month's quota rebuilt from the usage ledger
   * at start). Counts already made in the window are kept when higher.
   */
  restore(key: string, window: HitWindowSpec, count: number, now: Date): void {
    const id = counterId(key, window, now);
    const current = this.counters.get(id)?.count ?? 0;
    this.counters.set(id, {
      count: Math.max(current, count),
      endsAt: windowSpan(window.name, now).endMs,
    });
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private maybeSweep(now: Date): void {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < this.sweepEvery) return;
    this.hitsSinceSweep = 0;
    const nowMs = now.getTime();
    for (const [id, counter] of this.counters) {
      if (counter.endsAt <= nowMs) this.counters.delete(id);
    }
  }
}

function counterId(key: string, window: HitWindowSpec, now: Date): string {
  return `${key}\u0000${windowSpan(window.name, now).suffix}`;
}
