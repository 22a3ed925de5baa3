/**
 * A league table: the rows kept on write in `standings_rows` (ADR-0033), computed from the
 * season's finished results by the sport's rules (a competition may override points and
 * tie-breakers in its `rules`), with point deductions. The read is one indexed query.
 */

import { invalidParameter } from "../errors/service-error.js";
import { SPORT_MODULES } from "../sports/registry.js";
import { groupTable, withGroupGamesBehind } from "../sports/standings.js";
import type { TableRow } from "../store/standings/compute-table.js";
import type { ServiceContext, Sport } from "./context.js";
import { requireCompetition, resolveSeason } from "./lookups.js";

export async function getStandings(
  ctx: ServiceContext,
  sport: Sport,
  query: { league: string; season?: string | undefined; group?: string | undefined },
) {
  const rules = SPORT_MODULES[sport].standings;
  const competition = await requireCompetition(ctx, sport, query.league);
  if (rules === null || competition.type !== "league") {
    throw invalidParameter(
      "league",
      `${competition.name} is a ${competition.type}, not a league: it has no table`,
    );
  }
  const season = await resolveSeason(ctx, competition, query.season);
  const kept = await ctx.store.db
    .selectFrom("standings_rows")
    .select("entry")
    .where("competition_id", "=", competition.id)
    .where("season_id", "=", season.id)
    .orderBy("position")
    .execute();
  const rows = kept.map((row) => JSON.parse(row.entry) as TableRow);
  if (query.group === undefined) {
    // Games behind each row's own group's leader, whatever rule the kept rows were written under.
    return {
      competition,
      season,
      rows: rules.rankBy === "win_pct" ? withGroupGamesBehind(rows) : rows,
    };
  }
  const members = groupTable(rows, query.group, rules);
  if (members.length === 0) {
    const names = [...new Set(rows.flatMap((row) => row.groups.map((g) => g.name)))].sort();
    throw invalidParameter(
      "group",
      names.length === 0
        ? `${competition.name} ${season.name} has no groups`
        : `no group ${JSON.stringify(query.group)} in ${competition.name} ${season.name}; its groups: ${names.join(", ")}`,
    );
  }
  return { competition, season, rows: members };
}
