/**
 * The WebSocket stream on one node: connections and memory, feed-to-client latency, and fan-out
 * throughput against a bare `ws` baseline (what each part measures, and the results:
 * docs/PERFORMANCE.md). The stream server runs in a child process of its own, the `ws` clients
 * in others (stream-fanout/role.ts); this parent only drives them over IPC and reads /proc for
 * the CPU other processes used meanwhile. BENCH_STREAM_PROF (a directory) makes the server write
 * a V8 CPU profile there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { count, percent } from "./lib/format.js";
import { IpcChild } from "./lib/ipc.js";
import { cpuSnapshot, loadAverage, openFiles, othersCores } from "./lib/process-cpu.js";
import type { Burst, Connected, Memory } from "./stream-fanout/answers.js";
import { burst, latency, medianBy, memoryRow, trimTo, waitFor } from "./stream-fanout/measure.js";
import {
  CONNECT_CONCURRENCY,
  CONNECT_PROCESSES,
  CONNECTIONS,
  FANOUT_EVENTS,
  FANOUT_PER_TICK,
  FANOUT_PROCESSES,
  FANOUT_SUBSCRIBERS,
  LATENCY_PROCESSES,
  LATENCY_ROWS,
  LATENCY_SECONDS,
  ROUNDS,
} from "./stream-fanout/settings.js";

const ROLE = new URL("./stream-fanout/role.ts", import.meta.url).pathname;

/** Forks one child of stream-fanout/role.ts in `role`; `gc` exposes the collector. */
function forkRole(role: string, dir: string, gc: boolean): Promise<IpcChild> {
  const profile = role === "server" ? process.env.BENCH_STREAM_PROF : undefined;
  return IpcChild.fork(ROLE, { BENCH_STREAM_ROLE: role, BENCH_STREAM_DIR: dir }, [
    ...(gc ? ["--expose-gc"] : []),
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
  ]);
}

export async function streamFanoutBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-stream-"));
  const children: IpcChild[] = [];
  const spawn = async (role: string, gc = false) => {
    const child = await forkRole(role, dir, gc);
    children.push(child);
    return child;
  };
  const snap = () => cpuSnapshot(children.map((c) => c.pid));
  const lines: string[] = [];
  try {
    lines.push(
      `${cpus().length} vCPUs shared by every process below (the parent only waits); load average at start ${loadAverage()}; \`ulimit -n\` ${openFiles()}: the server holds at most ${CONNECTIONS.toLocaleString("en")} sockets, each client process ${(CONNECTIONS / CONNECT_PROCESSES).toLocaleString("en")}.`,
      "",
    );

    // 1. Connections and memory.
    const server = await spawn("server", true);
    const { url, key } = server.info as { url: string; key: string };
    const before = await server.call<Memory>("memory");
    let clients: IpcChild[] = [];
    for (let i = 0; i < CONNECT_PROCESSES; i++) clients.push(await spawn("client"));
    const started = performance.now();
    const connectCpu = snap();
    const opened = await Promise.all(
      clients.map((c) =>
        c.call<Connected>("connect", {
          url: `${url}/v1/football?token=${key}`,
          count: CONNECTIONS / CONNECT_PROCESSES,
          concurrency: CONNECT_CONCURRENCY,
          waitFirst: true,
        }),
      ),
    );
    const connectMs = performance.now() - started;
    const connectOthers = othersCores(connectCpu, snap());
    const after = await server.call<Memory>("memory");
    const open = opened.reduce((n, o) => n + o.open, 0);
    const failed = opened.reduce((n, o) => n + o.failures, 0);
    lines.push(
      `### ${CONNECTIONS.toLocaleString("en")} concurrent connections`,
      "",
      `${CONNECT_PROCESSES} client processes, ${CONNECT_CONCURRENCY} upgrades in flight each; server memory after forced GCs (what it measures: docs/PERFORMANCE.md).`,
      "",
      "| server | connections open | refused or failed | time to open all | RSS before → after | RSS per connection | heap used before → after | heap per connection | external per connection |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      memoryRow(
        `stream server (server counts ${after.stats.connections.toLocaleString("en")} connections, ${after.stats.subscriptions.toLocaleString("en")} subscriptions)`,
        open,
        `${failed} | ${(connectMs / 1000).toFixed(2)} s (${count(open / (connectMs / 1000))}/s; other processes ${percent(connectOthers, 1)} of a core)`,
        before,
        after,
      ),
    );
    const bareMemoryAt = lines.length;
    lines.push("");

    // 2. Latency, feed message → client: 5,000 subscribers (the target's), then fewer.
    const latencyRows: string[] = [];
    let verdict = "not measured";
    for (const { subscribers, rate } of LATENCY_ROWS) {
      clients = await trimTo(server, clients, subscribers, LATENCY_PROCESSES);
      // The closed connections' garbage is collected before, not during, the measurement.
      await server.call("memory");
      const row = await latency(server, clients, subscribers, rate, snap);
      latencyRows.push(row.line);
      if (subscribers === 5_000 && rate === 20) verdict = row.met ? "met" : "not met";
    }
    lines.push(
      "### Latency, feed message → client",
      "",
      `Subscribers of \`football.live\` in ${LATENCY_PROCESSES} client processes; live events for ${LATENCY_SECONDS} s at each rate (columns: docs/PERFORMANCE.md).`,
      "",
      "| subscribers | events/s | messages/s to send | server busy | other processes | queued on every socket: p50 | p99 | max | delivered | p50 | p99 | max |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...latencyRows,
      "",
      `Target p99 < 100 ms with 5,000 subscribers at 20 events/s: **${verdict}**.`,
      "",
    );

    // 3. Fan-out throughput against the bare ws baseline, rounds interleaved; new clients.
    for (const c of clients) await c.stop();
    await waitFor(
      async () => (await server.call<Memory>("memory", { gc: false })).stats.connections === 0,
    );
    const connectFanout = async (target: string, waitFirst: boolean) => {
      const group: IpcChild[] = [];
      for (let i = 0; i < FANOUT_PROCESSES; i++) group.push(await spawn("client"));
      const results = await Promise.all(
        group.map((c) =>
          c.call<Connected>("connect", {
            url: target,
            count: FANOUT_SUBSCRIBERS / FANOUT_PROCESSES,
            concurrency: CONNECT_CONCURRENCY,
            waitFirst,
          }),
        ),
      );
      const failures = results.reduce((n, r) => n + r.failures, 0);
      if (failures > 0) throw new Error(`${failures} fan-out connections failed`);
      return group;
    };
    clients = await connectFanout(`${url}/v1/football?token=${key}`, true);
    const bare = await spawn("bare", true);
    const bareBefore = await bare.call<Memory>("memory");
    const bareClients = await connectFanout((bare.info as { url: string }).url, false);
    const bareAfter = await bare.call<Memory>("memory");
    lines.splice(
      bareMemoryAt,
      0,
      memoryRow(
        "baseline: bare `ws` server, no authentication, no channels (the fan-out's clients)",
        bareAfter.stats.connections,
        " | ",
        bareBefore,
        bareAfter,
      ),
    );
    const product: Burst[] = [];
    const baseline: Burst[] = [];
    let text = "";
    for (let round = 0; round < ROUNDS; round++) {
      const ours = await burst(
        server,
        clients,
        { events: FANOUT_EVENTS, perTick: FANOUT_PER_TICK },
        snap,
      );
      text = ours.sample;
      product.push(ours);
      baseline.push(
        await burst(
          bare,
          bareClients,
          { events: FANOUT_EVENTS, perTick: FANOUT_PER_TICK, text },
          snap,
        ),
      );
    }
    const final = await server.call<Memory>("memory", { gc: false });
    const p = medianBy(product);
    const b = medianBy(baseline);
    const total = FANOUT_EVENTS * FANOUT_SUBSCRIBERS;
    const row = (name: string, r: Burst, ratio: string) =>
      `| ${name} | ${r.received.toLocaleString("en")} of ${total.toLocaleString("en")} | ${(r.ms / 1000).toFixed(2)} s | ${count(r.rate)} | ${r.cpuUsPerMessage.toFixed(2)} µs (${r.userUsPerMessage.toFixed(2)} + ${r.systemUsPerMessage.toFixed(2)}) | ${r.softirqUsPerMessage.toFixed(2)} µs | ${count(1e6 / r.cpuUsPerMessage)} | ${percent(r.cpuMs, r.ms)} | ${percent(r.clientCpuMs, r.ms)} | ${percent(r.others, 1)} | ${ratio} |`;
    const processes = `${FANOUT_PROCESSES} client process${FANOUT_PROCESSES > 1 ? "es" : ""}`;
    lines.push(
      "### Fan-out throughput",
      "",
      `${FANOUT_SUBSCRIBERS.toLocaleString("en")} subscribers of one channel in ${processes}; ${FANOUT_EVENTS} events, ${FANOUT_PER_TICK} per event-loop turn: ${total.toLocaleString("en")} messages of ${text.length} bytes per round; median of ${ROUNDS} interleaved rounds (messages/s per round: ours ${product.map((r) => count(r.rate)).join(", ")}; bare ${baseline.map((r) => count(r.rate)).join(", ")}). Columns: docs/PERFORMANCE.md.`,
      "",
      "| server | messages received | time | messages/s | server CPU per message (user + system) | softirq per message, machine-wide | one-core ceiling, messages/s | server busy | clients busy | other processes | ratio (messages/s) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      row("stream server (channel index, envelope, buffer check)", p, (p.rate / b.rate).toFixed(2)),
      row("baseline: bare `ws`, `client.send(text)` loop", b, "1.00"),
      "",
      `Target ≥ 150,000 messages/s: **${p.rate >= 150_000 ? "met" : "not met"}**. Stream server counters at the end: ${final.stats.messagesSent.toLocaleString("en")} messages sent, ${final.stats.slowConsumers} slow consumers closed (4008). Load average at the end ${loadAverage()}.`,
    );
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
  return `${lines.join("\n")}\n`;
}
