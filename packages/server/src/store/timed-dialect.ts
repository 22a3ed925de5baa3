/**
 * A Kysely dialect whose transactions are timed: from BEGIN to COMMIT or ROLLBACK, observed in
 * `scoreline_db_transaction_duration_seconds` (metrics/store-metrics.ts). Every transaction of
 * the store passes the driver, whoever opens it (the feed ingestor, the usage ledger, imports,
 * migrations), so none is missed and no caller needs to know.
 */
import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  TransactionSettings,
} from "kysely";
import { observeTransaction } from "../metrics/store-metrics.js";

export function timedDialect(dialect: Dialect, name: "sqlite" | "postgres"): Dialect {
  return {
    createDriver: () => new TimedDriver(dialect.createDriver(), name),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector =>
      dialect.createIntrospector(db),
  };
}

class TimedDriver implements Driver {
  /** When each connection's open transaction began (performance.now()). */
  private readonly began = new WeakMap<DatabaseConnection, number>();
  readonly savepoint?: Driver["savepoint"];
  readonly rollbackToSavepoint?: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint?: Driver["releaseSavepoint"];

  constructor(
    private readonly inner: Driver,
    private readonly dialect: "sqlite" | "postgres",
  ) {
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    this.began.set(connection, performance.now());
    await this.inner.beginTransaction(connection, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.observe(connection, "commit");
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.observe(connection, "rollback");
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private observe(connection: DatabaseConnection, outcome: "commit" | "rollback"): void {
    const began = this.began.get(connection);
    if (began === undefined) return;
    this.began.delete(connection);
    observeTransaction(this.dialect, outcome, (performance.now() - began) / 1000);
  }
}
