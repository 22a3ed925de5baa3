/**
 * Removing matches and seasons with everything that hangs off them, for the few places that
 * delete history: the sandbox's pruning (simulator/history-pruner.ts) and the repair of what the
 * simulator once invented for imported competitions (sample-boundary-repair.ts).
 */
import type { Kysely } from "kysely";
import type { Tables } from "./tables.js";

/** What hangs off a match besides its row. */
export const DETAIL_TABLES = ["match_events", "lineups", "odds"] as const;

/** The rows that belong to a season besides its matches. */
export const SEASON_TABLES = [
  "standings_rows",
  "standings_adjustments",
  "team_season_stats",
  "player_season_stats",
  "team_competitions",
] as const;

/** Deletes matches and what hangs off them, within the caller's transaction. */
export async function deleteFixtures(db: Kysely<Tables>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const table of DETAIL_TABLES) {
    await db.deleteFrom(table).where("fixture_id", "in", ids).execute();
  }
  await db.deleteFrom("fixtures").where("id", "in", ids).execute();
}
