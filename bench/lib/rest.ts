/**
 * What the REST benchmark's sections share: the api server as a pinned child process
 * (bench/api-server.ts), the pinned wrk measurement, medians of interleaved rounds, and a raw
 * probe of one answer (status, headers, bytes on the wire — fetch would decompress them).
 */
import type { ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAccount, createKey } from "../../packages/server/src/accounts/accounts-service.js";
import { DEFAULT_PLANS } from "../../packages/server/src/config/plans.js";
import { seedDemoData } from "../../packages/server/src/sample/load-sample-world.js";
import { openStore } from "../../packages/server/src/store/database.js";
import { migrate } from "../../packages/server/src/store/migrate.js";
import { portOf, spawnScript } from "./child.js";
import { median } from "./stats.js";
import { wrk } from "./wrk.js";

const SERVER = new URL("../api-server.ts", import.meta.url).pathname;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
export const CONNECTIONS = 32;
/** The server's core and the load generator's. */
export const SERVER_CPU = 1;
export const LOAD_CPU = 0;
/** Interleaved rounds of the comparisons (medians reported). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
}

/** The benchmark's store and key: a demo-seeded SQLite file in a temporary directory. */
export interface Setup {
  dir: string;
  db: string;
  matchId: string;
  teamId: string;
  key: string;
  /** Removes the directory. */
  dispose(): void;
}

/** A temporary directory with a demo-seeded SQLite store in it (see `prepareStore`). */
export async function prepareRestStore(prefix: string): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = join(dir, "bench.db");
  return {
    dir,
    db,
    ...(await prepareStore(db)),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function measure(url: string, headers: Record<string, string>): Promise<Measured> {
  return wrk(url, { connections: CONNECTIONS, durationS: DURATION_S, cpu: LOAD_CPU, headers });
}

/** The median of runs by req/s (the whole run: its latencies come with it). */
function medianOf(runs: Measured[]): Measured {
  const rps = median(runs.map((r) => r.rps));
  return runs.find((r) => r.rps === rps) as Measured;
}

/**
 * Each of `variants` measured in turn, `ROUNDS` times over, so slow drift on a shared machine
 * hits every variant alike; the median run of each.
 */
export async function interleaved(
  variants: ReadonlyArray<{ url: string; headers: Record<string, string> }>,
): Promise<Measured[]> {
  const runs: Measured[][] = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, v] of variants.entries()) runs[i]?.push(await measure(v.url, v.headers));
  }
  return runs.map((r) => medianOf(r));
}

/**
 * Starts bench/api-server.ts (`<db> <auth on|off> <limits memory|redis> <cache on|off>`) with its
 * log going to a file; resolves with its port.
 */
export async function startServer(
  args: string[],
  logFile: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const fd = openSync(logFile, "w");
  const child = spawnScript(SERVER, args, ["ignore", fd, "pipe"], SERVER_CPU, env);
  closeSync(fd);
  return { child, port: await portOf(child) };
}

export interface Probed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (compressed when Content-Encoding says so). */
  body: Buffer;
}

/** One GET with node:http: the bytes as they came over the wire. */
export function probe(url: string, headers: Record<string, string>): Promise<Probed> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The sample dataset, five football fixtures in play, and an enterprise key without a minute limit. */
async function prepareStore(
  path: string,
): Promise<{ matchId: string; teamId: string; key: string }> {
  const store = openStore(`sqlite:${path}`);
  await migrate(store);
  // The core world (ADR-0044): the figures in docs/PERFORMANCE.md were measured on it.
  await seedDemoData(store, { seed: 20261121, now: new Date(), world: "core" });
  const upcoming = await store.db
    .selectFrom("fixtures")
    .select("id")
    .where("sport", "=", "football")
    .where("status", "=", "scheduled")
    .orderBy("kickoff")
    .limit(5)
    .execute();
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
    .where(
      "id",
      "in",
      upcoming.map((f) => f.id),
    )
    .execute();
  const odds = await store.db
    .selectFrom("odds")
    .select("fixture_id")
    .where("sport", "=", "football")
    .limit(1)
    .executeTakeFirstOrThrow();
  const team = await store.db
    .selectFrom("teams")
    .select("id")
    .where("sport", "=", "football")
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
  const ctx = { store, clock: () => new Date(), plans: DEFAULT_PLANS };
  const account = await createAccount(ctx, {
    email: "bench@scoreline.example",
    plan: "enterprise",
    limits: { requests_per_minute: null },
  });
  const { key } = await createKey(ctx, { kind: "live", account: account.id });
  await store.close();
  return { matchId: odds.fixture_id, teamId: team.id, key };
}
