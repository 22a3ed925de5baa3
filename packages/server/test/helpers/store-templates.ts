/**
 * Stores from templates (ADR-0048): a store is migrated — and, for the tests that read the sample
 * world, seeded — once per test run; each test then starts from a copy. SQLite copies the
 * template's file; PostgreSQL creates a database `TEMPLATE` the template database.
 *
 * `npm test` (scripts/run-tests.mjs) names the run's template folder and PostgreSQL name prefix in
 * SCORELINE_TEST_TEMPLATES and SCORELINE_TEST_PG_TEMPLATES, and removes both when the run ends.
 * The first process that needs a template builds it (a lock file, a PostgreSQL advisory lock); the
 * others wait and copy. A file run on its own (`node --test one.test.ts`) keeps its SQLite
 * templates in a folder of its own and builds PostgreSQL stores as before, schema by schema.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";

/** What a template holds beyond the schema: nothing, or a sample world seeded as tests seed it. */
export interface TemplateContent {
  /** A name for the content, part of the template's name (letters, digits, `_`). */
  name: string;
  /** Fills a migrated store. */
  fill?: (store: Store) => Promise<void>;
  /** SQLite only: a store file a test saved (e.g. with `VACUUM INTO`), copied as it is. */
  file?: string;
}

export const MIGRATED: TemplateContent = { name: "migrated" };

const runDir = process.env.SCORELINE_TEST_TEMPLATES;
const pgPrefix = process.env.SCORELINE_TEST_PG_TEMPLATES;
let ownDir: string | undefined;

function templateDir(): string {
  if (runDir !== undefined) return runDir;
  if (ownDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-templates-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    ownDir = dir;
  }
  return ownDir;
}

/** Copies the SQLite template holding `content` to `path` (building the template first if need be). */
export async function copySqliteTemplate(content: TemplateContent, path: string): Promise<void> {
  if (content.file !== undefined) {
    copyFileSync(content.file, path);
    return;
  }
  const template = join(templateDir(), `${content.name}.db`);
  if (!existsSync(template)) await buildSqliteTemplate(content, template);
  copyFileSync(template, path);
}

async function buildSqliteTemplate(content: TemplateContent, template: string): Promise<void> {
  mkdirSync(templateDir(), { recursive: true });
  const lock = `${template}.lock`;
  for (;;) {
    if (existsSync(template)) return;
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch {
      // another process builds it: wait for its rename (or for a lock left by a killed process)
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (staleLock(lock)) rmSync(lock, { force: true });
    }
  }
  try {
    if (existsSync(template)) return;
    const building = `${template}.${process.pid}.building`;
    const store = openStore(`sqlite:${building}`);
    try {
      await migrate(store);
      await content.fill?.(store);
    } finally {
      await store.close(); // checkpoints the WAL into the file: the file alone is the store
    }
    renameSync(building, template);
  } finally {
    // Forced: a waiter that took the lock for stale may have removed it already.
    rmSync(lock, { force: true });
  }
}

const lockSeen = new Map<string, number>();
/**
 * A lock file still there after ten minutes was left by a process that died (building the full
 * world takes under a minute, a few on a loaded machine). Were it still building, both builds
 * would complete and the last rename win: either file is the same template.
 */
function staleLock(lock: string): boolean {
  const first = lockSeen.get(lock) ?? Date.now();
  lockSeen.set(lock, first);
  return Date.now() - first > 600_000;
}

/**
 * A new PostgreSQL database copied from the run's template holding `content`, or undefined when
 * this process runs outside `npm test` (no template prefix): then the caller migrates a schema.
 */
export async function createPostgresFromTemplate(
  serverUrl: string,
  content: TemplateContent,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (pgPrefix === undefined) return undefined;
  const template = `${pgPrefix}_${content.name}_${digest(serverUrl)}`.slice(0, 63);
  const name = `t_${randomBytes(8).toString("hex")}`;
  await withAdmin(serverUrl, async (admin) => {
    await ensurePostgresTemplate(admin, serverUrl, template, content);
    await admin.query(`create database ${name} template ${template}`);
    // Throwaway data: a commit need not wait for the disk (never in production code paths).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await withAdmin(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function ensurePostgresTemplate(
  admin: pg.Client,
  serverUrl: string,
  template: string,
  content: TemplateContent,
): Promise<void> {
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [template])).rowCount === 1;
  if (await exists()) return;
  const lock = Number.parseInt(digest(template).slice(0, 12), 16);
  await admin.query("select pg_advisory_lock($1)", [lock]);
  try {
    if (await exists()) return;
    const building = `${template.slice(0, 50)}_b${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building}`);
    const store = openStore(databaseUrl(serverUrl, building), { poolSize: 4 });
    try {
      await migrate(store);
      await content.fill?.(store);
    } finally {
      await store.close();
    }
    // Complete before it has its name: a template is never seen half-built.
    await admin.query(`alter database ${building} rename to ${template}`);
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [lock]);
  }
}

async function withAdmin<T>(serverUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, null) });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** The server's URL for database `name` (the URL's own database when null), without `schema`. */
function databaseUrl(serverUrl: string, name: string | null): string {
  const url = new URL(serverUrl);
  if (name !== null) url.pathname = `/${name}`;
  url.searchParams.delete("schema");
  return url.toString();
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}
