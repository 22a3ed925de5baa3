/** Starting lineups, formations and substitutes of a fixture (null per side until published). */
import { parseJson } from "../store/json-columns.js";
import type { ServiceContext, Sport } from "./context.js";
import { requireFixture } from "./fixtures.js";

export async function getLineups(ctx: ServiceContext, sport: Sport, fixtureId: string) {
  const fixture = await requireFixture(ctx, sport, fixtureId);
  const rows = await ctx.store.db
    .selectFrom("lineups as l")
    .innerJoin("teams as t", "t.id", "l.team_id")
    .select([
      "l.team_id",
      "t.name",
      "l.formation",
      "l.coach",
      "l.starters",
      "l.substitutes",
      "l.updated_at",
    ])
    .where("l.fixture_id", "=", fixtureId)
    .execute();
  const side = (teamId: string | null) => {
    const row = rows.find((r) => r.team_id === teamId);
    if (row === undefined) return null;
    return {
      team_id: row.team_id,
      team: row.name,
      formation: row.formation,
      coach: row.coach,
      starters: parseJson<unknown[]>(row.starters) ?? [],
      substitutes: parseJson<unknown[]>(row.substitutes) ?? [],
      updated_at: row.updated_at,
    };
  };
  return {
    fixture_id: fixtureId,
    available: rows.length > 0,
    home: side(fixture.home_team_id),
    away: side(fixture.away_team_id),
  };
}
