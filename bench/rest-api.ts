/**
 * REST throughput and latency with wrk against real ports: the server on one core, wrk on the
 * other (`taskset`). The api (bench/api-server.ts, a child process on a demo-seeded SQLite
 * store, logging every request at info to a file) is compared in the same run with a bare
 * node:http server (another child process) that returns a body of the same size; and, for the
 * cost of authentication, rate limiting and the usage ledger, with itself without them (memory
 * and Redis counters). Conditional requests and compression (bench/rest-api-caching.ts): a 304
 * against a cached 200, br and gzip against identity.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { portOf, spawnScript, stopChild } from "./lib/child.js";
import { count } from "./lib/format.js";
import {
  CONNECTIONS,
  DURATION_S,
  interleaved,
  LOAD_CPU,
  type Measured,
  prepareRestStore,
  ROUNDS,
  SERVER_CPU,
  type Setup,
  startServer,
} from "./lib/rest.js";
import { SIM_SPEED, startSimulator } from "./lib/simulator.js";
import { ensureWrk } from "./lib/wrk.js";
import { compressionSection, conditionalSection } from "./rest-api-caching.js";

const BARE = new URL("./bare-server.ts", import.meta.url).pathname;

export async function restApiBench(): Promise<string> {
  ensureWrk();
  const setup = await prepareRestStore("scoreline-rest-");
  const lines = [
    `wrk (1 thread, ${CONNECTIONS} connections) on core ${LOAD_CPU}, the server on core ${SERVER_CPU}; ${DURATION_S} s per measurement after a 2 s warm-up; the api authenticates every request (memory counters), counts it in the usage ledger and logs it at info to a file.`,
    "",
  ];
  const sections = (
    process.env.BENCH_REST_SECTIONS ?? "endpoints,live,uncached,auth,conditional,compression"
  )
    .split(",")
    .map((name) => name.trim());
  try {
    const modes = (["on", "live", "off"] as const).filter((mode) =>
      sections.includes(mode === "on" ? "endpoints" : mode === "live" ? "live" : "uncached"),
    );
    for (const mode of modes) {
      lines.push(
        {
          on: "### Endpoints, read cache on (the default; a quiet store, so repeated requests are hits)",
          live: `### Endpoints while the simulator runs (speed ${SIM_SPEED}, another process on the same database, on core ${LOAD_CPU}), read cache on`,
          off: "### Endpoints, read cache off (every request runs its queries)",
        }[mode],
        "",
        ...(await endpoints(setup, mode)),
        "",
      );
    }
    if (sections.includes("auth")) {
      lines.push(
        "### What authentication, rate limiting and the usage ledger cost",
        "",
        ...(await authCost(setup)),
        "",
      );
    }
    if (sections.includes("conditional")) {
      lines.push("### Conditional requests: 304 against a cached 200", "");
      lines.push(...(await conditionalSection(setup)), "");
    }
    if (sections.includes("compression")) {
      lines.push("### Compression: br and gzip against identity", "");
      lines.push(...(await compressionSection(setup)), "");
    }
  } finally {
    setup.dispose();
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Each endpoint against a bare node:http server returning its body, measured in turn for
 * `ROUNDS` interleaved rounds (medians). `live`: with the simulator writing to the same database
 * from another process the whole time.
 */
async function endpoints(setup: Setup, mode: "on" | "off" | "live"): Promise<string[]> {
  const cache = mode === "off" ? "off" : "on";
  const server = await startServer(
    [setup.db, "on", "memory", cache],
    join(setup.dir, `api-${mode}.log`),
  );
  const simulator = mode === "live" ? await startSimulator(setup.db) : undefined;
  const paths = [
    "/v1/football/fixtures",
    "/v1/football/standings?league=premier-division",
    "/v1/football/matches/live",
    `/v1/football/odds?match_id=${setup.matchId}`,
    `/v1/football/teams/${setup.teamId}`,
  ];
  const rows = [
    `| endpoint | body | req/s | p50 | p99 | ${mode === "on" ? "hits" : mode === "live" ? "hits" : "—"} | bare node:http req/s | p50 | p99 | ratio (req/s) |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const headers = { authorization: `Bearer ${setup.key}` };
  try {
    for (const path of paths) {
      const url = `http://127.0.0.1:${server.port}${path}`;
      const probe = await fetch(url, { headers });
      const body = await probe.text();
      if (probe.status !== 200) {
        rows.push(`| \`${path}\` | status ${probe.status}: not measured | | | | | | | | |`);
        continue;
      }
      const bodyFile = join(setup.dir, "body.json");
      writeFileSync(bodyFile, body);
      const bare = await startBare(bodyFile);
      const hitsBefore = mode === "off" ? undefined : await cacheHits(url, headers);
      const [ours, baseline] = (await interleaved([
        { url, headers },
        { url: `http://127.0.0.1:${bare.port}/`, headers: {} },
      ])) as [Measured, Measured];
      await stopChild(bare.child);
      const hits = hitsBefore === undefined ? "—" : hitsBefore;
      rows.push(
        `| \`${path}\` | ${(body.length / 1024).toFixed(1)} KiB | ${count(ours.rps)} | ${ours.p50} ms | ${ours.p99} ms | ${hits} | ${count(baseline.rps)} | ${baseline.p50} ms | ${baseline.p99} ms | ${(ours.rps / baseline.rps).toFixed(2)} |`,
      );
    }
  } finally {
    if (simulator !== undefined) await stopChild(simulator);
    await stopChild(server.child);
  }
  return rows;
}

/** The share of 20 requests, 200 ms apart, answered from the read cache (`X-Cache: hit`). */
async function cacheHits(url: string, headers: Record<string, string>): Promise<string> {
  let hits = 0;
  for (let i = 0; i < 20; i++) {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.headers.get("x-cache") === "hit") hits++;
    await new Promise((r) => setTimeout(r, 200));
  }
  return `${hits * 5} %`;
}

/**
 * The same cached endpoint without authentication, with memory counters, with Redis counters:
 * all three servers up at once (idle while not measured), measured in turn for three rounds,
 * medians reported, so slow drift on a shared machine hits every variant alike.
 */
async function authCost(setup: Setup): Promise<string[]> {
  const path = "/v1/football/fixtures";
  const variants = [
    { name: "no authentication, no limits", auth: "off", limits: "memory" },
    {
      name: "authentication + rate limit + quota + usage ledger, memory counters",
      auth: "on",
      limits: "memory",
    },
    {
      name: "authentication + rate limit + quota + usage ledger, Redis counters",
      auth: "on",
      limits: "redis",
    },
  ] as const;
  const servers = [];
  for (const v of variants) {
    servers.push(
      await startServer(
        [setup.db, v.auth, v.limits, "on"],
        join(setup.dir, `auth-${v.auth}-${v.limits}.log`),
      ),
    );
  }
  const headers = { authorization: `Bearer ${setup.key}` };
  let medians: Measured[];
  try {
    medians = await interleaved(
      servers.map((server) => ({ url: `http://127.0.0.1:${server.port}${path}`, headers })),
    );
  } finally {
    for (const server of servers) await stopChild(server.child);
  }
  const baseline = medians[0]?.rps ?? 1;
  return [
    `Endpoint \`${path}\` (read cache on), so the difference is authentication and counting alone; medians of ${ROUNDS} interleaved rounds.`,
    "",
    "| variant | req/s | p50 | p99 | ratio to no authentication |",
    "|---|---:|---:|---:|---:|",
    ...variants.map((v, i) => {
      const m = medians[i] as Measured;
      return `| ${v.name} | ${count(m.rps)} | ${m.p50} ms | ${m.p99} ms | ${(m.rps / baseline).toFixed(2)} |`;
    }),
  ];
}

async function startBare(bodyFile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawnScript(BARE, [bodyFile], ["ignore", "pipe", "inherit"], SERVER_CPU);
  return { child, port: await portOf(child) };
}
