/**
 * What the stream reads from the durable event log (`domain_events`): a channel's events after
 * an offset (recovery), a range of positions (filling a gap in the bus), the log's bounds, and
 * the sport of a fixture (for `fixture.{id}` channels).
 */
import type { Kysely } from "kysely";
import type { DomainEvent } from "../events/domain-event.js";
import { toDomainEvent } from "../live/event-log.js";
import type { Sport } from "../sports/types.js";
import type { Tables } from "../store/tables.js";
import { belongsTo, type Channel, channelQuery } from "./channels.js";

export interface ChannelPage {
  /** The channel's events in the page, oldest first. */
  events: DomainEvent[];
  /** The last log position the page looked at (the next page starts after it). */
  last: number;
  /** true when the log held no more rows for the channel's filter. */
  done: boolean;
}

/** One page of a channel's events with positions after `after`. */
export async function readChannelPage(
  db: Kysely<Tables>,
  channel: Channel,
  includeOdds: boolean,
  after: number,
  limit: number,
): Promise<ChannelPage> {
  const filter = channelQuery(channel, includeOdds);
  let query = db.selectFrom("domain_events").selectAll().where("position", ">", after);
  if (filter.sport !== undefined) query = query.where("sport", "=", filter.sport);
  if (filter.fixtureId !== undefined) query = query.where("fixture_id", "=", filter.fixtureId);
  if (filter.types !== undefined) query = query.where("type", "in", [...filter.types]);
  if (filter.excludeTypes !== undefined)
    query = query.where("type", "not in", [...filter.excludeTypes]);
  const rows = await query.orderBy("position").limit(limit).execute();
  const events = rows.map(toDomainEvent);
  return {
    events: events.filter((event) => belongsTo(channel, event, includeOdds)),
    last: events.at(-1)?.position ?? after,
    done: rows.length < limit,
  };
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

/** The fixture's sport, or undefined when no fixture has that id. */
export async function fixtureSport(db: Kysely<Tables>, id: string): Promise<Sport | undefined> {
  const row = await db
    .selectFrom("fixtures")
    .select("sport")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.sport as Sport | undefined;
}
