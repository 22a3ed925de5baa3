/**
 * The usage ledger's write side (ADR-0030): each answered call is added to an in-memory buffer
 * (a Map increment, no I/O), and the buffer goes to `usage_hours` in one transaction every few
 * seconds and at shutdown. The keys' "last used" times ride along, to the minute. A flush that
 * fails puts its rows back, so a database hiccup delays counts and never loses them.
 */
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import type { StatusClass } from "./status-class.js";

export interface UsageCall {
  keyId: string;
  accountId: string;
  /** A sport slug, or "" for calls outside one. */
  sport: string;
  resource: string;
  statusClass: StatusClass;
}

export interface LedgerRow extends UsageCall {
  /** `2026-11-24T13` */
  hour: string;
  calls: number;
}

export interface UsageLedgerOptions {
  /** How often the buffer is written (default 5 s). */
  flushEveryMs?: number;
  onError?: (error: unknown) => void;
}

const BATCH_ROWS = 500;

export class UsageLedger {
  private pending = new Map<string, LedgerRow>();
  private lastUsed = new Map<string, string>();
  private minuteStart = Number.NEGATIVE_INFINITY;
  private hour = "";
  private minute = "";
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushEveryMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    options: UsageLedgerOptions = {},
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 5_000;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Counts one answered call now. Synchronous and allocation-light: it runs on every request. */
  record(call: UsageCall): void {
    const now = this.clock().getTime();
    if (now < this.minuteStart || now >= this.minuteStart + 60_000) this.enterMinute(now);
    const hour = this.hour;
    const id = `${call.keyId}|${hour}|${call.sport}|${call.resource}|${call.statusClass}`;
    const row = this.pending.get(id);
    if (row === undefined) this.pending.set(id, { ...call, hour, calls: 1 });
    else row.calls++;
    this.lastUsed.set(call.keyId, this.minute);
  }

  /** The hour and minute strings, made once a minute rather than once a call. */
  private enterMinute(now: number): void {
    this.minuteStart = now - (now % 60_000);
    const iso = new Date(this.minuteStart).toISOString();
    this.hour = iso.slice(0, 13);
    this.minute = `${iso.slice(0, 16)}:00Z`;
  }

  /** Rows recorded here and not yet written (reports add them to what the table holds). */
  unflushed(): readonly LedgerRow[] {
    return [...this.pending.values()];
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.flushEveryMs);
    this.timer.unref();
  }

  /** Writes the buffer now (flushes never overlap; a second caller waits for the first). */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.writeBuffer());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeBuffer(): Promise<void> {
    if (this.pending.size === 0 && this.lastUsed.size === 0) return;
    const rows = this.pending;
    const lastUsed = this.lastUsed;
    this.pending = new Map();
    this.lastUsed = new Map();
    try {
      await this.store.db.transaction().execute(async (trx) => {
        const values = [...rows.values()].map((r) => ({
          key_id: r.keyId,
          account_id: r.accountId,
          hour: r.hour,
          sport: r.sport,
          resource: r.resource,
          status_class: r.statusClass,
          calls: r.calls,
        }));
        for (let i = 0; i < values.length; i += BATCH_ROWS) {
          await trx
            .insertInto("usage_hours")
            .values(values.slice(i, i + BATCH_ROWS))
            .onConflict((oc) =>
              oc
                .columns(["key_id", "hour", "sport", "resource", "status_class"])
                .doUpdateSet((eb) => ({
                  calls: eb("usage_hours.calls", "+", eb.ref("excluded.calls")),
                })),
            )
            .execute();
        }
        for (const [keyId, at] of lastUsed) {
          await trx
            .updateTable("api_keys")
            .set({ last_used_at: at })
            .where("id", "=", keyId)
            .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", at)]))
            .execute();
        }
      });
    } catch (error) {
      this.restore(rows, lastUsed);
      throw error;
    }
  }

  /** Puts a failed flush's rows back in front of what arrived meanwhile. */
  private restore(rows: Map<string, LedgerRow>, lastUsed: Map<string, string>): void {
    for (const [id, row] of this.pending) {
      const earlier = rows.get(id);
      if (earlier === undefined) rows.set(id, row);
      else earlier.calls += row.calls;
    }
    this.pending = rows;
    for (const [keyId, at] of this.lastUsed) lastUsed.set(keyId, at);
    this.lastUsed = lastUsed;
  }
}
