/**
 * The writes live messages make most — match events, fixtures' new live state, and price lines —
 * held back for the rest of the transaction and written together: one multi-row INSERT per table
 * and one `UPDATE … FROM (VALUES …)` per shape of change (`store/keyed-update.ts`), instead of a
 * statement per message (on PostgreSQL, a round trip each).
 *
 * Nothing reads these tables behind the buffer's back: `Batch` hands out a transaction that
 * cannot name them (`UnbufferedTables`), and the whole transaction only through `Batch.flushed()`,
 * which writes the buffer first. So every statement still sees the writes of the messages before
 * it, in their order, and the last flush happens before the domain events are logged. The prices
 * a later message compares with come from the batch's own copy of the lines (`odds-lines.ts`).
 */
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Dialect } from "../store/database.js";
import { type KeyedChange, type KeyedTable, updateKeyed } from "../store/keyed-update.js";
import type { Tables } from "../store/tables.js";
import { insertRows, MAX_PARAMETERS } from "../store/write-dataset.js";

/** The tables whose writes the buffer holds back. */
type BufferedTable = "fixtures" | "match_events" | "odds";

/** The tables a handler may use directly, without flushing the buffer first. */
export type UnbufferedTables = Omit<Tables, BufferedTable>;

type MatchEventRow = Insertable<Tables["match_events"]>;
export type OddsRow = Insertable<Tables["odds"]>;

/** A fixture's live columns: what messages change after the fixture exists. */
type FixtureChange = Pick<
  Updateable<Tables["fixtures"]>,
  | "status"
  | "period"
  | "minute"
  | "score"
  | "home_score"
  | "away_score"
  | "participants"
  | "result"
  | "last_event"
  | "sequence"
  | "updated_at"
>;

/** What a new price changes on its line's row. */
export type PriceChange = Pick<
  Updateable<Tables["odds"]>,
  "price" | "updated_at" | "is_live" | "reference_price"
>;

/** A price line's row: fixture, bookmaker, market key, selection (the table's primary key). */
export type OddsKey = readonly [string, string, string, string];

const FIXTURES: KeyedTable = {
  table: "fixtures",
  keyColumns: ["id"],
  casts: { minute: "integer", home_score: "integer", away_score: "integer", sequence: "integer" },
};

const ODDS: KeyedTable = {
  table: "odds",
  keyColumns: ["fixture_id", "bookmaker", "market_key", "selection"],
  casts: { price: "double precision", reference_price: "double precision", is_live: "integer" },
};

/** Where the buffer stood before a message: what `rollback` returns to when it is rejected. */
export type BufferMark = readonly number[];

/** Rows of one kind, in order; rows flushed are counted so that marks stay comparable. */
class Queue<T> {
  pending: T[] = [];
  flushed = 0;

  mark(): number {
    return this.flushed + this.pending.length;
  }

  /** The rows buffered since the mark, removed (the caller checks none was written yet). */
  rollback(mark: number): T[] {
    return this.pending.splice(mark - this.flushed);
  }

  take(): T[] {
    const rows = this.pending;
    this.pending = [];
    this.flushed += rows.length;
    return rows;
  }
}

export class WriteBuffer {
  private readonly matchEvents = new Queue<MatchEventRow>();
  private readonly fixtureChanges = new Queue<KeyedChange>();
  private readonly oddsInserts = new Queue<OddsRow>();
  private readonly oddsChanges = new Queue<KeyedChange>();
  private readonly queues = [
    this.matchEvents,
    this.fixtureChanges,
    this.oddsInserts,
    this.oddsChanges,
  ] as const;
  /** Ids of the match events this transaction inserts, written or not. */
  private readonly matchEventIds = new Set<string>();

  constructor(private readonly dialect: Dialect) {}

  insertMatchEvent(row: MatchEventRow): void {
    this.matchEvents.pending.push(row);
    this.matchEventIds.add(row.id);
  }

  /** Columns of one fixture to set; a later change of the same column wins. */
  updateFixture(id: string, change: FixtureChange): void {
    this.fixtureChanges.pending.push({ key: [id], change });
  }

  /** A price line's new row. */
  insertOdds(row: OddsRow): void {
    this.oddsInserts.pending.push(row);
  }

  /** A price line's row to change (one inserted earlier in the transaction too). */
  updateOdds(key: OddsKey, change: PriceChange): void {
    this.oddsChanges.pending.push({ key, change });
  }

  /** Whether this transaction has inserted the match event (flushed or still buffered). */
  hasMatchEvent(id: string): boolean {
    return this.matchEventIds.has(id);
  }

  /** Whether changes to the fixture are waiting to be written. */
  hasPendingFixture(id: string): boolean {
    return this.fixtureChanges.pending.some((c) => c.key[0] === id);
  }

  get pending(): boolean {
    return this.queues.some((queue) => queue.pending.length > 0);
  }

  mark(): BufferMark {
    return this.queues.map((queue) => queue.mark());
  }

  /**
   * Forgets what was buffered since the mark (a message that was rejected). Writes already
   * flushed cannot be taken back: a handler must check everything before it writes, and one
   * that rejects after its writes reached the database fails the whole transaction instead.
   */
  rollback(mark: BufferMark): void {
    // Every queue is checked before any is changed.
    if (this.queues.some((queue, i) => (mark[i] ?? 0) < queue.flushed)) {
      throw new Error("a rejected feed message's writes were already flushed");
    }
    const [events, ...others] = this.queues;
    for (const row of events.rollback(mark[0] ?? 0)) this.matchEventIds.delete(row.id);
    for (const [i, queue] of others.entries()) queue.rollback(mark[i + 1] ?? 0);
  }

  /** Writes everything buffered, in as few statements as the parameter limit allows. */
  async flush(trx: Kysely<Tables>): Promise<void> {
    const max = MAX_PARAMETERS[this.dialect];
    const [events, fixtures, inserts, prices] = [
      this.matchEvents.take(),
      this.fixtureChanges.take(),
      this.oddsInserts.take(),
      this.oddsChanges.take(),
    ];
    await insertRows(trx, "match_events", events, max);
    await updateKeyed(trx, FIXTURES, fixtures, max);
    // New lines first: a price may change again in the transaction that opened its line.
    await insertRows(trx, "odds", inserts, max);
    await updateKeyed(trx, ODDS, prices, max);
  }
}
