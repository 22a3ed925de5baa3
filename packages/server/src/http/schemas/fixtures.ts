/** Response and query schemas of the fixture family: fixtures, results, live, standings. */
import { Type } from "@sinclair/typebox";
import { FIXTURE_STATUSES } from "../../sports/types.js";
import {
  DataSourceObject,
  DateOnly,
  Document,
  Id,
  Nullable,
  PageQuery,
  SeasonText,
  Timestamp,
} from "./common.js";

const StatusList = Type.String({
  description: `One status or a comma-separated list: ${FIXTURE_STATUSES.join(", ")}`,
  examples: ["scheduled", "live,finished"],
});

/** Filters shared by fixtures, results and history; both vocabularies. */
export const FixtureFilterQuery = {
  date: Type.Optional(DateOnly),
  date_from: Type.Optional(DateOnly),
  date_to: Type.Optional(DateOnly),
  league: Type.Optional(Type.String({ minLength: 1, description: "Competition slug or id" })),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  team: Type.Optional(Type.String({ minLength: 1, description: "Team slug or id" })),
  team_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of team" })),
  season: Type.Optional(SeasonText),
  status: Type.Optional(StatusList),
  updated_since: Type.Optional(Timestamp),
};

/** `timezone` (ADR-0042), saying what it changes on the endpoint at hand. */
function timeZoneParam(effect: string) {
  return Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: `An IANA time zone name (case ignored; answered in its canonical spelling): ${effect}. Stored timestamps stay UTC.`,
      examples: ["Europe/London", "Asia/Kolkata", "UTC"],
    }),
  );
}

/** `timezone` on lists with date filters: local days, local kickoffs. */
export const TimeZoneQuery = {
  timezone: timeZoneParam(
    "`date`, `date_from` and `date_to` (and the default window) become that zone's calendar days, and each item gains `kickoff_local` and `timezone`",
  ),
};

/** `timezone` where there are no dates (live lists, the single fixture): local kickoffs. */
export const LocalKickoffQuery = {
  timezone: timeZoneParam("each item gains `kickoff_local` and `timezone`"),
};

/** `meta.timezone` of an answer read in a time zone. */
export const TimeZoneMeta = {
  timezone: Type.Optional(
    Type.String({ description: "The `timezone` asked for, in its canonical spelling" }),
  ),
};

export const FixtureListQuery = Type.Object({
  ...FixtureFilterQuery,
  ...TimeZoneQuery,
  ...PageQuery,
});

/** What `timezone` adds to an item (serialised last, with the other optional fields). */
const LocalKickoffFields = {
  kickoff_local: Type.Optional(
    Type.String({
      description:
        "With `timezone`: the kickoff on that zone's clock, ISO 8601 with its offset, second precision",
      examples: ["2026-11-22T05:00:00+05:30"],
    }),
  ),
  timezone: Type.Optional(
    Type.String({ description: "With `timezone`: the zone, in its canonical spelling" }),
  ),
};

const ScoreObject = Type.Object(
  { home: Type.Number(), away: Type.Number() },
  { additionalProperties: true, description: "home/away headline numbers plus sport detail" },
);

export const Fixture = Type.Object({
  fixture_id: Id,
  sport: Type.String(),
  competition: Type.String(),
  league: Type.String(),
  competition_id: Id,
  competition_slug: Type.String(),
  season: Type.String(),
  round: Nullable(Type.String()),
  home_team: Nullable(Type.String()),
  away_team: Nullable(Type.String()),
  home_team_id: Nullable(Id),
  away_team_id: Nullable(Id),
  kickoff: Timestamp,
  ...LocalKickoffFields,
  venue: Nullable(Type.String()),
  status: Type.String({ enum: [...FIXTURE_STATUSES] }),
  period: Nullable(Type.String()),
  minute: Nullable(Type.Integer()),
  score: Nullable(ScoreObject),
  participants: Nullable(Type.Array(Document)),
  updated_at: Timestamp,
});

const ResultDetail = Nullable(
  Type.Object(
    {
      outcome: Nullable(Type.String()),
      winner_team_id: Nullable(Type.String()),
      decided_by: Nullable(Type.String()),
      text: Nullable(Type.String()),
    },
    { additionalProperties: true },
  ),
);

const LastEvent = Nullable(
  Type.Object(
    { type: Type.String(), team: Nullable(Type.String()), minute: Nullable(Type.Integer()) },
    { additionalProperties: true },
  ),
);

export const FixtureDetail = Type.Composite([
  Fixture,
  Type.Object({
    officials: Type.Array(Document),
    broadcast: Type.Array(Document),
    result: ResultDetail,
    last_event: LastEvent,
    sequence: Type.Integer(),
    source: DataSourceObject,
    links: Type.Object({
      self: Type.String(),
      lineups: Nullable(Type.String()),
      events: Nullable(Type.String()),
      odds: Nullable(Type.String()),
    }),
  }),
]);

export const Result = Type.Composite([
  Fixture,
  Type.Object({
    final_score: Nullable(Type.Object({ home: Type.Number(), away: Type.Number() })),
    score_text: Nullable(Type.String()),
    result: ResultDetail,
  }),
]);

export const LiveMatch = Type.Object({
  fixture_id: Id,
  sport: Type.String(),
  competition: Type.String(),
  league: Type.String(),
  competition_id: Id,
  match: Type.String({ description: '"Home vs Away"' }),
  home: Nullable(Type.String()),
  away: Nullable(Type.String()),
  home_team: Nullable(Type.String()),
  away_team: Nullable(Type.String()),
  home_team_id: Nullable(Id),
  away_team_id: Nullable(Id),
  score: Nullable(Type.String({ description: 'Home first, e.g. "2-1"' })),
  score_detail: Nullable(ScoreObject),
  minute: Nullable(Type.Integer()),
  period: Nullable(Type.String()),
  status: Type.String(),
  last_event: LastEvent,
  sequence: Type.Integer(),
  kickoff: Timestamp,
  ...LocalKickoffFields,
  participants: Nullable(Type.Array(Document)),
  updated_at: Timestamp,
});

export const StandingsRow = Type.Object({
  position: Type.Integer(),
  team_id: Id,
  team: Type.String(),
  played: Type.Integer(),
  won: Type.Integer(),
  drawn: Type.Integer(),
  lost: Type.Integer(),
  no_result: Type.Integer(),
  goals_for: Type.Number(),
  goals_against: Type.Number(),
  goal_difference: Type.Number(),
  points: Type.Number(),
  deductions: Type.Number(),
  deduction_reasons: Type.Array(Type.String()),
  win_pct: Type.Number(),
  form: Type.String(),
  net_run_rate: Type.Optional(
    Type.Number({ description: "Cricket: runs per over scored minus conceded, three decimals" }),
  ),
  games_behind: Type.Optional(
    Type.Number({
      description:
        "Win-percentage tables: games behind the leader of the row's own division (its groups) on the whole table, or of the group asked for with `group`",
    }),
  ),
  group: Nullable(
    Type.String({ description: "The narrowest group the team is in (division, pool), or null" }),
  ),
  groups: Type.Array(Type.Object({ kind: Type.String(), name: Type.String() }), {
    description: "Every group the team is in that season, broadest first (conference, division)",
  }),
});
