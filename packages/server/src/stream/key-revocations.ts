/**
 * Closes the connections of a key that stops being valid, within a second (docs/stream.md):
 *
 * - a `key.revoked` notice on the bus (the revoking process announces it; with Redis every node
 *   hears it) closes the key's connections at once, or at the revocation's time with a timer;
 * - a check every `intervalMs` (one indexed query for the keys this node's connections hold,
 *   and nothing when there are none) catches what no notice announced: expiries, a revocation
 *   written by a process on another bus (a CLI beside a SQLite server), a notice lost while
 *   Redis was away.
 */
import { keysNoLongerValid } from "../accounts/accounts-service.js";
import type { BusNotice, EventBus } from "../adapters/bus/event-bus.js";
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";

/** setTimeout's longest delay; a later revocation is left to the periodic check. */
const MAX_TIMER_MS = 2_147_483_647;

export interface KeyRevocationsOptions<C> {
  store: Store;
  bus: EventBus;
  clock: Clock;
  /** How often the held keys are checked against the database. */
  intervalMs: number;
  /** Closes one connection whose key is no longer valid. */
  close: (connection: C) => void;
  onError: (error: unknown) => void;
}

export class KeyRevocations<C> {
  private readonly byKey = new Map<string, Set<C>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly unsubscribe: () => void;
  private readonly interval: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly options: KeyRevocationsOptions<C>) {
    this.unsubscribe = options.bus.subscribeNotices((notice) => this.hear(notice));
    this.interval = setInterval(() => void this.check(), options.intervalMs);
    this.interval.unref();
  }

  /** A connection opened with this key. */
  add(keyId: string, connection: C): void {
    let connections = this.byKey.get(keyId);
    if (connections === undefined) {
      connections = new Set();
      this.byKey.set(keyId, connections);
    }
    connections.add(connection);
  }

  /** The connection closed. */
  remove(keyId: string, connection: C): void {
    const connections = this.byKey.get(keyId);
    if (connections === undefined) return;
    connections.delete(connection);
    if (connections.size > 0) return;
    this.byKey.delete(keyId);
    clearTimeout(this.timers.get(keyId));
    this.timers.delete(keyId);
  }

  /** Checks every held key now; resolves when done (the interval calls it). */
  async check(): Promise<void> {
    if (this.checking || this.byKey.size === 0) return;
    this.checking = true;
    try {
      const invalid = await keysNoLongerValid(
        { store: this.options.store, clock: this.options.clock },
        [...this.byKey.keys()],
      );
      for (const keyId of invalid) this.closeKey(keyId);
    } catch (error) {
      // The database is away: the connections stay, and the next check tries again.
      this.options.onError(error);
    } finally {
      this.checking = false;
    }
  }

  stop(): void {
    this.unsubscribe();
    clearInterval(this.interval);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private hear(notice: BusNotice): void {
    if (notice.type !== "key.revoked" || !this.byKey.has(notice.key_id)) return;
    const delay = Date.parse(notice.at) - this.options.clock().getTime();
    if (!(delay > 0)) {
      this.closeKey(notice.key_id);
      return;
    }
    if (delay > MAX_TIMER_MS) return;
    clearTimeout(this.timers.get(notice.key_id));
    const timer = setTimeout(() => this.closeKey(notice.key_id), delay);
    timer.unref();
    this.timers.set(notice.key_id, timer);
  }

  private closeKey(keyId: string): void {
    const connections = this.byKey.get(keyId);
    if (connections === undefined) return;
    for (const connection of [...connections]) this.options.close(connection);
  }
}
