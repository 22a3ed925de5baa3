/**
 * PostgreSQL: every committed write to a data table notifies `scoreline_data`, so each node's
 * read cache learns of other nodes' writes (NOTIFY is delivered on commit, collapsed per
 * transaction). SQLite needs nothing: `PRAGMA data_version` serves the same purpose.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

const TABLES = [
  "countries",
  "competitions",
  "seasons",
  "teams",
  "team_competitions",
  "players",
  "fixtures",
  "match_events",
  "lineups",
  "team_season_stats",
  "player_season_stats",
  "standings_adjustments",
  "bookmakers",
  "odds",
];

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create or replace function scoreline_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('scoreline_data', '');
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function scoreline_notify_change()`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists scoreline_notify_change()`.execute(db);
}
