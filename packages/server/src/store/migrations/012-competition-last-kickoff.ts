/**
 * The simulator's calendar asks, every tick, for each competition's last kick-off
 * (`simulator/season-turnover.ts`, `calendar-queries.ts`). On `(competition_id, kickoff)` that is
 * one index probe per competition; without it, a scan of every fixture the competitions hold
 * (18 ms a tick on the full sample world in SQLite, blocking the event loop it shares with the
 * api role).
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("fixtures_competition_kickoff")
    .on("fixtures")
    .columns(["competition_id", "kickoff"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("fixtures_competition_kickoff").ifExists().execute();
}
