/**
 * The games a season row's team played, for rate qualifiers (ADR-0041): the team's own `played`
 * in that competition and season; when the team has no row there, the most any team played in
 * it; when the competition's season has no team rows at all, the most appearances any of its
 * players made.
 */
import { meetsQualifier, type StatDefinition } from "../sports/stat-kinds.js";
import type { SeasonRow } from "./season-rows.js";

export interface SeasonGames {
  byTeam: Map<string, number>;
  bySeason: Map<string, number>;
}

const seasonKey = (row: SeasonRow) => `${row.competition_id}|${row.season_id}`;
const teamKey = (row: SeasonRow) => `${seasonKey(row)}|${row.team_id ?? ""}`;

function count(stats: Record<string, unknown>, key: string): number {
  const value = stats[key];
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

export function seasonGames(teams: readonly SeasonRow[], rows: readonly SeasonRow[]): SeasonGames {
  const byTeam = new Map<string, number>();
  const bySeason = new Map<string, number>();
  const raise = (key: string, games: number) =>
    bySeason.set(key, Math.max(bySeason.get(key) ?? 0, games));
  for (const team of teams) {
    const played = count(team.stats, "played");
    byTeam.set(teamKey(team), played);
    raise(seasonKey(team), played);
  }
  const withTeams = new Set(teams.map(seasonKey));
  for (const row of rows) {
    if (!withTeams.has(seasonKey(row))) raise(seasonKey(row), count(row.stats, "appearances"));
  }
  return { byTeam, bySeason };
}

export function qualifies(definition: StatDefinition, row: SeasonRow, games: SeasonGames): boolean {
  const played = games.byTeam.get(teamKey(row)) ?? games.bySeason.get(seasonKey(row)) ?? 0;
  return meetsQualifier(definition, row.stats, played);
}
