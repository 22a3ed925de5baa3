/**
 * Search (ADR-0040) on a demo-seeded SQLite store. First the search itself in process, one call
 * at a time (its own latency, p50/p99), beside the directory's LIKE search it adds to.
 *
 * Then `GET /v1/search` with wrk against real ports, as the REST benchmark measures: the api
 * (bench/api-server.ts on a demo-seeded SQLite store, authenticating, counting and logging every
 * request) pinned to one core, wrk to the other; a few kinds of query picked from the store —
 * a whole name, a prefix, an accented name typed without its accents, a name with a typo, and two
 * letters (the most hits) — each against a bare node:http server returning the same body
 * (interleaved rounds, medians), plus each query's p99 alone (one connection).
 *
 * Then what the parameters rule costs on the read path: one endpoint with the rule on and off
 * (a bench-only host option), answered from the read cache and with the cache off.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { searchable } from "../packages/server/src/lib/text.js";
import { NameSearch } from "../packages/server/src/services/name-search/name-search.js";
import { listPlayers } from "../packages/server/src/services/players.js";
import { SPORTS } from "../packages/server/src/sports/types.js";
import { openStore } from "../packages/server/src/store/database.js";
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
import { median, quantile } from "./lib/stats.js";
import { ensureWrk, wrk } from "./lib/wrk.js";

const BARE = new URL("./bare-server.ts", import.meta.url).pathname;

interface Query {
  kind: string;
  q: string;
  /** The id the answer must hold (checked before measuring); none for two letters. */
  expect?: string;
}

export async function searchBench(): Promise<string> {
  ensureWrk();
  const setup = await prepareRestStore("scoreline-search-");
  const lines = [
    `wrk (1 thread, ${CONNECTIONS} connections) on core ${LOAD_CPU}, the server on core ${SERVER_CPU}; ${DURATION_S} s per measurement after a 2 s warm-up, medians of ${ROUNDS} interleaved rounds. The api authenticates every request (memory counters), counts it in the usage ledger and logs it at info to a file; the name index is built before measuring (the first search after a change reads the names again).`,
    "",
  ];
  try {
    const queries = await pickQueries(setup.db);
    lines.push(
      "### The search itself, in process (no HTTP)",
      "",
      ...(await inProcessSection(setup.db, queries)),
      "",
    );
    lines.push(
      "### GET /v1/search on the demo data",
      "",
      ...(await searchSection(setup, queries)),
      "",
    );
    lines.push(
      "### What the parameters rule costs (ADR-0040)",
      "",
      ...(await policySection(setup)),
      "",
    );
  } finally {
    setup.dispose();
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `NameSearch.search` called in this process on the same store, one call at a time: each query's
 * latency distribution without the network, the framework or wrk's queueing — the search's own
 * cost. Baseline in the same run: the same text through the players directory's LIKE search
 * (`listPlayers` with `search=`, one sport, one table), the search that existed before.
 */
async function inProcessSection(db: string, queries: Query[]): Promise<string[]> {
  const store = openStore(`sqlite:${db}`);
  const names = new NameSearch(store);
  const page = { page: 1, perPage: 25 };
  try {
    const t0 = performance.now();
    await names.search({ q: "warm", sports: SPORTS }, page);
    const build = performance.now() - t0;
    const rows = [
      `One call at a time, ${IN_PROCESS_CALLS.toLocaleString("en")} calls per query after ${IN_PROCESS_CALLS / 10} warm-up calls. The first search read and indexed every sport's names and venues in ${build.toFixed(0)} ms (once; again only for a sport whose names change). Beside it, the same text through the players directory's LIKE search of one sport (\`GET /v1/football/players?search=\`'s query, ${IN_PROCESS_CALLS / 10} calls), the search that existed before.`,
      "",
      "| query | kind | p50 | p99 | max | players LIKE search, one sport: p50 | p99 |",
      "|---|---|---:|---:|---:|---:|---:|",
    ];
    for (const query of queries) {
      const ours = await timings(IN_PROCESS_CALLS, () =>
        names.search({ q: query.q, sports: SPORTS }, page),
      );
      const like = await timings(IN_PROCESS_CALLS / 10, () =>
        listPlayers({ store, clock: () => new Date() }, "football", { search: query.q }, page),
      );
      rows.push(
        `| \`${query.q}\` | ${query.kind} | ${ms(quantile(ours, 0.5))} | ${ms(quantile(ours, 0.99))} | ${ms(ours[ours.length - 1] ?? Number.NaN)} | ${ms(quantile(like, 0.5))} | ${ms(quantile(like, 0.99))} |`,
      );
    }
    return rows;
  } finally {
    await store.close();
  }
}

const IN_PROCESS_CALLS = 3_000;

/** Milliseconds per call (sorted), one call at a time, after a tenth as many warm-up calls. */
async function timings(calls: number, call: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < calls / 10; i++) await call();
  const out: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await call();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

function ms(value: number): string {
  return `${value.toFixed(value < 1 ? 3 : 2)} ms`;
}

async function searchSection(setup: Setup, queries: Query[]): Promise<string[]> {
  const server = await startServer([setup.db, "on", "memory", "on"], join(setup.dir, "api.log"));
  const headers = { authorization: `Bearer ${setup.key}` };
  const rows = [
    "| query | kind | hits | body | req/s | p50 | p99 | p99 alone (1 connection) | bare node:http req/s | p99 | ratio (req/s) |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  try {
    for (const query of queries) {
      const url = `http://127.0.0.1:${server.port}/v1/search?q=${encodeURIComponent(query.q)}`;
      const probe = await fetch(url, { headers });
      const body = await probe.text();
      const answer = JSON.parse(body) as {
        data: Array<{ id: string }>;
        pagination?: { total: number };
      };
      if (probe.status !== 200) throw new Error(`${url}: ${probe.status} ${body.slice(0, 200)}`);
      if (
        query.expect !== undefined &&
        !answer.data.slice(0, 5).some((h) => h.id === query.expect)
      ) {
        throw new Error(
          `${query.kind} "${query.q}": ${query.expect} is not in the first five hits`,
        );
      }
      const bodyFile = join(setup.dir, "body.json");
      writeFileSync(bodyFile, body);
      const bare = await startBare(bodyFile);
      let ours: Measured;
      let baseline: Measured;
      try {
        [ours, baseline] = (await interleaved([
          { url, headers },
          { url: `http://127.0.0.1:${bare.port}/`, headers: {} },
        ])) as [Measured, Measured];
      } finally {
        await stopChild(bare.child);
      }
      const alone = await aloneP99(url, headers);
      rows.push(
        `| \`${query.q}\` | ${query.kind} | ${count(answer.pagination?.total ?? 0)} | ${(body.length / 1024).toFixed(1)} KiB | ${count(ours.rps)} | ${ours.p50} ms | ${ours.p99} ms | ${alone} ms | ${count(baseline.rps)} | ${baseline.p99} ms | ${(ours.rps / baseline.rps).toFixed(2)} |`,
      );
    }
  } finally {
    await stopChild(server.child);
  }
  return rows;
}

/** The median p99 of one connection sending one request at a time: a query's own latency. */
async function aloneP99(url: string, headers: Record<string, string>): Promise<number> {
  const p99s: number[] = [];
  for (let round = 0; round < Math.min(ROUNDS, 3); round++) {
    const run = await wrk(url, {
      connections: 1,
      durationS: Math.min(DURATION_S, 5),
      cpu: LOAD_CPU,
      headers,
    });
    p99s.push(run.p99);
  }
  return median(p99s);
}

/**
 * The fixtures list with two parameters, the rule on and off, read cache on (hits: the rule never
 * runs, a hit is answered before validation) and off (every request validated, the rule included).
 */
async function policySection(setup: Setup): Promise<string[]> {
  const path = "/v1/football/fixtures?per_page=25&status=scheduled";
  const variants = [
    { name: "read cache on, rule on", args: ["on", "on"] },
    { name: "read cache on, rule off", args: ["on", "off"] },
    { name: "read cache off, rule on", args: ["off", "on"] },
    { name: "read cache off, rule off", args: ["off", "off"] },
  ] as const;
  const servers: Array<{ child: ChildProcess; port: number }> = [];
  for (const [i, v] of variants.entries()) {
    servers.push(
      await startServer([setup.db, "on", "memory", ...v.args], join(setup.dir, `policy-${i}.log`)),
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
  const rows = [
    `Endpoint \`${path}\`; all four servers up at once (idle while not measured), medians of ${ROUNDS} interleaved rounds.`,
    "",
    "| variant | req/s | p50 | p99 | ratio to the rule off |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const [i, v] of variants.entries()) {
    const m = medians[i] as Measured;
    const off = medians[i % 2 === 0 ? i + 1 : i] as Measured;
    rows.push(
      `| ${v.name} | ${count(m.rps)} | ${m.p50} ms | ${m.p99} ms | ${(m.rps / off.rps).toFixed(2)} |`,
    );
  }
  return rows;
}

/** Queries of each kind made from the benchmark's own store (the sample data changes with its seed). */
async function pickQueries(db: string): Promise<Query[]> {
  const store = openStore(`sqlite:${db}`);
  try {
    const teams = await store.db
      .selectFrom("teams")
      .select(["id", "name"])
      .where("sport", "=", "football")
      .orderBy("id")
      .execute();
    const whole = teams.find((t) => t.name.length >= 8) ?? teams[0];
    const long = teams.find((t) => /^[A-Za-z ]{9,}$/.test(t.name) && t.id !== whole?.id);
    const players = await store.db
      .selectFrom("players")
      .select(["id", "name", "last_name"])
      .where("sport", "=", "football")
      .orderBy("id")
      .execute();
    const accented = players.find(
      (p) => searchable(p.last_name) !== p.last_name.toLowerCase() && p.last_name.length >= 5,
    );
    if (whole === undefined || long === undefined || accented === undefined) {
      throw new Error("the sample data has no names to search for");
    }
    // One letter dropped from the middle of the name's longest word.
    const word = long.name.split(" ").sort((a, b) => b.length - a.length)[0] as string;
    const typo = long.name.replace(word, word.slice(0, 3) + word.slice(4));
    return [
      { kind: "whole name", q: whole.name, expect: whole.id },
      {
        kind: "prefix",
        q: whole.name.slice(0, Math.ceil(whole.name.length * 0.6)),
        expect: whole.id,
      },
      { kind: "accented name typed plain", q: searchable(accented.name), expect: accented.id },
      { kind: "one typo", q: typo, expect: long.id },
      { kind: "two letters", q: "an" },
    ];
  } finally {
    await store.close();
  }
}

async function startBare(bodyFile: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawnScript(BARE, [bodyFile], ["ignore", "pipe", "inherit"], SERVER_CPU);
  return { child, port: await portOf(child) };
}
