/**
 * Test helpers around a ScorelineStream: everything its listeners receive, kept in order, and
 * manual timers for driving reconnections without waiting.
 */

import { waitFor } from "../../../server/test/helpers/wait.js";
import type { ScorelineStream, StreamEventMap, StreamTimers } from "../../src/stream/index.js";

export type Recorded = { [K in keyof StreamEventMap]: StreamEventMap[K][] };

/** Records every listener call of `stream`. */
export function record(stream: ScorelineStream): Recorded {
  const log: Recorded = { open: [], event: [], gap: [], reconnecting: [], error: [], close: [] };
  const names = Object.keys(log) as (keyof StreamEventMap)[];
  for (const name of names) {
    stream.on(name, (value) => (log[name] as unknown[]).push(value));
  }
  return log;
}

/** Waits until `log[name]` holds at least `count` entries; returns them. */
export async function seen<K extends keyof StreamEventMap>(
  log: Recorded,
  name: K,
  count = 1,
): Promise<StreamEventMap[K][]> {
  await waitFor(() => log[name].length >= count, {
    what: () => `${count} "${String(name)}" (got ${JSON.stringify(log[name])})`,
  });
  return log[name] as StreamEventMap[K][];
}

/** Timers that run nothing until the test says so; every delay asked for is kept. */
export class ManualTimers implements StreamTimers {
  readonly delays: number[] = [];
  readonly cleared: unknown[] = [];
  private readonly due = new Map<number, () => void>();
  private next = 1;

  setTimeout(callback: () => void, ms: number): unknown {
    this.delays.push(ms);
    const handle = this.next++;
    this.due.set(handle, callback);
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.cleared.push(handle);
    this.due.delete(handle as number);
  }

  get pending(): number {
    return this.due.size;
  }

  /** Runs every timer due (as if its delay had passed). */
  runAll(): void {
    const callbacks = [...this.due.values()];
    this.due.clear();
    for (const callback of callbacks) callback();
  }
}

/** Timers that keep the delays asked for but fire at once. */
export function immediateTimers(delays: number[]): StreamTimers {
  return {
    setTimeout: (callback, ms) => {
      delays.push(ms);
      return setTimeout(callback, 0);
    },
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
