/**
 * The fixture read model: a fixture joined with its competition, season and team names. Every
 * fixture-shaped endpoint (fixtures, live, results, history) starts from `fixtureRows`.
 */
import type { Kysely } from "kysely";
import type { Tables } from "../tables.js";

export function fixtureRows(db: Kysely<Tables>, sport: string) {
  return db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .innerJoin("seasons as s", "s.id", "f.season_id")
    .leftJoin("teams as h", "h.id", "f.home_team_id")
    .leftJoin("teams as a", "a.id", "f.away_team_id")
    .where("f.sport", "=", sport)
    .select([
      "f.id",
      "f.sport",
      "f.competition_id",
      "f.season_id",
      "f.round",
      "f.kickoff",
      "f.status",
      "f.period",
      "f.minute",
      "f.home_team_id",
      "f.away_team_id",
      "f.venue",
      "f.officials",
      "f.broadcast",
      "f.score",
      "f.home_score",
      "f.away_score",
      "f.result",
      "f.participants",
      "f.last_event",
      "f.sequence",
      "f.source",
      "f.updated_at",
      "c.name as competition_name",
      "c.slug as competition_slug",
      "s.name as season_name",
      "h.name as home_name",
      "a.name as away_name",
    ]);
}

export type FixtureRowQuery = ReturnType<typeof fixtureRows>;
export type FixtureRow = Awaited<ReturnType<FixtureRowQuery["executeTakeFirstOrThrow"]>>;
