/**
 * Opens the store: one Kysely query layer over SQLite (embedded default, WAL) or PostgreSQL.
 * `postgres://…?schema=name` keeps every table in that schema (created on migrate).
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Tables } from "./tables.js";

export type Dialect = "sqlite" | "postgres";

export interface Store {
  db: Kysely<Tables>;
  dialect: Dialect;
  /** The PostgreSQL schema holding the tables (`public` unless `?schema=`), or null on SQLite. */
  schema: string | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Maximum PostgreSQL connections in the pool. */
  poolSize?: number;
}

export function openStore(url: string, options: OpenOptions = {}): Store {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  return openPostgres(url, options.poolSize ?? 10);
}

function openSqlite(path: string): Store {
  const inMemory = path === ":memory:";
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const database = new SQLite(inMemory ? ":memory:" : path);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    dialect: "sqlite",
    schema: null,
    close: () => db.destroy(),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function openPostgres(url: string, poolSize: number): Store {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") ?? "public";
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`DATABASE_URL schema must match ${SCHEMA_NAME}; got ${JSON.stringify(schema)}`);
  }
  parsed.searchParams.delete("schema");
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: poolSize,
    // Every connection resolves unqualified table names in the chosen schema.
    options: `-c search_path=${schema}`,
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    schema,
    close: () => db.destroy(),
  };
}

/** A cheap round trip for readiness checks. */
export async function ping(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
