/**
 * Season statistics of teams and players, per competition. Without `season`, each
 * competition's current season; `competition`/`league` narrows to one competition.
 */

import { notFound } from "../errors/service-error.js";
import { parseJson } from "../store/json-columns.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { requireCompetition, requireTeam } from "./lookups.js";

export interface StatisticsQuery {
  type: "team" | "player";
  league?: string | undefined;
  season?: string | undefined;
  team?: string | undefined;
}

export interface ScopeQuery {
  season?: string | undefined;
  competition?: string | undefined;
}

interface ResolvedScope {
  competitionId: string | undefined;
  seasonName: string | undefined;
}

async function resolveScope(
  ctx: ServiceContext,
  sport: Sport,
  scope: ScopeQuery,
): Promise<ResolvedScope> {
  const competitionId =
    scope.competition === undefined
      ? undefined
      : (await requireCompetition(ctx, sport, scope.competition, "competition")).id;
  return { competitionId, seasonName: scope.season };
}

function teamStats(ctx: ServiceContext, sport: Sport, scope: ResolvedScope) {
  return ctx.store.db
    .selectFrom("team_season_stats as x")
    .innerJoin("competitions as c", "c.id", "x.competition_id")
    .innerJoin("seasons as s", "s.id", "x.season_id")
    .where("x.sport", "=", sport)
    .$if(scope.competitionId !== undefined, (q) =>
      q.where("x.competition_id", "=", scope.competitionId ?? ""),
    )
    .$if(scope.seasonName !== undefined, (q) => q.where("s.name", "=", scope.seasonName ?? ""))
    .$if(scope.seasonName === undefined, (q) =>
      q.whereRef("x.season_id", "=", "c.current_season_id"),
    );
}

function playerStats(ctx: ServiceContext, sport: Sport, scope: ResolvedScope) {
  return ctx.store.db
    .selectFrom("player_season_stats as x")
    .innerJoin("competitions as c", "c.id", "x.competition_id")
    .innerJoin("seasons as s", "s.id", "x.season_id")
    .where("x.sport", "=", sport)
    .$if(scope.competitionId !== undefined, (q) =>
      q.where("x.competition_id", "=", scope.competitionId ?? ""),
    )
    .$if(scope.seasonName !== undefined, (q) => q.where("s.name", "=", scope.seasonName ?? ""))
    .$if(scope.seasonName === undefined, (q) =>
      q.whereRef("x.season_id", "=", "c.current_season_id"),
    );
}

export async function listStatistics(
  ctx: ServiceContext,
  sport: Sport,
  query: StatisticsQuery,
  page: PageRequest,
): Promise<Page<Record<string, unknown>>> {
  const scope = await resolveScope(ctx, sport, { season: query.season, competition: query.league });
  const teamId =
    query.team === undefined ? undefined : (await requireTeam(ctx, sport, query.team)).id;
  const offset = (page.page - 1) * page.perPage;
  if (query.type === "team") {
    let q = teamStats(ctx, sport, scope).innerJoin("teams as t", "t.id", "x.team_id");
    if (teamId !== undefined) q = q.where("x.team_id", "=", teamId);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
      q
        .select([
          "x.team_id",
          "t.name as team",
          "c.id as competition_id",
          "c.name as competition",
          "s.name as season",
          "x.stats",
        ])
        .orderBy("c.name")
        .orderBy("t.name")
        .limit(page.perPage)
        .offset(offset)
        .execute(),
    ]);
    const items = rows.map((r) => ({
      type: "team",
      ...r,
      player_id: null,
      player: null,
      stats: parseStats(r.stats),
    }));
    return { items, total: Number(count?.n ?? 0), ...page };
  }
  let q = playerStats(ctx, sport, scope)
    .innerJoin("players as p", "p.id", "x.player_id")
    .leftJoin("teams as t", "t.id", "x.team_id");
  if (teamId !== undefined) q = q.where("x.team_id", "=", teamId);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    q
      .select([
        "x.player_id",
        "p.name as player",
        "x.team_id",
        "t.name as team",
        "c.id as competition_id",
        "c.name as competition",
        "s.name as season",
        "x.stats",
      ])
      .orderBy("c.name")
      .orderBy("p.last_name")
      .orderBy("p.id")
      .limit(page.perPage)
      .offset(offset)
      .execute(),
  ]);
  const items = rows.map((r) => ({ type: "player", ...r, stats: parseStats(r.stats) }));
  return { items, total: Number(count?.n ?? 0), ...page };
}

export async function teamStatistics(
  ctx: ServiceContext,
  sport: Sport,
  teamId: string,
  scope: ScopeQuery,
) {
  const team = await ctx.store.db
    .selectFrom("teams")
    .select(["id", "name"])
    .where("sport", "=", sport)
    .where("id", "=", teamId)
    .executeTakeFirst();
  if (team === undefined) throw notFound(`${sport} team ${teamId}`);
  const rows = await teamStats(ctx, sport, await resolveScope(ctx, sport, scope))
    .where("x.team_id", "=", teamId)
    .select(["c.id as competition_id", "c.name as competition", "s.name as season", "x.stats"])
    .orderBy("s.start_date", "desc")
    .execute();
  return {
    team_id: team.id,
    team: team.name,
    competitions: rows.map((r) => ({ ...r, stats: parseStats(r.stats) })),
  };
}

export async function playerStatistics(
  ctx: ServiceContext,
  sport: Sport,
  playerId: string,
  scope: ScopeQuery,
) {
  const player = await ctx.store.db
    .selectFrom("players")
    .select(["id", "name", "team_id"])
    .where("sport", "=", sport)
    .where("id", "=", playerId)
    .executeTakeFirst();
  if (player === undefined) throw notFound(`${sport} player ${playerId}`);
  const rows = await playerStats(ctx, sport, await resolveScope(ctx, sport, scope))
    .where("x.player_id", "=", playerId)
    .select([
      "x.team_id",
      "c.id as competition_id",
      "c.name as competition",
      "s.name as season",
      "x.stats",
    ])
    .orderBy("s.start_date", "desc")
    .execute();
  return {
    player_id: player.id,
    player: player.name,
    team_id: player.team_id,
    competitions: rows.map((r) => ({ ...r, stats: parseStats(r.stats) })),
  };
}

function parseStats(text: string): Record<string, unknown> {
  return parseJson<Record<string, unknown>>(text) ?? {};
}
