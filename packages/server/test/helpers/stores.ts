/**
 * Runs a suite once per dialect: SQLite in a temporary file, and PostgreSQL when
 * TEST_DATABASE_URL is set (`.ci/run` sets it). Each test gets a fresh, migrated store, copied
 * from the run's template (store-templates.ts): a database of its own on PostgreSQL, or a schema
 * of its own when the file runs outside `npm test`.
 */

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { needsPostgres } from "./requirements.js";
import {
  copySqliteTemplate,
  createPostgresFromTemplate,
  MIGRATED,
  type TemplateContent,
} from "./store-templates.js";

export interface TestStore {
  store: Store;
  url: string;
  dispose(): Promise<void>;
}

export const DIALECTS = ["sqlite", "postgres"] as const;
export type TestDialect = (typeof DIALECTS)[number];

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Skip reason for a dialect that is not available here, or undefined. Under CI=true a missing
 * PostgreSQL is an error instead (requirements.ts): nothing skips in CI.
 */
export function unavailable(dialect: TestDialect): string | undefined {
  return dialect === "postgres" ? needsPostgres() : undefined;
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

/**
 * A fresh, migrated store of `dialect`; with `content`, also holding what that template holds
 * (e.g. the seeded sample world).
 */
export async function createTestStore(
  dialect: TestDialect,
  content: TemplateContent = MIGRATED,
): Promise<TestStore> {
  const { url, cleanup } = await copiedStore(dialect, content);
  const store = openStore(url, { poolSize: 4 });
  return {
    store,
    url,
    dispose: async () => {
      await store.close();
      await cleanup();
    },
  };
}

/** A store URL holding `content`: a copy of the run's template, else one built here. */
async function copiedStore(
  dialect: TestDialect,
  content: TemplateContent,
): Promise<{ url: string; cleanup: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const fresh = freshUrl("sqlite");
    await copySqliteTemplate(content, fresh.url.slice("sqlite:".length));
    return fresh;
  }
  if (content.file !== undefined) throw new Error("a store file is a SQLite store");
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const copy = await createPostgresFromTemplate(postgresUrl, content);
  if (copy !== undefined) return { url: copy.url, cleanup: copy.drop };
  const fresh = freshUrl("postgres");
  const store = openStore(fresh.url, { poolSize: 4 });
  try {
    await migrate(store);
    await content.fill?.(store);
  } finally {
    await store.close();
  }
  return fresh;
}
