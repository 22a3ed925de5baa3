/**
 * The feed's message types (ADR-0020), as TypeBox schemas: every producer (a real feed over
 * `POST /admin/v1/feed`, `scoreline feed`, the simulator) sends these. docs/feed.md has an example
 * of each. Schemas check shape; the handlers check meaning (the fixture exists, the transition is
 * allowed) before anything is written.
 */
import { type Static, Type as T, type TSchema } from "@sinclair/typebox";
import { FIXTURE_STATUSES, SPORTS } from "../sports/types.js";

/** Producer ids: opaque, sport-scoped, safe in URLs. */
const Id = T.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]*$" });
const Text = (max = 200) => T.String({ minLength: 1, maxLength: max });
const Timestamp = T.String({
  pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
  description: "ISO 8601 with a zone, e.g. 2026-11-21T15:00:00Z",
});
const Day = T.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
const Side = T.Union([T.Literal("home"), T.Literal("away")]);
const Detail = T.Record(T.String(), T.Unknown());
const Minute = T.Integer({ minimum: 0, maximum: 100_000 });

export const MESSAGE_TYPES = [
  "competition",
  "team",
  "player",
  "fixture",
  "status",
  "event",
  "lineup",
  "statistics",
  "odds",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The frame every message shares; `data` is checked against the type's own schema. */
export const MessageFrame = T.Object({
  id: T.Optional(T.String({ minLength: 1, maxLength: 128 })),
  type: T.Union(MESSAGE_TYPES.map((t) => T.Literal(t))),
  sport: T.Union(SPORTS.map((s) => T.Literal(s))),
  data: T.Object({}, { additionalProperties: true }),
});
export type MessageFrame = Static<typeof MessageFrame>;

const Season = T.Object({
  id: Id,
  name: Text(40),
  start_date: Day,
  end_date: Day,
  /** Whether it becomes the competition's current season (default true); false: added ahead. */
  current: T.Optional(T.Boolean()),
});

const CompetitionData = T.Object({
  id: Id,
  name: Text(),
  slug: T.Optional(T.String({ minLength: 1, maxLength: 100, pattern: "^[a-z0-9][a-z0-9-]*$" })),
  country_code: T.String({ minLength: 2, maxLength: 10 }),
  country_name: T.Optional(Text(100)),
  tier: T.Optional(T.Integer({ minimum: 1, maximum: 20 })),
  type: T.Optional(
    T.Union(["league", "cup", "tournament", "meeting", "event", "tour"].map((t) => T.Literal(t))),
  ),
  gender: T.Optional(T.Union(["men", "women", "mixed"].map((g) => T.Literal(g)))),
  rules: T.Optional(Detail),
  season: T.Optional(Season),
});

const Venue = T.Object({
  name: Text(),
  city: T.Optional(Text(100)),
  capacity: T.Optional(T.Integer({ minimum: 0, maximum: 500_000 })),
});

const TeamData = T.Object({
  id: Id,
  name: Text(),
  short_name: T.Optional(Text(100)),
  abbreviation: T.Optional(T.String({ minLength: 1, maxLength: 6 })),
  kind: T.Optional(T.Union([T.Literal("team"), T.Literal("individual")])),
  country_code: T.Optional(T.String({ minLength: 2, maxLength: 10 })),
  city: T.Optional(Text(100)),
  founded: T.Optional(T.Integer({ minimum: 1800, maximum: 2100 })),
  venue: T.Optional(Venue),
  competition_id: T.Optional(Id),
  season_id: T.Optional(Id),
});

const PlayerData = T.Object({
  id: Id,
  name: Text(),
  first_name: T.Optional(Text(100)),
  last_name: T.Optional(Text(100)),
  team_id: T.Optional(T.Union([Id, T.Null()])),
  position: T.Optional(Text(40)),
  nationality: T.Optional(T.String({ minLength: 2, maxLength: 10 })),
  date_of_birth: T.Optional(Day),
  shirt_number: T.Optional(T.Integer({ minimum: 0, maximum: 999 })),
  height_cm: T.Optional(T.Integer({ minimum: 100, maximum: 250 })),
  detail: T.Optional(Detail),
});

const FixtureData = T.Object({
  id: Id,
  competition_id: Id,
  season_id: T.Optional(Id),
  round: T.Optional(T.Union([Text(100), T.Null()])),
  kickoff: Timestamp,
  home_team_id: T.Optional(T.Union([Id, T.Null()])),
  away_team_id: T.Optional(T.Union([Id, T.Null()])),
  venue: T.Optional(T.Union([Text(), T.Null()])),
  officials: T.Optional(T.Array(T.Object({ role: Text(40), name: Text() }), { maxItems: 20 })),
  broadcast: T.Optional(T.Array(T.Object({ name: Text(), country: Text(10) }), { maxItems: 50 })),
  participants: T.Optional(T.Array(Detail, { maxItems: 500 })),
  /** Only when the fixture is created: `scheduled` (default) or `tbd`. */
  status: T.Optional(T.Union([T.Literal("scheduled"), T.Literal("tbd")])),
});

const StatusData = T.Object({
  fixture_id: Id,
  status: T.Union(FIXTURE_STATUSES.map((s) => T.Literal(s))),
  period: T.Optional(T.Union([Text(40), T.Null()])),
  minute: T.Optional(T.Union([Minute, T.Null()])),
  /** `result.decided_by` when the fixture finishes (default `regulation`). */
  decided_by: T.Optional(Text(40)),
  /** `awarded` / `walkover`: the side given the win. */
  winner: T.Optional(Side),
  /** Extra `result` fields (field sports: `winner_player_id`, `text`…). */
  result: T.Optional(Detail),
  /** Why (a postponement, an interruption), kept in `fixture.updated`. */
  reason: T.Optional(Text(500)),
  /** Field sports: the whole leaderboard / running order now. */
  participants: T.Optional(T.Array(Detail, { maxItems: 500 })),
});

const EventData = T.Object({
  fixture_id: Id,
  /** `add` (default), `correct` an earlier event, or `retract` it (a disallowed goal). */
  action: T.Optional(T.Union([T.Literal("add"), T.Literal("correct"), T.Literal("retract")])),
  /** The producer's id for this match event; required to correct or retract it later. */
  event_id: T.Optional(Id),
  type: T.Optional(Text(40)),
  period: T.Optional(T.Union([Text(40), T.Null()])),
  minute: T.Optional(T.Union([Minute, T.Null()])),
  /** The side the event belongs to (whose score changes), by side or team id. */
  team: T.Optional(T.Union([Side, Id, T.Null()])),
  player_id: T.Optional(T.Union([Id, T.Null()])),
  related_player_id: T.Optional(T.Union([Id, T.Null()])),
  detail: T.Optional(Detail),
  /** Field sports: the whole leaderboard / running order after this event. */
  participants: T.Optional(T.Array(Detail, { maxItems: 500 })),
});

const LineupPlayer = T.Object({
  player_id: Id,
  name: T.Optional(Text()),
  position: T.Optional(Text(40)),
  shirt_number: T.Optional(T.Integer({ minimum: 0, maximum: 999 })),
});

const LineupData = T.Object({
  fixture_id: Id,
  team_id: Id,
  formation: T.Optional(T.Union([Text(20), T.Null()])),
  coach: T.Optional(T.Union([Text(), T.Null()])),
  starters: T.Array(LineupPlayer, { maxItems: 60 }),
  substitutes: T.Optional(T.Array(LineupPlayer, { maxItems: 60 })),
});

const StatisticsData = T.Object({
  scope: T.Union([T.Literal("team"), T.Literal("player")]),
  team_id: T.Optional(Id),
  player_id: T.Optional(Id),
  competition_id: Id,
  season_id: T.Optional(Id),
  stats: T.Record(T.String({ minLength: 1, maxLength: 60 }), T.Number()),
});

const Price = T.Union([
  T.Number({ exclusiveMinimum: 0 }),
  T.String({ minLength: 1, maxLength: 20 }),
]);

const OddsData = T.Object({
  fixture_id: Id,
  bookmaker: T.String({ minLength: 1, maxLength: 40, pattern: "^[a-z0-9][a-z0-9-]*$" }),
  bookmaker_name: T.Optional(Text(100)),
  /** A bookmaker's market name ("Match Odds", "Over/Under"); normalised to the canonical key. */
  market: Text(100),
  line: T.Optional(T.Union([T.Number(), T.Null()])),
  /** Player props: the player; otherwise empty. */
  subject: T.Optional(T.String({ maxLength: 64 })),
  format: T.Optional(
    T.Union([T.Literal("decimal"), T.Literal("fractional"), T.Literal("american")]),
  ),
  is_live: T.Optional(T.Boolean()),
  /** Selection name → price in `format` ("1"/"X"/"2", "Over", a runner id…). */
  prices: T.Record(T.String({ minLength: 1, maxLength: 64 }), Price, { minProperties: 1 }),
});

export const DATA_SCHEMAS = {
  competition: CompetitionData,
  team: TeamData,
  player: PlayerData,
  fixture: FixtureData,
  status: StatusData,
  event: EventData,
  lineup: LineupData,
  statistics: StatisticsData,
  odds: OddsData,
} as const satisfies Record<MessageType, TSchema>;

export type DataOf<K extends MessageType> = Static<(typeof DATA_SCHEMAS)[K]>;

/** A message whose frame and data have passed their schemas. */
export type FeedMessage = {
  [K in MessageType]: { id?: string; type: K; sport: MessageFrame["sport"]; data: DataOf<K> };
}[MessageType];
