/**
 * Generating and loading the sample dataset: into SQLite and PostgreSQL through the product's
 * writer, against a baseline of the same rows through each raw driver (better-sqlite3 prepared
 * statements; pg multi-row inserts), and the time from `scoreline serve --demo` on an empty
 * store to a ready server.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { generateSampleData } from "../packages/server/src/sample/generate.js";
import { openStore } from "../packages/server/src/store/database.js";
import { DATASET_TABLES, type Dataset, rowCounts } from "../packages/server/src/store/dataset.js";
import { toRow } from "../packages/server/src/store/json-columns.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { writeDataset } from "../packages/server/src/store/write-dataset.js";
import { stopChild, waitForLine } from "./lib/child.js";
import { duration, perSecond } from "./lib/format.js";
import { median } from "./lib/stats.js";

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BIN = new URL("../packages/server/bin/scoreline.js", import.meta.url).pathname;
const RUNS = 3;

export async function sampleLoadBench(): Promise<string> {
  const anchor = new Date();
  const generateMs: number[] = [];
  let dataset: Dataset | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    dataset = generateSampleData({ seed: 20261121, anchor });
    generateMs.push(performance.now() - t);
  }
  if (dataset === undefined) throw new Error("no dataset");
  const counts = rowCounts(dataset);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);

  const lines: string[] = [];
  lines.push(`Dataset: ${total.toLocaleString("en")} rows.`, "");
  lines.push("| table | rows |", "|---|---:|");
  for (const table of DATASET_TABLES)
    lines.push(`| ${table} | ${counts[table].toLocaleString("en")} |`);
  lines.push(
    "",
    "| step (median of 3) | time | rows/s | baseline (raw driver) | ratio |",
    "|---|---:|---:|---:|---:|",
  );
  lines.push(
    `| generate all ten sports | ${duration(median(generateMs))} | ${perSecond(total, median(generateMs))} | | |`,
  );

  const sqliteStore = await measure(() => loadSqlite(dataset));
  const sqliteRaw = await measure(() => rawSqlite(dataset));
  lines.push(row("load into SQLite (writeDataset)", total, sqliteStore, sqliteRaw));
  if (PG_URL) {
    const pgStore = await measure(() => loadPostgres(dataset));
    const pgRaw = await measure(() => rawPostgres(dataset));
    lines.push(row("load into PostgreSQL (writeDataset)", total, pgStore, pgRaw));
  } else {
    lines.push("| load into PostgreSQL | skipped: set BENCH_DATABASE_URL | | | |");
  }
  const serve = await measure(() => timeToServing());
  lines.push(
    `| \`serve --demo\` on an empty SQLite store → /readyz 200 | ${duration(serve)} | | | target < 10 s |`,
  );
  return `${lines.join("\n")}\n`;
}

function row(name: string, total: number, product: number, baseline: number): string {
  return `| ${name} | ${duration(product)} | ${perSecond(total, product)} | ${duration(baseline)} | ${(baseline / product).toFixed(2)} |`;
}

async function measure(fn: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await fn());
  return median(times);
}

function tempSqlite(): { path: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-"));
  return { path: join(dir, "bench.db"), done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function loadSqlite(dataset: Dataset): Promise<number> {
  const { path, done } = tempSqlite();
  const store = openStore(`sqlite:${path}`);
  await migrate(store);
  const t = performance.now();
  await writeDataset(store, dataset);
  const elapsed = performance.now() - t;
  await store.close();
  done();
  return elapsed;
}

/** Baseline: one prepared INSERT per table in one transaction, straight through better-sqlite3. */
async function rawSqlite(dataset: Dataset): Promise<number> {
  const { path, done } = tempSqlite();
  const store = openStore(`sqlite:${path}`);
  await migrate(store);
  await store.close();
  const db = new SQLite(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  const t = performance.now();
  db.transaction(() => {
    for (const table of DATASET_TABLES) {
      const records = dataset[table] as unknown as Array<Record<string, unknown>>;
      const first = records[0];
      if (first === undefined) continue;
      const columns = Object.keys(first);
      const insert = db.prepare(
        `insert into ${table} (${columns.join(",")}) values (${columns.map(() => "?").join(",")})`,
      );
      for (const record of records) {
        const r = toRow(table, record);
        insert.run(...columns.map((c) => r[c] as string | number | null));
      }
    }
  })();
  const elapsed = performance.now() - t;
  db.close();
  done();
  return elapsed;
}

async function loadPostgres(dataset: Dataset): Promise<number> {
  const schema = `bench_${process.pid}_${Date.now()}`;
  const store = openStore(`${PG_URL}${PG_URL?.includes("?") ? "&" : "?"}schema=${schema}`);
  await migrate(store);
  const t = performance.now();
  await writeDataset(store, dataset);
  const elapsed = performance.now() - t;
  await store.close();
  await dropSchema(schema);
  return elapsed;
}

/** Baseline: multi-row INSERTs of 1,000 rows straight through pg, in one transaction. */
async function rawPostgres(dataset: Dataset): Promise<number> {
  const schema = `bench_raw_${process.pid}_${Date.now()}`;
  const store = openStore(`${PG_URL}${PG_URL?.includes("?") ? "&" : "?"}schema=${schema}`);
  await migrate(store);
  await store.close();
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await client.connect();
  const t = performance.now();
  await client.query("begin");
  for (const table of DATASET_TABLES) {
    const records = dataset[table] as unknown as Array<Record<string, unknown>>;
    const first = records[0];
    if (first === undefined) continue;
    const columns = Object.keys(first);
    const chunk = Math.floor(60_000 / columns.length);
    for (let start = 0; start < records.length; start += chunk) {
      const rows = records.slice(start, start + chunk).map((r) => toRow(table, r));
      const values: unknown[] = [];
      const tuples = rows.map((r) => {
        const params = columns.map((c) => {
          values.push(r[c]);
          return `$${values.length}`;
        });
        return `(${params.join(",")})`;
      });
      await client.query(
        `insert into ${table} (${columns.join(",")}) values ${tuples.join(",")}`,
        values,
      );
    }
  }
  await client.query("commit");
  const elapsed = performance.now() - t;
  await client.end();
  await dropSchema(schema);
  return elapsed;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.end();
}

/** Whole-process: spawn `scoreline serve --demo` on a new SQLite file, poll /readyz. */
async function timeToServing(): Promise<number> {
  const { path, done } = tempSqlite();
  const t = performance.now();
  const child = spawn(
    process.execPath,
    [BIN, "serve", "--demo", "--api-port", "0", "--log-level", "info"],
    {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: `sqlite:${path}` },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const address = await waitForLine(child, child.stdout, /api listening on (http:\/\/[^"\s]+)/);
  while (
    (await fetch(`${address}/readyz`)
      .then((r) => r.status)
      .catch(() => 0)) !== 200
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - t;
  await stopChild(child);
  done();
  return elapsed;
}
