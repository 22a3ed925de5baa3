/**
 * What each cached route's answer is computed from (read-cache.ts `reads`): the tables its
 * services query, per sport, and per fixture where the answer is one fixture's. A route that
 * reads a table not listed here fails test/http/read-scopes.test.ts.
 */
import type { FastifyRequest } from "fastify";
import type { Read } from "../../read-cache.js";

/** `fixtureRows`: a fixture with its competition, season and teams. */
const FIXTURE_JOINS = ["competitions", "seasons", "teams"] as const;
/** What a player list, and a player's profile, read. */
const PLAYER_TABLES = [
  "players",
  "teams",
  "team_competitions",
  "competitions",
  "seasons",
  "player_season_stats",
] as const;

/** The fixture a path or query names, keying the scopes of its rows. */
const pathFixture = (request: FastifyRequest) =>
  (request.params as { fixture_id?: string; id?: string }).fixture_id ??
  (request.params as { id?: string }).id;
const queryFixture = (request: FastifyRequest) => {
  const query = request.query as { match_id?: string; fixture_id?: string };
  return query.match_id ?? query.fixture_id;
};

export const READS = {
  competitions: ["competitions", "countries", "seasons"],
  countries: ["countries", "competitions"],
  fixtureList: ["fixtures", ...FIXTURE_JOINS],
  /** With `include`: the reads of lineups, events, odds and the teams' statistics too. */
  fixture: [
    ["fixtures", pathFixture],
    ["lineups", pathFixture],
    ["odds", pathFixture],
    ["match_events", pathFixture],
    "players",
    "bookmakers",
    "team_season_stats",
    ...FIXTURE_JOINS,
  ],
  live: ["fixtures", ...FIXTURE_JOINS],
  /** Only finished fixtures are listed: a change to a fixture that is not finished before or after it changes nothing here. */
  results: ["fixtures:finished", ...FIXTURE_JOINS],
  events: [["match_events", pathFixture], ["fixtures", pathFixture], "players", ...FIXTURE_JOINS],
  lineups: [["lineups", pathFixture], ["fixtures", pathFixture], ...FIXTURE_JOINS],
  odds: [["odds", queryFixture], ["fixtures", queryFixture], "bookmakers", ...FIXTURE_JOINS],
  /** `sort` by a statistic reads the season statistics. */
  teams: ["teams", "team_competitions", "competitions", "seasons", "players", "team_season_stats"],
  players: PLAYER_TABLES,
  /** The profile: a fighter's or tennis player's career record counts their finished fixtures. */
  player: [...PLAYER_TABLES, "fixtures:finished"],
  statistics: [
    "team_season_stats",
    "player_season_stats",
    "teams",
    "players",
    "competitions",
    "seasons",
  ],
  standings: [
    "standings_rows",
    "standings_adjustments",
    "teams",
    "team_competitions",
    "competitions",
    "seasons",
  ],
  /** Past and upcoming meetings: any fixture of the sport may become one (or stop being upcoming). */
  headToHead: ["fixtures", ...FIXTURE_JOINS, "players"],
  sports: [],
} satisfies Record<string, readonly Read[]>;
