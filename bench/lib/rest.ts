/**
 * What the REST benchmark's sections share: the api server as a pinned child process
 * (bench/api-server.ts), the pinned wrk measurement, medians of interleaved rounds, and a raw
 * probe of one answer (status, headers, bytes on the wire — fetch would decompress them).
 */
import type { ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { request } from "node:http";
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
): Promise<{ child: ChildProcess; port: number }> {
  const fd = openSync(logFile, "w");
  const child = spawnScript(SERVER, args, ["ignore", fd, "pipe"], SERVER_CPU);
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
