/**
 * Bulk history export: 200,000 finished football matches in a SQLite store, exported as NDJSON
 * and CSV over a real port by the history route in a child process (so its memory is its own),
 * consumed with `fetch` as a stream. Reports rows per second and the server's heap and RSS
 * growth during the export. Baseline in the same run: the same rows read by the product's SQL
 * straight through better-sqlite3 (`.iterate()`, JSON.stringify per row, into a discard
 * stream) — no HTTP, no presenter.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import SQLite from "better-sqlite3";
import Fastify, { type FastifyBaseLogger } from "fastify";
import type { App } from "../packages/server/src/http/app-type.js";
import { installErrorHandling } from "../packages/server/src/http/error-handler.js";
import { historyRoutes } from "../packages/server/src/http/routes/v1/history.js";
import { ErrorEnvelope } from "../packages/server/src/http/schemas/common.js";
import { newId } from "../packages/server/src/lib/ids.js";
import { createLogger } from "../packages/server/src/logger.js";
import { inKeysetOrder } from "../packages/server/src/services/history/keyset.js";
import {
  historyRows,
  resolveHistorySelection,
} from "../packages/server/src/services/history/selection.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { emptyDataset, type RecordOf } from "../packages/server/src/store/dataset.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { insertRows, writeDataset } from "../packages/server/src/store/write-dataset.js";
import { stopChild } from "./lib/child.js";
import { count, mebibytes, seconds } from "./lib/format.js";
import { median } from "./lib/stats.js";

const ROWS = 200_000;
const RUNS = 3;
const SERVER_FLAG = "--history-export-server";
const STAMP = "2026-11-21T10:00:00Z";

interface Memory {
  rss: number;
  heapUsed: number;
}
interface ExportRun {
  ms: number;
  rows: number;
  bytes: number;
  before: Memory;
  peak: Memory;
}

export async function historyExportBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-history-"));
  const path = join(dir, "history.db");
  try {
    const store = openStore(`sqlite:${path}`);
    await migrate(store);
    const loadMs = await timed(() => writeMatches(store, ROWS));
    const sql = await exportSql(store);
    await store.close();

    const server = await startServer(path);
    const ndjson: ExportRun[] = [];
    const csv: ExportRun[] = [];
    let retained: ExportRun;
    try {
      for (let i = 0; i < RUNS; i++) ndjson.push(await exportOnce(server, "ndjson", "peak"));
      for (let i = 0; i < RUNS; i++) csv.push(await exportOnce(server, "csv", "peak"));
      retained = await exportOnce(server, "ndjson", "retained");
    } finally {
      await stopChild(server.child);
    }
    const raw: number[] = [];
    for (let i = 0; i < RUNS; i++) raw.push(await rawExport(path, sql));

    for (const run of [...ndjson, ...csv, retained]) {
      if (run.rows !== ROWS) throw new Error(`export returned ${run.rows} rows, not ${ROWS}`);
    }
    return report(loadMs, ndjson, csv, retained, median(raw));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(
  loadMs: number,
  ndjson: ExportRun[],
  csv: ExportRun[],
  retained: ExportRun,
  rawMs: number,
): string {
  const rawRate = ROWS / (rawMs / 1000);
  const lines = [
    `Store: SQLite file, ${ROWS.toLocaleString("en")} finished football matches (written in ${seconds(loadMs)}). Medians of ${RUNS}.`,
    "",
    "| export | time | rows/s | body | server heap growth (peak) | server RSS growth (peak) | baseline rows/s | ratio |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [name, runs] of [
    ["NDJSON over HTTP (`format=ndjson`)", ndjson],
    ["CSV over HTTP (`format=csv`)", csv],
  ] as const) {
    const ms = median(runs.map((r) => r.ms));
    const rate = ROWS / (ms / 1000);
    const heap = Math.max(...runs.map((r) => r.peak.heapUsed - r.before.heapUsed));
    const rss = Math.max(...runs.map((r) => r.peak.rss - r.before.rss));
    const body = median(runs.map((r) => r.bytes));
    lines.push(
      `| ${name} | ${seconds(ms)} | ${count(rate)} | ${mebibytes(body)} | ${mebibytes(heap)} | ${mebibytes(rss)} | ${count(rawRate)} | ${(rate / rawRate).toFixed(2)} |`,
    );
  }
  lines.push(
    `| baseline: product SQL through better-sqlite3 \`.iterate()\` + JSON.stringify → discard | ${seconds(rawMs)} | ${count(rawRate)} | | | | | 1.00 |`,
    "",
    `Retained heap during an NDJSON export (live heap after a forced GC, every 200 ms): ${mebibytes(retained.before.heapUsed)} before, at most ${mebibytes(retained.peak.heapUsed)} during, for a ${mebibytes(retained.bytes)} body.`,
    "",
    "Target: ≥ 100,000 rows/s; memory independent of the selection's size. Growth is the worst run's",
    "peak minus the value just before it (after a forced GC), sampled every 50 ms in the server; the",
    "heap peak includes garbage not yet collected, the retained figure does not.",
  );
  return `${lines.join("\n")}\n`;
}

// --- the export over HTTP -------------------------------------------------------------------

interface Server {
  child: ChildProcess;
  base: string;
}

/** `peak`: plain sampling; `retained`: the server collects before each sample (slower). */
type Sampling = "peak" | "retained";

async function exportOnce(
  server: Server,
  format: "ndjson" | "csv",
  sampling: Sampling,
): Promise<ExportRun> {
  const before = await ask<Memory>(server.child, sampling);
  const t = performance.now();
  const response = await fetch(`${server.base}/v1/football/history/matches?format=${format}`);
  if (response.status !== 200 || response.body === null) {
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  }
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  }
  const ms = performance.now() - t;
  const peak = await ask<Memory>(server.child, "report");
  return { ms, rows: format === "csv" ? newlines - 1 : newlines, bytes, before, peak };
}

async function startServer(path: string): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), [SERVER_FLAG, path], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { base: string }).base));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, base };
}

function ask<T>(child: ChildProcess, question: Sampling | "report"): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (answer) => resolve(answer as T));
    child.send(question);
  });
}

/**
 * The child: serve the store and sample its memory every 50 ms. `peak` / `retained` start a
 * measurement (after a forced GC) and answer the starting point; `report` answers the peak.
 */
async function serveForBench(path: string): Promise<void> {
  const store = openStore(`sqlite:${path}`);
  const app = await historyApp(store);
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  let peak: Memory = { rss: 0, heapUsed: 0 };
  let sampling: Sampling = "peak";
  let tick = 0;
  const sample = () => {
    if (sampling === "retained") {
      if (++tick % 4 !== 0) return;
      gc();
    }
    const m = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, m.rss), heapUsed: Math.max(peak.heapUsed, m.heapUsed) };
  };
  setInterval(sample, 50).unref();
  process.on("message", (question) => {
    if (question === "report") {
      process.send?.(peak);
      return;
    }
    sampling = question === "retained" ? "retained" : "peak";
    gc();
    gc();
    const m = process.memoryUsage();
    peak = { rss: m.rss, heapUsed: m.heapUsed };
    process.send?.(peak);
  });
  process.once("SIGTERM", async () => {
    await app.close();
    await store.close();
    process.disconnect?.();
  });
  process.send?.({ base });
}

/**
 * The history route with the product's error handling and nothing else: one export request
 * makes authentication and the other hooks' per-request cost irrelevant to rows per second.
 */
async function historyApp(store: Store): Promise<App> {
  const clock = () => new Date();
  const app = Fastify({
    loggerInstance: createLogger("silent") as FastifyBaseLogger,
    ajv: { customOptions: { allErrors: true, coerceTypes: true } },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  app.addSchema(ErrorEnvelope);
  installErrorHandling(app, clock);
  historyRoutes(app, { store, clock });
  await app.ready();
  return app;
}

// --- the baseline ---------------------------------------------------------------------------

async function exportSql(store: Store): Promise<{ sql: string; parameters: unknown[] }> {
  const ctx = { store, clock: () => new Date() };
  const selection = await resolveHistorySelection(ctx, "football", {});
  const compiled = inKeysetOrder(historyRows(ctx, selection)).compile();
  return { sql: compiled.sql, parameters: [...compiled.parameters] };
}

async function rawExport(path: string, query: { sql: string; parameters: unknown[] }) {
  const db = new SQLite(path, { readonly: true });
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  const t = performance.now();
  for (const row of db.prepare(query.sql).iterate(...query.parameters)) {
    if (!discard.write(`${JSON.stringify(row)}\n`)) {
      await new Promise((resolve) => discard.once("drain", resolve));
    }
  }
  const elapsed = performance.now() - t;
  db.close();
  return elapsed;
}

// --- the data -------------------------------------------------------------------------------

/** Four competitions, five seasons, 20 teams each; `total` finished matches in kickoff order. */
async function writeMatches(store: Store, total: number): Promise<void> {
  const d = emptyDataset();
  d.countries.push({ code: "BX", name: "Benchland", updated_at: STAMP });
  const seasonNames = ["2021-2022", "2022-2023", "2023-2024", "2024-2025", "2025-2026"];
  const leagues = ["Premier", "Championship", "League One", "League Two"].map((name) => {
    const id = newId("co");
    const seasons = seasonNames.map(() => newId("se"));
    const teams = Array.from({ length: 20 }, () => newId("tm"));
    d.competitions.push({
      id,
      sport: "football",
      slug: `bench-${name.toLowerCase().replace(" ", "-")}`,
      name: `Bench ${name}`,
      country_code: "BX",
      tier: 1,
      type: "league",
      gender: "men",
      current_season_id: seasons.at(-1) ?? null,
      rules: {},
      source: "bench",
      search_name: name.toLowerCase(),
      updated_at: STAMP,
    });
    seasons.forEach((seasonId, i) => {
      const year = 2021 + i;
      d.seasons.push({
        id: seasonId,
        sport: "football",
        competition_id: id,
        name: seasonNames[i] ?? "",
        start_date: `${year}-08-01`,
        end_date: `${year + 1}-05-31`,
        updated_at: STAMP,
      });
    });
    teams.forEach((teamId, i) => {
      const team = `${name} Town ${i + 1}`;
      d.teams.push({
        id: teamId,
        sport: "football",
        slug: `bench-${teamId}`,
        name: team,
        short_name: team.slice(0, 12),
        abbreviation: "BTN",
        kind: "team",
        country_code: "BX",
        city: null,
        founded: null,
        venue: null,
        player_id: null,
        search_name: team.toLowerCase(),
        updated_at: STAMP,
      });
    });
    return { id, seasons, teams };
  });
  await writeDataset(store, d);

  const perSeason = Math.ceil(total / seasonNames.length);
  const step = Math.floor((300 * 86_400_000) / perSeason / 1000) * 1000;
  await store.db.transaction().execute(async (trx) => {
    let batch: Array<RecordOf<"fixtures">> = [];
    for (let i = 0; i < total; i++) {
      const si = Math.floor(i / perSeason);
      const league = leagues[i % leagues.length];
      if (league === undefined) continue;
      const home = league.teams[i % 20] ?? null;
      const away = league.teams[(i + 1 + (i % 19)) % 20] ?? null;
      const h = i % 4;
      const a = (i * 7) % 3;
      const kickoff = Date.UTC(2021 + si, 7, 1, 12) + (i % perSeason) * step;
      batch.push({
        id: newId("fx"),
        sport: "football",
        competition_id: league.id,
        season_id: league.seasons[si] ?? "",
        round: `Round ${(Math.floor((i % perSeason) / 40) % 38) + 1}`,
        kickoff: `${new Date(kickoff).toISOString().slice(0, 19)}Z`,
        status: "finished",
        period: null,
        minute: null,
        home_team_id: home,
        away_team_id: away,
        venue: "Bench Park",
        officials: [{ role: "referee", name: "A. Referee" }],
        broadcast: [],
        score: { home: h, away: a, halftime: { home: Math.min(h, 1), away: Math.min(a, 1) } },
        home_score: h,
        away_score: a,
        result: {
          outcome: h > a ? "home" : h < a ? "away" : "draw",
          winner_team_id: h > a ? home : h < a ? away : null,
          decided_by: "regulation",
          text: `${h}-${a}`,
        },
        participants: null,
        last_event: null,
        sequence: 0,
        source: "bench",
        created_at: STAMP,
        updated_at: STAMP,
      });
      if (batch.length === 5_000) {
        await insertRows(trx, "fixtures", batch);
        batch = [];
      }
    }
    await insertRows(trx, "fixtures", batch);
  });
}

// --- helpers --------------------------------------------------------------------------------

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

if (process.argv[2] === SERVER_FLAG && process.argv[3] !== undefined) {
  await serveForBench(process.argv[3]);
}
