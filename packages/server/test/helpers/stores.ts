/**
 * Runs a suite once per dialect: SQLite in a temporary file, and PostgreSQL in a schema of its
 * own when TEST_DATABASE_URL is set (`.ci/run` sets it). Each test gets a fresh, migrated store.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";

export interface TestStore {
  store: Store;
  url: string;
  dispose(): Promise<void>;
}

export const DIALECTS = ["sqlite", "postgres"] as const;
export type TestDialect = (typeof DIALECTS)[number];

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Skip reason for a dialect that is not available here, or undefined. */
export function unavailable(dialect: TestDialect): string | undefined {
  if (dialect === "postgres" && !postgresUrl) return "TEST_DATABASE_URL is not set";
  return undefined;
}

/** A fresh store URL: a new SQLite file, or a new PostgreSQL schema. */
export function freshUrl(dialect: TestDialect): { url: string; cleanup: () => Promise<void> } {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-test-"));
    return {
      url: `sqlite:${join(dir, "test.db")}`,
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const url = new URL(postgresUrl);
  url.searchParams.set("schema", schema);
  return {
    url: url.toString(),
    cleanup: async () => {
      const admin = openStore(postgresUrl, { poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    },
  };
}

export async function createTestStore(dialect: TestDialect): Promise<TestStore> {
  const { url, cleanup } = freshUrl(dialect);
  const store = openStore(url, { poolSize: 4 });
  await migrate(store);
  return {
    store,
    url,
    dispose: async () => {
      await store.close();
      await cleanup();
    },
  };
}
