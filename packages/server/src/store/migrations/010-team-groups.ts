/**
 * Conferences, divisions and pools: `team_competitions.groups` holds the groups a team plays in
 * for one competition season, broadest first (`[{"kind":"conference","name":"Eastern"},
 * {"kind":"division","name":"Atlantic"}]`), as JSON; null when the table has none; and
 * `team_name`, the team's name that season when it differs from its current one (a franchise
 * that moved or was renamed keeps one identity and its name of each season). Then every
 * kept table is rebuilt (the backfill migration 008 used to run), so rows carry their group.
 */
import type { Kysely } from "kysely";
import { isoSeconds } from "../../lib/time.js";
import { rebuildTables } from "../standings/rebuild-tables.js";
import type { Tables } from "../tables.js";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("team_competitions").addColumn("groups", "text").execute();
  await db.schema.alterTable("team_competitions").addColumn("team_name", "text").execute();
  // The one place a migration runs today's code: a later change to the columns it reads must
  // keep it running.
  await rebuildTables(db as Kysely<Tables>, isoSeconds(new Date()));
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("team_competitions").dropColumn("team_name").execute();
  await db.schema.alterTable("team_competitions").dropColumn("groups").execute();
}
