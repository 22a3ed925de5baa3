/**
 * The durable domain event log: a batch's events are inserted in the batch's transaction, so an
 * event exists exactly when the state change it announces does. Log positions come back from
 * the insert. Readers — the stream's recovery and gap filling — page through it by position; its
 * epoch names this log, so offsets from another database are recognised.
 */
import { randomBytes } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DomainEvent, EventPayload, EventType } from "../events/domain-event.js";
import { isoSeconds } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import { parseJson } from "../store/json-columns.js";
import type { DomainEventsTable, Tables } from "../store/tables.js";
import type { PendingEvent } from "./batch.js";

const CHUNK = 500;

export async function appendEvents(
  trx: Transaction<Tables>,
  pending: readonly PendingEvent[],
): Promise<DomainEvent[]> {
  const positions = new Map<string, number>();
  for (let start = 0; start < pending.length; start += CHUNK) {
    const chunk = pending.slice(start, start + CHUNK);
    const rows = await trx
      .insertInto("domain_events")
      .values(
        chunk.map((e) => ({
          id: e.id,
          type: e.type,
          sport: e.sport,
          fixture_id: e.fixtureId,
          competition_id: e.competitionId,
          sequence: e.sequence,
          payload: JSON.stringify(e.payload),
          created_at: e.createdAt,
        })),
      )
      .returning(["id", "position"])
      .execute();
    for (const row of rows) positions.set(row.id, Number(row.position));
  }
  return pending.map((e) => ({ ...e, position: positions.get(e.id) ?? 0 }));
}

/** Which events a reader wants: all of them, or those of a sport, a fixture, some types. */
export interface LogFilter {
  sport?: Sport;
  fixtureId?: string;
  types?: readonly EventType[];
  excludeTypes?: readonly EventType[];
}

export interface LogPage {
  /** The page's events, oldest first. */
  events: DomainEvent[];
  /** The last log position the page looked at (the next page starts after it). */
  last: number;
  /** true when the log held no more rows for the filter. */
  done: boolean;
}

/** One page of the filter's events with positions after `after` (a consumer catching up). */
export async function readLogPage(
  db: Kysely<Tables>,
  filter: LogFilter,
  after: number,
  limit: number,
): Promise<LogPage> {
  let query = db.selectFrom("domain_events").selectAll().where("position", ">", after);
  if (filter.sport !== undefined) query = query.where("sport", "=", filter.sport);
  if (filter.fixtureId !== undefined) query = query.where("fixture_id", "=", filter.fixtureId);
  if (filter.types !== undefined) query = query.where("type", "in", [...filter.types]);
  if (filter.excludeTypes !== undefined)
    query = query.where("type", "not in", [...filter.excludeTypes]);
  const rows = await query.orderBy("position").limit(limit).execute();
  const events = rows.map(toDomainEvent);
  return { events, last: events.at(-1)?.position ?? after, done: rows.length < limit };
}

/** Every event with `after < position < before`, oldest first (at most `limit`). */
export async function readLogRange(
  db: Kysely<Tables>,
  after: number,
  before: number,
  limit: number,
): Promise<DomainEvent[]> {
  const rows = await db
    .selectFrom("domain_events")
    .selectAll()
    .where("position", ">", after)
    .where("position", "<", before)
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map(toDomainEvent);
}

/** The lowest and highest log positions (0 and 0 for an empty log). */
export async function logBounds(db: Kysely<Tables>): Promise<{ first: number; last: number }> {
  const row = await db
    .selectFrom("domain_events")
    .select((eb) => [eb.fn.min("position").as("first"), eb.fn.max("position").as("last")])
    .executeTakeFirst();
  return { first: Number(row?.first ?? 0), last: Number(row?.last ?? 0) };
}

/** A `domain_events` row as the event it records. */
function toDomainEvent(row: Selectable<DomainEventsTable>): DomainEvent {
  return {
    position: Number(row.position),
    id: row.id,
    type: row.type as EventType,
    sport: row.sport as Sport,
    fixtureId: row.fixture_id,
    competitionId: row.competition_id,
    sequence: Number(row.sequence),
    payload: parseJson<EventPayload>(row.payload) as EventPayload,
    createdAt: row.created_at,
  };
}

/**
 * The log's epoch: a random name given to this event log when it is first asked for (kept in
 * `store_meta`). Offsets (log positions) are comparable only within one epoch; a client resuming
 * with another epoch's offset — the database was replaced or reset — cannot be caught up.
 */
export async function logEpoch(db: Kysely<Tables>): Promise<string> {
  const row = await db
    .selectFrom("store_meta")
    .select("value")
    .where("key", "=", "event_log_epoch")
    .executeTakeFirst();
  if (row !== undefined) return row.value;
  const epoch = `ep_${randomBytes(8).toString("hex")}`;
  await db
    .insertInto("store_meta")
    .values({ key: "event_log_epoch", value: epoch, updated_at: isoSeconds(new Date()) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const stored = await db
    .selectFrom("store_meta")
    .select("value")
    .where("key", "=", "event_log_epoch")
    .executeTakeFirstOrThrow();
  return stored.value;
}
