/** Brings the schema up to date; runs on start and with `scoreline migrate`. */
import { Migrator, sql } from "kysely";
import type { Store } from "./database.js";
import { MIGRATIONS } from "./migrations/index.js";

export interface MigrationReport {
  applied: string[];
  current: string[];
}

export async function migrate(store: Store): Promise<MigrationReport> {
  if (store.dialect === "postgres" && store.schema !== null) {
    await sql`create schema if not exists ${sql.id(store.schema)}`.execute(store.db);
  }
  const migrator = migratorFor(store);
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${(error as Error).message}`, { cause: error });
  }
  return {
    applied: (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName),
    current: Object.keys(MIGRATIONS),
  };
}

/** True when every known migration has been applied (readiness). */
export async function isMigrated(store: Store): Promise<boolean> {
  const migrations = await migratorFor(store).getMigrations();
  return migrations.every((m) => m.executedAt !== undefined);
}

/**
 * Kysely looks for its bookkeeping tables in every schema unless told which: name ours, so a
 * database holding several Scoreline schemas keeps their migration state apart.
 */
function migratorFor(store: Store): Migrator {
  return new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(store.schema !== null ? { migrationTableSchema: store.schema } : {}),
  });
}
