/**
 * League tables kept on write (ADR-0033): `standings_rows` holds each league season's table,
 * refreshed in the transaction of every write that changes it, and read by position. The backfill
 * of the seasons already stored moved to migration 010, which runs it after adding the column
 * (team groups) today's table code reads: a store upgraded from before 008 gets the same rows.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("standings_rows")
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("competition_id", "text", (c) => c.notNull().references("competitions.id"))
    .addColumn("season_id", "text", (c) => c.notNull().references("seasons.id"))
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("entry", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("standings_rows_pk", ["competition_id", "season_id", "team_id"])
    .execute();
  await db.schema
    .createIndex("standings_rows_position")
    .on("standings_rows")
    .columns(["competition_id", "season_id", "position"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("standings_rows").ifExists().execute();
}
