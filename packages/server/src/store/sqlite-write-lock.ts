/**
 * Waiting for SQLite's write lock without blocking the event loop (ADR-0047). Several processes
 * may write one SQLite file — `scoreline serve` and a `scoreline import` beside it, or a backup —
 * and SQLite lets one of them write at a time. Its own wait (`busy_timeout`) sleeps inside the
 * call, and better-sqlite3 calls are synchronous: a server waiting there answers nothing, not even
 * `/healthz`. And a transaction that began by reading and then writes after another process
 * committed fails at once (SQLITE_BUSY_SNAPSHOT) whatever the timeout.
 *
 * So every transaction begins `BEGIN IMMEDIATE` (the write lock first: no upgrade to fail), and a
 * busy answer — to the BEGIN, or to a single statement outside a transaction — is tried again
 * after a short asynchronous pause, growing to 20–30 ms, until `waitMs` has passed; then it fails
 * with `StoreBusyError`, which says what happened. The connection's own `busy_timeout` is kept
 * short, so one attempt holds the event loop for a few milliseconds at most. And since every
 * statement answers synchronously, a long chain of them gives the event loop a turn every 40 ms
 * (`yieldNow`): health checks and requests are answered while a calendar check or an import runs.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/** The longest a write waits for another process's lock, by default. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;
/** What one synchronous attempt may wait inside SQLite (the connection's `busy_timeout`). */
export const SYNC_BUSY_TIMEOUT_MS = 5;
/** The longest pause between attempts is 1.5 times this (jitter): 30 ms. */
const MAX_PAUSE_MS = 20;
/** The longest run of statements before the event loop gets a turn. */
const YIELD_AFTER_MS = 40;

/** SQLite's write lock stayed taken for longer than the bound. */
export class StoreBusyError extends Error {
  constructor(waitedMs: number) {
    super(
      `the database is busy: another process held its write lock for over ${Math.round(waitedMs / 1000)} s (a long import, a backup, or a sqlite3 shell with a transaction open?)`,
    );
    this.name = "StoreBusyError";
  }
}

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** Wraps Kysely's SQLite driver: immediate transactions, busy answers retried asynchronously. */
export class SqliteWriteLockDriver implements Driver {
  private readonly inTransaction = new WeakSet<DatabaseConnection>();
  private readonly wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** When this driver last let the event loop turn (yieldNow). */
  private lastTurn = performance.now();

  constructor(
    private readonly inner: Driver,
    private readonly waitMs: number,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (wrapper === undefined) {
      wrapper = {
        executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          await this.yieldNow();
          // Inside a transaction the lock is held (or the statement only reads): no retry, which
          // could repeat a statement of a half-done transaction.
          return this.inTransaction.has(connection)
            ? connection.executeQuery<R>(query)
            : this.retrying(() => connection.executeQuery<R>(query));
        },
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
          connection.streamQuery<R>(query, chunkSize),
      };
      this.wrappers.set(connection, wrapper);
      unwrapped.set(wrapper, connection);
    }
    return wrapper;
  }

  async beginTransaction(wrapper: DatabaseConnection, _settings: TransactionSettings) {
    const connection = unwrap(wrapper);
    await this.retrying(() => connection.executeQuery(CompiledQuery.raw("begin immediate")));
    this.inTransaction.add(connection);
  }

  async commitTransaction(wrapper: DatabaseConnection): Promise<void> {
    const connection = unwrap(wrapper);
    try {
      await connection.executeQuery(CompiledQuery.raw("commit"));
    } finally {
      this.inTransaction.delete(connection);
    }
  }

  async rollbackTransaction(wrapper: DatabaseConnection): Promise<void> {
    const connection = unwrap(wrapper);
    try {
      await connection.executeQuery(CompiledQuery.raw("rollback"));
    } finally {
      this.inTransaction.delete(connection);
    }
  }

  savepoint: Driver["savepoint"] = (wrapper, name, compile) =>
    this.inner.savepoint?.(unwrap(wrapper), name, compile) ?? Promise.resolve();
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (wrapper, name, compile) =>
    this.inner.rollbackToSavepoint?.(unwrap(wrapper), name, compile) ?? Promise.resolve();
  releaseSavepoint: Driver["releaseSavepoint"] = (wrapper, name, compile) =>
    this.inner.releaseSavepoint?.(unwrap(wrapper), name, compile) ?? Promise.resolve();

  releaseConnection(wrapper: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(wrapper));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /**
   * better-sqlite3 answers synchronously, so a chain of awaited statements (a calendar check, a
   * prune, a large read) runs as microtasks and no timer or socket is served until it ends.
   * After YIELD_AFTER_MS of statements the next one waits for the event loop's next turn, so
   * no chain holds it for longer than that and one statement.
   */
  private async yieldNow(): Promise<void> {
    if (performance.now() - this.lastTurn < YIELD_AFTER_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.lastTurn = performance.now();
  }

  /** Runs `attempt` until it is not refused as busy, pausing between tries, up to the bound. */
  private async retrying<T>(attempt: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let pause = 1;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusy(error)) throw error;
        const waited = performance.now() - started;
        if (waited >= this.waitMs) throw new StoreBusyError(waited);
        await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())));
        pause = Math.min(MAX_PAUSE_MS, pause * 2);
      }
    }
  }
}

const unwrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

function unwrap(wrapper: DatabaseConnection): DatabaseConnection {
  return unwrapped.get(wrapper) ?? wrapper;
}
