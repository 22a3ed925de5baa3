/**
 * Season statistics rows in one scope, stats parsed: one competition's season, or every
 * competition's current season (or the season of that name). Leaders rank these.
 */
import type { StatSubject } from "../sports/stat-kinds.js";
import { parseJson } from "../store/json-columns.js";
import type { ServiceContext, Sport } from "./context.js";

export interface SeasonRow {
  type: StatSubject;
  player_id: string | null;
  player: string | null;
  team_id: string | null;
  team: string | null;
  competition_id: string;
  competition: string;
  season: string;
  season_id: string;
  stats: Record<string, unknown>;
}

/** Which rows: one competition's season (current unless named), or every competition's. */
export interface Scope {
  competitionId?: string;
  seasonId?: string;
  seasonName?: string;
}

export async function teamRows(
  ctx: ServiceContext,
  sport: Sport,
  scope: Scope,
): Promise<SeasonRow[]> {
  let q = ctx.store.db
    .selectFrom("team_season_stats as x")
    .innerJoin("competitions as c", "c.id", "x.competition_id")
    .innerJoin("seasons as s", "s.id", "x.season_id")
    .innerJoin("teams as t", "t.id", "x.team_id")
    .where("x.sport", "=", sport);
  if (scope.competitionId !== undefined) q = q.where("x.competition_id", "=", scope.competitionId);
  if (scope.seasonId !== undefined) q = q.where("x.season_id", "=", scope.seasonId);
  else if (scope.seasonName !== undefined) q = q.where("s.name", "=", scope.seasonName);
  else q = q.whereRef("x.season_id", "=", "c.current_season_id");
  const rows = await q
    .select([
      "x.team_id",
      "t.name as team",
      "c.id as competition_id",
      "c.name as competition",
      "s.name as season",
      "x.season_id",
      "x.stats",
    ])
    .execute();
  return rows.map((r) => ({
    type: "team",
    player_id: null,
    player: null,
    ...r,
    stats: parseJson<Record<string, unknown>>(r.stats) ?? {},
  }));
}

export async function playerRows(
  ctx: ServiceContext,
  sport: Sport,
  scope: Scope,
): Promise<SeasonRow[]> {
  let q = ctx.store.db
    .selectFrom("player_season_stats as x")
    .innerJoin("competitions as c", "c.id", "x.competition_id")
    .innerJoin("seasons as s", "s.id", "x.season_id")
    .innerJoin("players as p", "p.id", "x.player_id")
    .leftJoin("teams as t", "t.id", "x.team_id")
    .where("x.sport", "=", sport);
  if (scope.competitionId !== undefined) q = q.where("x.competition_id", "=", scope.competitionId);
  if (scope.seasonId !== undefined) q = q.where("x.season_id", "=", scope.seasonId);
  else if (scope.seasonName !== undefined) q = q.where("s.name", "=", scope.seasonName);
  else q = q.whereRef("x.season_id", "=", "c.current_season_id");
  const rows = await q
    .select([
      "x.player_id",
      "p.name as player",
      "x.team_id",
      "t.name as team",
      "c.id as competition_id",
      "c.name as competition",
      "s.name as season",
      "x.season_id",
      "x.stats",
    ])
    .execute();
  return rows.map((r) => ({
    type: "player",
    ...r,
    stats: parseJson<Record<string, unknown>>(r.stats) ?? {},
  }));
}
