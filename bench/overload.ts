/**
 * Overload (ADR-0038): 500 connections from wrk (pinned to its own core) against one api node
 * (pinned to the other) on an endpoint it cannot serve that fast — the fixtures list with the read
 * cache off, so every request runs its queries. Compared in the same run, rounds interleaved:
 * the node without shedding, with its defaults, and with the event-loop signal at two
 * thresholds. For each: requests
 * per second answered, the share shed (503), the p99 a served request saw — measured by a probe
 * client sending one request at a time beside the load, since wrk mixes 503s into its figures —
 * and the node's peak memory (VmHWM).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { stopChild } from "./lib/child.js";
import { count } from "./lib/format.js";
import { LOAD_CPU, prepareRestStore, ROUNDS, SERVER_CPU, startServer } from "./lib/rest.js";
import { median, quantile } from "./lib/stats.js";
import { ensureWrk } from "./lib/wrk.js";

const run = promisify(execFile);
const CONNECTIONS = 500;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PATH = "/v1/football/fixtures?per_page=100";

interface Round {
  rps: number;
  shedShare: number;
  servedP99: number;
  probeShed: number;
  peakRssMiB: number;
}

export async function overloadBench(): Promise<string> {
  ensureWrk();
  const setup = await prepareRestStore("scoreline-overload-");
  const variants: Array<{ name: string; env: Record<string, string> }> = [
    {
      name: "shedding off",
      env: { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "0", SCORELINE_MAX_IN_FLIGHT: "0" },
    },
    { name: "defaults (1,024 in flight; event-loop signal off)", env: {} },
    { name: "event-loop delay 200 ms", env: { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "200" } },
    { name: "event-loop delay 1,000 ms", env: { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "1000" } },
  ];
  const rounds: Round[][] = variants.map(() => []);
  try {
    for (let round = 0; round < Math.min(ROUNDS, 3); round++) {
      for (const [i, variant] of variants.entries()) {
        const server = await startServer(
          [setup.db, "on", "memory", "off"],
          join(setup.dir, `overload-${i}.log`),
          variant.env,
        );
        try {
          rounds[i]?.push(await measure(server.port, server.child.pid, setup.key));
        } finally {
          await stopChild(server.child);
        }
      }
    }
  } finally {
    setup.dispose();
  }
  const lines = [
    `wrk (1 thread, ${CONNECTIONS} connections, ${DURATION_S} s) on core ${LOAD_CPU} against \`${PATH}\` with the read cache off, the node on core ${SERVER_CPU}; a probe client sends one request at a time beside the load. Medians of ${Math.min(ROUNDS, 3)} interleaved rounds.`,
    "",
    "| node | answers/s (all) | shed (503) | served p99 (probe) | probe requests shed | peak RSS |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const [i, variant] of variants.entries()) {
    const r = rounds[i] ?? [];
    const m = (pick: (x: Round) => number) => median(r.map(pick));
    lines.push(
      `| ${variant.name} | ${count(m((x) => x.rps))} | ${(m((x) => x.shedShare) * 100).toFixed(1)} % | ${m((x) => x.servedP99).toFixed(0)} ms | ${(m((x) => x.probeShed) * 100).toFixed(1)} % | ${m((x) => x.peakRssMiB).toFixed(0)} MiB |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function measure(port: number, pid: number | undefined, key: string): Promise<Round> {
  const url = `http://127.0.0.1:${port}${PATH}`;
  const headers = { authorization: `Bearer ${key}` };
  let probing = true;
  const served: number[] = [];
  let probeShed = 0;
  let probeTotal = 0;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      probeTotal += 1;
      if (response.status === 503) probeShed += 1;
      else if (response.status === 200) served.push(performance.now() - started);
    }
  })();
  const { stdout } = await run("taskset", [
    ...["-c", String(LOAD_CPU), "wrk", "-t1", `-c${CONNECTIONS}`, "--timeout", "30s"],
    ...["-H", `Authorization: Bearer ${key}`, `-d${DURATION_S}s`, url],
  ]);
  probing = false;
  await probe;
  const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0);
  return {
    rps,
    shedShare: total === 0 ? 0 : non2xx / total,
    servedP99: quantile(
      [...served].sort((a, b) => a - b),
      0.99,
    ),
    probeShed: probeTotal === 0 ? 0 : probeShed / probeTotal,
    peakRssMiB: peakRss(pid),
  };
}

/** VmHWM of a live process, in MiB. */
function peakRss(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}
