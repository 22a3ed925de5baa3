/**
 * Every committed write to a data table announces the scopes of the rows it touched
 * (store/change-scopes.ts), so each process and node can drop exactly the kept answers it
 * changes. SQLite: row triggers append the scopes to `data_changes`, pruned by a trigger of its
 * own. PostgreSQL: statement triggers with transition tables send one `NOTIFY scoreline_data`
 * per statement, `<schema> <scope> <scope>…` (`*` when too long to send), replacing the
 * scope-less notification of migration 002.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/** Each table's scope, as SQL over a row `r` (frozen here: a later change is a new migration). */
const SCOPES: Record<string, string[]> = {
  countries: ["'countries'"],
  competitions: ["'competitions/' || r.sport"],
  seasons: ["'seasons/' || r.sport"],
  teams: ["'teams/' || r.sport"],
  team_competitions: ["'team_competitions'"],
  players: ["'players/' || r.sport"],
  fixtures: [
    "'fixtures/' || r.sport || '/' || r.id",
    "case when r.status in ('finished', 'awarded', 'walkover') then 'fixtures:finished/' || r.sport end",
  ],
  match_events: ["'match_events/' || r.sport || '/' || r.fixture_id"],
  lineups: ["'lineups/' || r.sport || '/' || r.fixture_id"],
  team_season_stats: ["'team_season_stats/' || r.sport"],
  player_season_stats: ["'player_season_stats/' || r.sport"],
  standings_adjustments: ["'standings_adjustments/' || r.sport"],
  standings_rows: ["'standings_rows/' || r.sport"],
  bookmakers: ["'bookmakers'"],
  odds: ["'odds/' || r.sport || '/' || r.fixture_id"],
};

/** Rows of the log kept for processes that fall behind; one that falls further sees a hole. */
const KEEP_ROWS = 20_000;
const PRUNE_EVERY = 1_000;

/** Longest payload sent; PostgreSQL refuses more than 8000 bytes. */
const MAX_PAYLOAD = 7_000;

export const CHANGE_SCOPES = SCOPES;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  await sql`create table data_changes (seq integer primary key autoincrement, scope text not null)`.execute(
    db,
  );
  await sql
    .raw(`
    create trigger data_changes_prune after insert on data_changes
    when new.seq % ${PRUNE_EVERY} = 0
    begin
      delete from data_changes where seq <= new.seq - ${KEEP_ROWS};
    end`)
    .execute(db);
  for (const [table, scopes] of Object.entries(SCOPES)) {
    for (const [event, rows] of [
      ["insert", ["new"]],
      ["update", ["old", "new"]],
      ["delete", ["old"]],
    ] as const) {
      const selects = rows.flatMap((row) =>
        scopes.map((scope) => `select ${scope.replaceAll("r.", `${row}.`)} as scope`),
      );
      await sql
        .raw(`
        create trigger ${table}_changes_${event} after ${event} on ${table}
        begin
          insert into data_changes (scope)
            select scope from (${selects.join(" union ")}) where scope is not null;
        end`)
        .execute(db);
    }
  }
}

async function upPostgres(db: AnyDb): Promise<void> {
  for (const table of Object.keys(SCOPES)) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function if exists scoreline_notify_change()`.execute(db);
  await sql
    .raw(`
    create function scoreline_notify_everything() returns trigger language plpgsql as $$
    begin
      perform pg_notify('scoreline_data', tg_table_schema || ' *');
      return null;
    end $$`)
    .execute(db);
  for (const [table, scopes] of Object.entries(SCOPES)) {
    for (const [event, rows] of [
      ["insert", ["new_rows"]],
      ["update", ["old_rows", "new_rows"]],
      ["delete", ["old_rows"]],
    ] as const) {
      const selects = rows.flatMap((rowsTable) =>
        scopes.map((scope) => `select ${scope} as scope from ${rowsTable} r`),
      );
      const fn = `scoreline_${table}_${event}_changes`;
      await sql
        .raw(`
        create function ${fn}() returns trigger language plpgsql as $$
        declare payload text;
        begin
          select string_agg(distinct scope, ' ') into payload
            from (${selects.join(" union all ")}) s where scope is not null;
          if payload is null then return null; end if;
          if length(payload) > ${MAX_PAYLOAD} then payload := '*'; end if;
          perform pg_notify('scoreline_data', tg_table_schema || ' ' || payload);
          return null;
        end $$`)
        .execute(db);
      const referencing = rows
        .map((r) => (r === "new_rows" ? "new table as new_rows" : "old table as old_rows"))
        .join(" ");
      await sql
        .raw(`
        create trigger ${table}_${event}_changes after ${event} on ${table}
        referencing ${referencing}
        for each statement execute function ${fn}()`)
        .execute(db);
    }
    await sql
      .raw(`
      create trigger ${table}_truncate_changes after truncate on ${table}
      for each statement execute function scoreline_notify_everything()`)
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) {
    for (const table of Object.keys(SCOPES)) {
      for (const event of ["insert", "update", "delete"]) {
        await sql.raw(`drop trigger if exists ${table}_changes_${event}`).execute(db);
      }
    }
    await sql`drop table if exists data_changes`.execute(db);
    return;
  }
  for (const table of Object.keys(SCOPES)) {
    for (const event of ["insert", "update", "delete", "truncate"]) {
      await sql.raw(`drop trigger if exists ${table}_${event}_changes on ${table}`).execute(db);
      if (event !== "truncate") {
        await sql.raw(`drop function if exists scoreline_${table}_${event}_changes()`).execute(db);
      }
    }
  }
  await sql`drop function if exists scoreline_notify_everything()`.execute(db);
}
