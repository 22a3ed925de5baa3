/**
 * REST throughput and latency with autocannon against real ports: each endpoint of the api role
 * (a child process on a demo-seeded SQLite store, logging at info to a file) against a bare
 * node:http server (another child process) returning a body of the same size, in the same run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedDemoData } from "../packages/server/src/sample/seed-demo.js";
import { openStore } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";

const BIN = new URL("../packages/server/bin/scoreline.js", import.meta.url).pathname;
const BARE = new URL("./bare-server.ts", import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
}

export async function restApiBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-rest-"));
  const dbPath = join(dir, "bench.db");
  const { matchId } = await prepareStore(dbPath);
  const lines: string[] = [
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, after a 2 s warm-up. The api role logs every request at \`info\` to a file.`,
    "",
  ];
  try {
    for (const cache of [true, false]) {
      lines.push(
        cache
          ? "### Read cache on (the default; a quiet store, so requests after the first are hits)"
          : "### Read cache off (`--read-cache false`: every request runs its queries)",
        "",
        ...(await measureAll(dir, dbPath, matchId, cache)),
        "",
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return `${lines.join("\n")}\n`;
}

async function measureAll(
  dir: string,
  dbPath: string,
  matchId: string,
  cache: boolean,
): Promise<string[]> {
  const server = await startWithLogFile(
    [BIN, "serve", "--api-port", "0", "--read-cache", String(cache)],
    { DATABASE_URL: `sqlite:${dbPath}` },
    join(dir, `serve-${cache}.log`),
  );
  const endpoints = [
    "/v1/football/fixtures",
    "/v1/football/standings?league=premier-division",
    "/v1/football/matches/live",
    `/v1/football/odds?match_id=${matchId}`,
  ];
  const lines = [
    "| endpoint | body | req/s | p50 | p99 | bare node:http req/s | p50 | p99 | ratio (req/s) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  try {
    for (const path of endpoints) {
      const url = `http://127.0.0.1:${server.port}${path}`;
      const probe = await fetch(url);
      const body = await probe.text();
      if (probe.status !== 200) {
        lines.push(`| \`${path}\` | status ${probe.status}: not measured | | | | | | | |`);
        continue;
      }
      const bodyFile = join(dir, "body.json");
      writeFileSync(bodyFile, body);
      const ours = await measure(url);
      const bare = await start(
        process.execPath,
        ["--import", "tsx", BARE, bodyFile],
        {},
        /listening (\d+)/,
      );
      const baseline = await measure(`http://127.0.0.1:${bare.port}/`);
      await stop(bare.child);
      lines.push(
        `| \`${path}\` | ${(body.length / 1024).toFixed(1)} KiB | ${fmt(ours.rps)} | ${ours.p50} ms | ${ours.p99} ms | ${fmt(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${(ours.rps / baseline.rps).toFixed(2)} |`,
      );
    }
  } finally {
    await stop(server.child);
  }
  return lines;
}

/** Starts the api role with its logs going to a file, and waits for its listening line. */
async function startWithLogFile(
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<{ child: ChildProcess; port: number }> {
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", fd, "inherit"],
  });
  closeSync(fd);
  for (let i = 0; i < 300; i++) {
    const match = /api listening on http:\/\/[^:]+:(\d+)/.exec(readFileSync(logFile, "utf8"));
    if (match?.[1]) return { child, port: Number(match[1]) };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the api role did not start; see ${logFile}`);
}

/** Seeds the sample dataset and puts five football fixtures in play so /matches/live has data. */
async function prepareStore(path: string): Promise<{ matchId: string }> {
  const store = openStore(`sqlite:${path}`);
  await migrate(store);
  await seedDemoData(store, { seed: 20261121, now: new Date() });
  const upcoming = await store.db
    .selectFrom("fixtures")
    .select("id")
    .where("sport", "=", "football")
    .where("status", "=", "scheduled")
    .orderBy("kickoff")
    .limit(6)
    .execute();
  const live = upcoming.slice(0, 5).map((f) => f.id);
  await store.db
    .updateTable("fixtures")
    .set({
      status: "live",
      period: "2nd_half",
      minute: 60,
      score: '{"home":1,"away":1}',
      home_score: 1,
      away_score: 1,
    })
    .where("id", "in", live)
    .execute();
  const odds = await store.db
    .selectFrom("odds")
    .select("fixture_id")
    .where("sport", "=", "football")
    .limit(1)
    .executeTakeFirstOrThrow();
  await store.close();
  return { matchId: odds.fixture_id };
}

async function measure(url: string): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(command, args, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = ready.exec(seen);
      if (match?.[1]) {
        resolve(Number(match[1]));
        seen = "";
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");
