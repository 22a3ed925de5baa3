/**
 * Every kept table recomputed: the seasons of every league, and any season that holds rows
 * without being one any more. Migration 008 backfills with it; a repair can run it any time.
 */
import type { Kysely } from "kysely";
import type { Tables } from "../tables.js";
import type { SeasonKey } from "./compute-table.js";
import { refreshTables } from "./kept-tables.js";

/** Seasons refreshed per pass, so memory stays bounded however many seasons the store holds. */
const SEASONS_PER_PASS = 200;

/** Refreshes every season's table; returns how many seasons were looked at. */
export async function rebuildTables(db: Kysely<Tables>, stamp: string): Promise<number> {
  const leagues = await db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .select(["s.competition_id", "s.id as season_id"])
    .where("c.type", "=", "league")
    .execute();
  const kept = await db
    .selectFrom("standings_rows")
    .select(["competition_id", "season_id"])
    .distinct()
    .execute();
  const seasons = new Map<string, SeasonKey>();
  for (const row of [...leagues, ...kept]) {
    seasons.set(`${row.competition_id}\u0000${row.season_id}`, {
      competitionId: row.competition_id,
      seasonId: row.season_id,
    });
  }
  const all = [...seasons.values()];
  for (let start = 0; start < all.length; start += SEASONS_PER_PASS) {
    await refreshTables(db, all.slice(start, start + SEASONS_PER_PASS), stamp);
  }
  return all.length;
}
