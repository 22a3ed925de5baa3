// The test run's store templates (ADR-0048; packages/server/test/helpers/store-templates.ts
// builds and copies them): a folder for the SQLite template files and a name prefix for the
// PostgreSQL template databases, both removed when the run ends. Templates older than a day, left
// by a run that was killed, are removed at the start of the next.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "scoreline_tpl";
const DAY_S = 24 * 60 * 60;

/** Makes the run's template places; `env` names them for the test processes. */
export async function prepareTestTemplates() {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-templates-"));
  const startedS = Math.floor(Date.now() / 1000);
  const prefix = `${PREFIX}_${startedS}_${Math.random().toString(36).slice(2, 8)}`;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const env = { SCORELINE_TEST_TEMPLATES: dir };
  if (serverUrl) {
    env.SCORELINE_TEST_PG_TEMPLATES = prefix;
    await dropTemplates(serverUrl, (name) => {
      const made = Number(name.split("_")[2]);
      return Number.isFinite(made) && made < startedS - DAY_S;
    });
  }
  return {
    env,
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
      if (serverUrl) await dropTemplates(serverUrl, (name) => name.startsWith(prefix));
    },
  };
}

/** Drops the template databases (and half-built ones) whose name `chosen` picks. */
async function dropTemplates(serverUrl, chosen) {
  const { default: pg } = await import("pg");
  const url = new URL(serverUrl);
  url.searchParams.delete("schema");
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
    const { rows } = await admin.query("select datname from pg_database where datname like $1", [
      `${PREFIX}\\_%`,
    ]);
    for (const { datname } of rows) {
      if (chosen(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } catch (error) {
    console.error(`run-tests: could not remove the PostgreSQL templates: ${error.message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}
