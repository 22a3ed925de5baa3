/**
 * The writes every live message makes — its match event and its fixture's new live state — held
 * back for the rest of the transaction and written together: one multi-row INSERT for the match
 * events and one `UPDATE … FROM (VALUES …)` per shape of fixture change, instead of a statement
 * per message (on PostgreSQL, a round trip each).
 *
 * Nothing reads these two tables behind the buffer's back: `Batch` hands out a transaction that
 * cannot name them (`UnbufferedTables`), and the whole transaction only through `Batch.flushed()`,
 * which writes the buffer first. So every statement still sees the writes of the messages before
 * it, in their order, and the last flush happens before the domain events are logged.
 */
import { type Expression, type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Dialect } from "../store/database.js";
import type { Tables } from "../store/tables.js";
import { insertRows, MAX_PARAMETERS } from "../store/write-dataset.js";

/** The tables whose writes the buffer holds back. */
type BufferedTable = "fixtures" | "match_events";

/** The tables a handler may use directly, without flushing the buffer first. */
export type UnbufferedTables = Omit<Tables, BufferedTable>;

type MatchEventRow = Insertable<Tables["match_events"]>;

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

/** Live columns stored as integers: a `VALUES` list is untyped text on PostgreSQL, so these are cast. */
const INTEGER_COLUMNS = new Set(["minute", "home_score", "away_score", "sequence"]);

/** Where the buffer stood before a message: what `rollback` returns to when it is rejected. */
export interface BufferMark {
  matchEvents: number;
  fixtureChanges: number;
}

export class WriteBuffer {
  private matchEvents: MatchEventRow[] = [];
  private fixtureChanges: Array<{ id: string; change: FixtureChange }> = [];
  /** Rows already written by earlier flushes (marks count every row ever buffered). */
  private flushedMatchEvents = 0;
  private flushedFixtureChanges = 0;
  /** Ids of the match events this transaction inserts, written or not. */
  private readonly matchEventIds = new Set<string>();

  constructor(private readonly dialect: Dialect) {}

  insertMatchEvent(row: MatchEventRow): void {
    this.matchEvents.push(row);
    this.matchEventIds.add(row.id);
  }

  /** Columns of one fixture to set; a later change of the same column wins. */
  updateFixture(id: string, change: FixtureChange): void {
    this.fixtureChanges.push({ id, change });
  }

  /** Whether this transaction has inserted the match event (flushed or still buffered). */
  hasMatchEvent(id: string): boolean {
    return this.matchEventIds.has(id);
  }

  /** Whether changes to the fixture are waiting to be written. */
  hasPendingFixture(id: string): boolean {
    return this.fixtureChanges.some((c) => c.id === id);
  }

  get pending(): boolean {
    return this.matchEvents.length > 0 || this.fixtureChanges.length > 0;
  }

  mark(): BufferMark {
    return {
      matchEvents: this.flushedMatchEvents + this.matchEvents.length,
      fixtureChanges: this.flushedFixtureChanges + this.fixtureChanges.length,
    };
  }

  /**
   * Forgets what was buffered since the mark (a message that was rejected). Writes already
   * flushed cannot be taken back: a handler must check everything before it writes, and one
   * that rejects after its writes reached the database fails the whole transaction instead.
   */
  rollback(mark: BufferMark): void {
    const keepEvents = mark.matchEvents - this.flushedMatchEvents;
    const keepChanges = mark.fixtureChanges - this.flushedFixtureChanges;
    if (keepEvents < 0 || keepChanges < 0) {
      throw new Error("a rejected feed message's writes were already flushed");
    }
    for (const row of this.matchEvents.splice(keepEvents)) this.matchEventIds.delete(row.id);
    this.fixtureChanges.splice(keepChanges);
  }

  /** Writes everything buffered, in as few statements as the parameter limit allows. */
  async flush(trx: Kysely<Tables>): Promise<void> {
    const events = this.matchEvents;
    const changes = this.fixtureChanges;
    this.matchEvents = [];
    this.fixtureChanges = [];
    this.flushedMatchEvents += events.length;
    this.flushedFixtureChanges += changes.length;
    await insertRows(trx, "match_events", events, MAX_PARAMETERS[this.dialect]);
    for (const group of byShape(merged(changes))) await this.updateFixtures(trx, group);
  }

  /** One `UPDATE fixtures … FROM (VALUES …)` per chunk of fixtures that change the same columns. */
  private async updateFixtures(
    trx: Kysely<Tables>,
    rows: ReadonlyArray<{ id: string; change: FixtureChange }>,
  ): Promise<void> {
    const first = rows[0];
    if (first === undefined) return;
    const columns = Object.keys(first.change) as Array<keyof FixtureChange>;
    if (columns.length === 0) return;
    const perStatement = Math.floor(MAX_PARAMETERS[this.dialect] / (columns.length + 1));
    // VALUES columns are named column1, column2… in both dialects: column1 is the fixture id.
    const set = Object.fromEntries(
      columns.map((column, i) => {
        const value = sql.ref(`v.column${i + 2}`);
        return [column, INTEGER_COLUMNS.has(column) ? sql`cast(${value} as integer)` : value];
      }),
    ) as Partial<Record<keyof FixtureChange, Expression<never>>>;
    for (let start = 0; start < rows.length; start += perStatement) {
      const values = sql.join(
        rows
          .slice(start, start + perStatement)
          .map(({ id, change }) => sql`(${sql.join([id, ...columns.map((c) => change[c])])})`),
      );
      await trx
        .updateTable("fixtures")
        .from(sql`(values ${values})`.as("v"))
        .set(set)
        .where(sql.ref("fixtures.id"), "=", sql.ref("v.column1"))
        .execute();
    }
  }
}

/** One change per fixture: its changes in order, later columns over earlier ones. */
function merged(
  changes: ReadonlyArray<{ id: string; change: FixtureChange }>,
): Map<string, FixtureChange> {
  const byFixture = new Map<string, FixtureChange>();
  for (const { id, change } of changes) {
    const set = Object.entries(change).filter(([, value]) => value !== undefined);
    byFixture.set(id, { ...byFixture.get(id), ...Object.fromEntries(set) });
  }
  return byFixture;
}

/** The merged changes grouped by the columns they set (one statement shape per group). */
function byShape(
  changes: Map<string, FixtureChange>,
): Array<Array<{ id: string; change: FixtureChange }>> {
  const groups = new Map<string, Array<{ id: string; change: FixtureChange }>>();
  for (const [id, change] of changes) {
    const ordered = Object.fromEntries(
      Object.entries(change).sort(([a], [b]) => (a < b ? -1 : 1)),
    ) as FixtureChange;
    const shape = Object.keys(ordered).join(",");
    const group = groups.get(shape) ?? [];
    group.push({ id, change: ordered });
    groups.set(shape, group);
  }
  return [...groups.values()];
}
