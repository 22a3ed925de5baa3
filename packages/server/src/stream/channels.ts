/**
 * Stream channels (ADR-0017) and which domain events belong to each. Pure code: the fan-out
 * uses `channelsOf` for live events, the replay uses `channelQuery` + `belongsTo` on the log, so
 * a replayed channel holds exactly what the live channel would have carried.
 *
 * | channel              | events                                                             |
 * |----------------------|--------------------------------------------------------------------|
 * | `{sport}.live`       | match.started, match.live.event, match.goal, match.finished,       |
 * |                      | fixture.finished, fixture.updated when the live state changed      |
 * |                      | (`changes` has status, period, score or participants)              |
 * | `{sport}.odds`       | odds.changed, odds.moved (plans with odds)                         |
 * | `{sport}.fixtures`   | fixture.updated (every change), fixture.finished                   |
 * | `fixture.{id}`       | every event of that fixture (odds events only for plans with odds) |
 */
import type { DomainEvent, EventType } from "../events/domain-event.js";
import { isSport } from "../sports/registry.js";
import type { Sport } from "../sports/types.js";

export type Channel =
  | { kind: "live" | "odds" | "fixtures"; sport: Sport; name: string }
  | { kind: "fixture"; fixtureId: string; name: string };

/** Channel names are at most this long (`fixture.` + a 64-character id fits). */
const MAX_CHANNEL_NAME = 128;

const FIXTURE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

const LIVE_TYPES: readonly EventType[] = [
  "match.started",
  "match.live.event",
  "match.goal",
  "match.finished",
  "fixture.finished",
  "fixture.updated",
];
const ODDS_TYPES: readonly EventType[] = ["odds.changed", "odds.moved"];
const FIXTURES_TYPES: readonly EventType[] = ["fixture.updated", "fixture.finished"];

/** The `fixture.updated` changes that are live state (the rest are schedule and lineups). */
const LIVE_CHANGES = new Set(["status", "period", "score", "participants"]);

export function isOddsEvent(type: string): boolean {
  return type === "odds.changed" || type === "odds.moved";
}

/** A fixture id as the feed accepts it (1–64 letters, digits and `_ . : -`). */
export function isFixtureId(value: string): boolean {
  return FIXTURE_ID.test(value);
}

/** The parsed channel, or null when the name is not a channel (unknown sport or kind). */
export function parseChannel(name: string): Channel | null {
  if (name.length === 0 || name.length > MAX_CHANNEL_NAME) return null;
  if (name.startsWith("fixture.")) {
    const fixtureId = name.slice("fixture.".length);
    return isFixtureId(fixtureId) ? { kind: "fixture", fixtureId, name } : null;
  }
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return null;
  const sport = name.slice(0, dot);
  const kind = name.slice(dot + 1);
  if (!isSport(sport)) return null;
  if (kind !== "live" && kind !== "odds" && kind !== "fixtures") return null;
  return { kind, sport, name };
}

function isLiveUpdate(event: DomainEvent): boolean {
  const changes = event.payload.changes;
  return Array.isArray(changes) && changes.some((c) => LIVE_CHANGES.has(String(c)));
}

/** Whether `event` belongs on `channel` (for `fixture.{id}`: with or without odds events). */
export function belongsTo(channel: Channel, event: DomainEvent, includeOdds = true): boolean {
  switch (channel.kind) {
    case "live":
      return (
        event.sport === channel.sport &&
        LIVE_TYPES.includes(event.type) &&
        (event.type !== "fixture.updated" || isLiveUpdate(event))
      );
    case "odds":
      return event.sport === channel.sport && ODDS_TYPES.includes(event.type);
    case "fixtures":
      return event.sport === channel.sport && FIXTURES_TYPES.includes(event.type);
    case "fixture":
      return event.fixtureId === channel.fixtureId && (includeOdds || !isOddsEvent(event.type));
  }
}

/**
 * The names of the channels a live event goes to (the fan-out's index keys). The fixture
 * channel is listed for odds events too; subscribers without odds skip them.
 */
export function channelsOf(event: DomainEvent): string[] {
  const names: string[] = [];
  const sport = event.sport;
  if (ODDS_TYPES.includes(event.type)) names.push(`${sport}.odds`);
  else {
    if (
      LIVE_TYPES.includes(event.type) &&
      (event.type !== "fixture.updated" || isLiveUpdate(event))
    )
      names.push(`${sport}.live`);
    if (FIXTURES_TYPES.includes(event.type)) names.push(`${sport}.fixtures`);
  }
  if (event.fixtureId !== null) names.push(`fixture.${event.fixtureId}`);
  return names;
}

/**
 * The log rows a channel may hold, as a column filter on `domain_events` (a superset for
 * `{sport}.live`, whose `fixture.updated` rows `belongsTo` narrows).
 */
export function channelQuery(
  channel: Channel,
  includeOdds = true,
): {
  sport?: Sport;
  fixtureId?: string;
  types?: readonly EventType[];
  excludeTypes?: readonly EventType[];
} {
  switch (channel.kind) {
    case "live":
      return { sport: channel.sport, types: LIVE_TYPES };
    case "odds":
      return { sport: channel.sport, types: ODDS_TYPES };
    case "fixtures":
      return { sport: channel.sport, types: FIXTURES_TYPES };
    case "fixture":
      return includeOdds
        ? { fixtureId: channel.fixtureId }
        : { fixtureId: channel.fixtureId, excludeTypes: ODDS_TYPES };
  }
}
