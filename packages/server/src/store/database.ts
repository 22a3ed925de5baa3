/**
 * Opens the store: one Kysely query layer over SQLite (embedded default, WAL) or PostgreSQL.
 * `postgres://…?schema=name` keeps every table in that schema (created on migrate).
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, type Dialect as KyselyDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { poolSources } from "../metrics/store-metrics.js";
import { ChangeClock } from "./change-clock.js";
import { applyNotification, sqliteChangeLog, TableWrites } from "./change-sources.js";
import { ChangeWatcher } from "./change-watcher.js";
import { OneSchemaPostgresDialect } from "./one-schema-dialect.js";
import {
  DEFAULT_LOCK_WAIT_MS,
  isBusy,
  SqliteWriteLockDriver,
  SYNC_BUSY_TIMEOUT_MS,
} from "./sqlite-write-lock.js";
import type { Tables } from "./tables.js";
import { timedDialect } from "./timed-dialect.js";

export type Dialect = "sqlite" | "postgres";

export interface Store {
  db: Kysely<Tables>;
  dialect: Dialect;
  /** When each part of the data last changed, as far as this process knows (change-clock.ts). */
  changes: ChangeClock;
  /** PostgreSQL: start hearing other nodes' commits (a LISTEN connection). No-op on SQLite. */
  watchChanges(): Promise<void>;
  /** The PostgreSQL schema holding the tables (`public` unless `?schema=`), or null on SQLite. */
  schema: string | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Maximum PostgreSQL connections in the pool. */
  poolSize?: number;
  /** SQLite: the longest a write waits for another process's write lock (sqlite-write-lock.ts). */
  lockWaitMs?: number;
}

export function openStore(url: string, options: OpenOptions = {}): Store {
  if (url.startsWith("sqlite:"))
    return openSqlite(url.slice("sqlite:".length), options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  return openPostgres(url, options.poolSize ?? 10);
}

/** The most memory SQLite's page cache of a store's write connection takes, in KiB. */
const PAGE_CACHE_KIB = 64 * 1024;

function openSqlite(path: string, lockWaitMs: number): Store {
  const inMemory = path === ":memory:";
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const database = new SQLite(inMemory ? ":memory:" : path);
  // Opening may wait for another process's write lock (WAL set up, statistics refreshed), once.
  database.pragma("busy_timeout = 5000");
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  // A page cache of up to 64 MiB (SQLite's default is 2 MiB): the sample world alone is larger,
  // and each page missed is a read from the OS (docs/PERFORMANCE.md, "SQLite's page cache").
  database.pragma(`cache_size = ${-PAGE_CACHE_KIB}`);
  database.pragma("foreign_keys = ON");
  // Re-analyses tables whose statistics are missing or stale (SQLite's advice for long-lived
  // connections); cheap when nothing changed, and skipped when another process keeps writing.
  try {
    database.pragma("optimize = 0x10002");
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
  // From now on waits for another process's write lock are made between attempts, without
  // blocking the event loop (sqlite-write-lock.ts); one attempt waits a few milliseconds at most.
  database.pragma(`busy_timeout = ${SYNC_BUSY_TIMEOUT_MS}`);
  const sqlite = new SqliteDialect({ database: withStatementCache(database) });
  const locking: KyselyDialect = {
    createDriver: () => new SqliteWriteLockDriver(sqlite.createDriver(), lockWaitMs),
    createQueryCompiler: () => sqlite.createQueryCompiler(),
    createAdapter: () => sqlite.createAdapter(),
    createIntrospector: (db) => sqlite.createIntrospector(db),
  };
  const db = new Kysely<Tables>({ dialect: timedDialect(locking, "sqlite") });
  // The change log is read on a connection of its own, which sees only committed rows; an
  // in-memory database has one connection, read only between transactions.
  const log = inMemory ? database : new SQLite(path, { readonly: true });
  if (!inMemory) log.pragma("busy_timeout = 5000");
  let sync: (() => boolean) | undefined;
  const changes: ChangeClock = new ChangeClock(() => {
    // The log's table exists once migrated; until then nothing can be kept.
    if (sync === undefined) {
      if (!hasChangeLog(log)) return false;
      sync = sqliteChangeLog(log, changes, () => database.inTransaction);
    }
    return sync();
  });
  return {
    db,
    dialect: "sqlite",
    schema: null,
    changes,
    watchChanges: async () => undefined,
    close: async () => {
      await db.destroy();
      if (log !== database) log.close();
    },
  };
}

/**
 * Kysely prepares every query anew; preparing (parsing and planning) costs more than running
 * the small indexed queries this API makes. The same SQL text reuses its prepared statement.
 * Statements are keyed by text, so the cache is bounded by the number of distinct query shapes.
 */
function withStatementCache(database: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
  const MAX_STATEMENTS = 2_000;
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property !== "prepare") return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (statement === undefined) {
          if (cache.size >= MAX_STATEMENTS) cache.clear();
          statement = prepare(source);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
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
  // A connection the server ends (a restart, `pg_terminate_backend`, a lost network) emits
  // `error` — on the pool while idle, on the client while checked out between two queries (a
  // transaction's) — and an `error` nobody hears ends the process. The query that uses it fails
  // with its own error (reported where it is made; `/readyz` says the database is unavailable)
  // and the pool drops the connection and opens a new one for the next query.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  // Until it listens, and whenever its LISTEN connection is lost, the node cannot tell what
  // other nodes changed: kept answers are neither used nor made (cache misses, never stale).
  let listening = false;
  const changes = new ChangeClock(() => listening);
  const db = new Kysely<Tables>({
    dialect: timedDialect(new OneSchemaPostgresDialect({ pool }, schema), "postgres"),
    plugins: [new TableWrites(changes)],
  });
  // The pool's connection counts, in the metrics until the store closes.
  const removePool = poolSources.add(pool);
  const watcher = new ChangeWatcher(parsed.toString(), (payload) =>
    applyNotification(changes, schema, payload),
  );
  watcher.onState = (up) => {
    // What was missed while down is unknown.
    if (up) changes.all();
    listening = up;
  };
  return {
    db,
    dialect: "postgres",
    schema,
    changes,
    watchChanges: () => watcher.start(),
    close: async () => {
      removePool();
      await watcher.stop();
      await db.destroy();
    },
  };
}

function hasChangeLog(database: SQLite.Database): boolean {
  return (
    database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'data_changes'")
      .get() !== undefined
  );
}

/** A cheap round trip for readiness checks. */
export async function ping(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
