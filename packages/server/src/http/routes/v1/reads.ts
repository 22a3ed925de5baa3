/**
 * What each cached route's answer is computed from (read-cache.ts `reads`): the tables its
 * services query, per sport, and per fixture where the answer is one fixture's. A route that
 * reads a table not listed here fails test/http/read-scopes.test.ts.
 */
import type { FastifyRequest } from "fastify";
import type { Read } from "../../read-cache.js";

/** `fixtureRows`: a fixture with its competition, season and teams. */
const FIXTURE_JOINS = ["competitions", "seasons", "teams"] as const;

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
  fixture: [
    ["fixtures", pathFixture],
    ["lineups", pathFixture],
    ["odds", pathFixture],
    ...FIXTURE_JOINS,
  ],
  live: ["fixtures", ...FIXTURE_JOINS],
  /** Only finished fixtures are listed: a change to a fixture that is not finished before or after it changes nothing here. */
  results: ["fixtures:finished", ...FIXTURE_JOINS],
  events: [["match_events", pathFixture], ["fixtures", pathFixture], "players", ...FIXTURE_JOINS],
  lineups: [["lineups", pathFixture], ["fixtures", pathFixture], ...FIXTURE_JOINS],
  odds: [["odds", queryFixture], ["fixtures", queryFixture], "bookmakers", ...FIXTURE_JOINS],
  teams: ["teams", "team_competitions", "competitions", "seasons", "players"],
  players: [
    "players",
    "teams",
    "team_competitions",
    "competitions",
    "seasons",
    "player_season_stats",
  ],
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
  sports: [],
} satisfies Record<string, readonly Read[]>;
