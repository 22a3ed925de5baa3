/**
 * Statistics leaders (ADR-0041): the season rows of one competition (or, without `league`, of
 * every competition) ranked by one of the sport's statistics. Ties share a rank (standard
 * competition ranking, "1224"), then order by name and id; rates need their qualifier.
 */
import { invalidParameter } from "../errors/service-error.js";
import { leaderStats } from "../sports/stat-catalogue.js";
import type { StatDefinition, StatSubject } from "../sports/stat-kinds.js";
import type { ServiceContext, Sport } from "./context.js";
import { qualifies, seasonGames } from "./leader-games.js";
import { requireCompetition, resolveSeason } from "./lookups.js";
import { rankByValue } from "./rank-ties.js";
import { playerRows, type Scope, teamRows } from "./season-rows.js";

export interface LeadersQuery {
  stat: string;
  type: StatSubject;
  league?: string | undefined;
  season?: string | undefined;
  limit: number;
}

function statDefinition(sport: Sport, type: StatSubject, stat: string): StatDefinition {
  const definitions = leaderStats(sport, type);
  if (definitions.length === 0) {
    throw invalidParameter("type", `${sport} ranks no ${type} statistics; use type=player`);
  }
  const definition = definitions.find((d) => d.stat === stat);
  if (definition === undefined) {
    const names = definitions.map((d) => d.stat).join(", ");
    throw invalidParameter("stat", `stat must be one of the ${sport} ${type} statistics: ${names}`);
  }
  return definition;
}

export async function listLeaders(ctx: ServiceContext, sport: Sport, query: LeadersQuery) {
  const definition = statDefinition(sport, query.type, query.stat);
  const scope = await resolveScope(ctx, sport, query);
  const teams = await teamRows(ctx, sport, scope);
  const rows = query.type === "team" ? teams : await playerRows(ctx, sport, scope);
  const games = definition.qualifier === null ? null : seasonGames(teams, rows);
  const valued = rows.flatMap((row) => {
    const value = definition.value(row.stats);
    if (value === null) return [];
    if (games !== null && !qualifies(definition, row, games)) return [];
    return [{ row, value }];
  });
  const ranked = rankByValue(valued, definition.order, (v) => [
    v.row.player ?? v.row.team ?? "",
    v.row.player_id ?? v.row.team_id ?? "",
  ]).slice(0, query.limit);
  return {
    definition,
    items: ranked.map(({ rank, item: { row, value } }) => {
      const { season_id: _season, ...entry } = row;
      return { rank, value, ...entry };
    }),
  };
}

async function resolveScope(
  ctx: ServiceContext,
  sport: Sport,
  query: LeadersQuery,
): Promise<Scope> {
  if (query.league === undefined) {
    return query.season === undefined ? {} : { seasonName: query.season };
  }
  const competition = await requireCompetition(ctx, sport, query.league);
  const season = await resolveSeason(ctx, competition, query.season);
  return { competitionId: competition.id, seasonId: season.id };
}
