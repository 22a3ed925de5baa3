/**
 * The WebSocket stream on one node (issue 7): SQLite store, memory bus, the stream server in a
 * child process of its own (so neither client memory nor client CPU is counted in it), `ws`
 * clients in other child processes. This file is every role: the parent forks it again with
 * BENCH_STREAM_ROLE=server | bare | client and drives the children over IPC.
 *
 * 1. Connections: 10,000 authenticated connections (one enterprise key whose account carries a
 *    custom `websocket_connections` of 20,000), each subscribed to `football.live` by its URL;
 *    the server's RSS and heap after a forced GC, before and after, per connection.
 * 2. Latency: 5,000 of them stay; 20 live events a second for 10 s go through
 *    FeedIngestor.ingestMessages, one message per call; each event carries the wall clock of its
 *    ingest call, and every client computes arrival minus that. Then 5,000 at 5 events/s, and
 *    2,500 and 1,000 at 20/s, to show where the machine's capacity ends.
 * 3. Fan-out throughput: 200 live events published on the bus, 10 per event-loop turn, to 2,500
 *    subscribers of one channel, timed until every client has every message. Baseline in the
 *    same run, rounds interleaved: a bare `ws` server sending the same bytes to as many clients
 *    with `client.send(text)` in a loop.
 *
 * CPU used by other processes meanwhile is read from /proc and printed: on a shared machine it
 * explains most of the variation. Knobs (environment): BENCH_STREAM_CONNECTIONS,
 * BENCH_STREAM_LATENCY ("5000@20,…"), BENCH_STREAM_FANOUT, BENCH_STREAM_FANOUT_PROCESSES,
 * BENCH_STREAM_EVENTS, BENCH_STREAM_ROUNDS, BENCH_STREAM_PROF (a directory: the server writes a
 * V8 CPU profile there).
 */
import { type ChildProcess, fork } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket, { WebSocketServer } from "ws";
import type { DomainEvent } from "../packages/server/src/events/domain-event.js";
import { oneLiveFixture } from "./live-fixture.js";
import { quantile } from "./stats.js";

const SELF = new URL(import.meta.url).pathname;
const CONNECTIONS = Number(process.env.BENCH_STREAM_CONNECTIONS ?? 10_000);
/** Client processes for the 10,000 connections (each opens its share). */
const CONNECT_PROCESSES = 4;
/** Upgrades in flight per client process. */
const CONNECT_CONCURRENCY = 100;
/**
 * Latency rows, `subscribers@events-per-second`, on one server in this order (connections are
 * only ever closed): the target's 5,000 at 20/s first, then less fan-out per second.
 */
const LATENCY_ROWS = (process.env.BENCH_STREAM_LATENCY ?? "5000@20,5000@5,2500@20,1000@20")
  .split(",")
  .map((row) => {
    const [subscribers = 0, rate = 0] = row.split("@").map(Number);
    return { subscribers, rate };
  });
const LATENCY_PROCESSES = 2;
const LATENCY_SECONDS = 10;
/** Subscribers of the fan-out measurement, and the client processes they are spread over. */
const FANOUT_SUBSCRIBERS = Number(process.env.BENCH_STREAM_FANOUT ?? 2_500);
const FANOUT_PROCESSES = Number(process.env.BENCH_STREAM_FANOUT_PROCESSES ?? 1);
const FANOUT_EVENTS = Number(process.env.BENCH_STREAM_EVENTS ?? 200);
const FANOUT_PER_TICK = 10;
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The parent: the benchmark itself.

export async function streamFanoutBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-stream-"));
  const children: Child[] = [];
  const spawn = async (role: string, gc = false) => {
    const child = await Child.fork(role, dir, gc);
    children.push(child);
    return child;
  };
  const snap = () => cpuSnapshot(children);
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
    let clients: Child[] = [];
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
      `Authenticated with one enterprise key whose account has custom limits \`websocket_connections: 20000\`; each connection subscribed to \`football.live\` by its URL (\`/v1/football?token=…\`) and counted once its \`subscribed\` arrived; ${CONNECT_PROCESSES} client processes, ${CONNECT_CONCURRENCY} upgrades in flight each. Server memory after forced GCs (\`--expose-gc\`), in the server's own process, logging at info to a file. Kernel socket buffers are not in RSS.`,
      "",
      "| server | connections open | refused or failed | time to open all | RSS before → after | RSS per connection | heap used before → after | heap per connection | external per connection |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      memoryRow(
        `stream server (server counts ${after.stats.connections.toLocaleString("en")} connections, ${after.stats.subscriptions.toLocaleString("en")} subscriptions)`,
        open,
        `${failed} | ${(connectMs / 1000).toFixed(2)} s (${fmt(open / (connectMs / 1000))}/s; other processes ${percent(connectOthers, 1)} of a core)`,
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
      `Subscribers of \`football.live\` in ${LATENCY_PROCESSES} client processes; live events for ${LATENCY_SECONDS} s at the rate given, one \`FeedIngestor.ingestMessages\` call per message (SQLite transaction, memory bus, the stream's fan-out). "Queued" is measured in the server: from the ingest call until a bus listener registered after the stream server's runs — the event has then been written to every subscriber's socket. "Delivered" is each client's \`message\` event: the wall clock of the ingest call rides in the event's detail and is compared in the client process; percentiles over every delivery. Before each row the connections above its count are closed and the server's heap is collected. "Server busy" is the server process's CPU time over the wall time of the ingest loop (100 % = one core); "other processes" is the CPU the machine spent (user + system, /proc/stat) on processes not of this benchmark meanwhile.`,
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
      const group: Child[] = [];
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
      `| ${name} | ${r.received.toLocaleString("en")} of ${total.toLocaleString("en")} | ${(r.ms / 1000).toFixed(2)} s | ${fmt(r.rate)} | ${r.cpuUsPerMessage.toFixed(2)} µs (${r.userUsPerMessage.toFixed(2)} + ${r.systemUsPerMessage.toFixed(2)}) | ${r.softirqUsPerMessage.toFixed(2)} µs | ${fmt(1e6 / r.cpuUsPerMessage)} | ${percent(r.cpuMs, r.ms)} | ${percent(r.clientCpuMs, r.ms)} | ${percent(r.others, 1)} | ${ratio} |`;
    const processes = `${FANOUT_PROCESSES} client process${FANOUT_PROCESSES > 1 ? "es" : ""}`;
    lines.push(
      "### Fan-out throughput",
      "",
      `${FANOUT_SUBSCRIBERS.toLocaleString("en")} subscribers of one channel in ${processes}; ${FANOUT_EVENTS} events published on the bus, ${FANOUT_PER_TICK} per event-loop turn: ${total.toLocaleString("en")} messages of ${text.length} bytes, timed from the first publish until every client has every message. Median of ${ROUNDS} interleaved rounds (messages/s per round: ours ${product.map((r) => fmt(r.rate)).join(", ")}; bare ${baseline.map((r) => fmt(r.rate)).join(", ")}). CPU is a process's user + system time over the round; "busy" is that over the round's wall time (100 % = one core); the one-core ceiling is 1 s over the server's CPU per message — what it could send with a core to itself and its clients elsewhere. "Softirq" is the machine's softirq time (/proc/stat) per message: the kernel's loopback TCP delivery; this kernel has no IRQ time accounting, so it is already inside the processes' CPU times (not to be added).`,
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

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  stats: {
    connections: number;
    subscriptions: number;
    messagesSent: number;
    slowConsumers: number;
  };
}

interface Connected {
  open: number;
  failures: number;
  ms: number;
}

interface IngestResult {
  sent: number;
  applied: number;
  queuedMs: number[];
  /** The server's CPU time over the wall time of the ingest loop (1 = one core). */
  busy: number;
}

interface Cpu {
  user: number;
  system: number;
}

interface Burst {
  received: number;
  ms: number;
  rate: number;
  cpuMs: number;
  cpuUsPerMessage: number;
  userUsPerMessage: number;
  systemUsPerMessage: number;
  clientCpuMs: number;
  /** Machine-wide irq + softirq time per message (the loopback's TCP delivery). */
  softirqUsPerMessage: number;
  /** Cores used by other processes during the round. */
  others: number;
  sample: string;
}

function memoryRow(
  name: string,
  open: number,
  connecting: string,
  before: Memory,
  after: Memory,
): string {
  const per = (bytes: number) => `${fmt(bytes / open)} B`;
  return `| ${name} | ${open.toLocaleString("en")} | ${connecting} | ${mb(before.rss)} → ${mb(after.rss)} | ${per(after.rss - before.rss)} | ${mb(before.heapUsed)} → ${mb(after.heapUsed)} | ${per(after.heapUsed - before.heapUsed)} | ${per(after.external - before.external)} |`;
}

/**
 * Leaves `subscribers` connections open, spread over the first `processes` of `clients` (the
 * others are stopped), and waits until the server counts exactly that many.
 */
async function trimTo(
  server: Child,
  clients: Child[],
  subscribers: number,
  processes: number,
): Promise<Child[]> {
  const kept = clients.slice(0, processes);
  for (const c of clients.slice(processes)) await c.stop();
  await Promise.all(kept.map((c) => c.call("trim", { keep: subscribers / processes })));
  await waitFor(
    async () =>
      (await server.call<Memory>("memory", { gc: false })).stats.connections === subscribers,
  );
  return kept;
}

/** One latency row: `rate` events a second through the ingestor, every delivery timed. */
async function latency(
  server: Child,
  clients: Child[],
  subscribers: number,
  rate: number,
  snap: () => CpuSnapshot,
): Promise<{ line: string; met: boolean }> {
  await Promise.all(clients.map((c) => c.call("arm-latency")));
  const cpu = snap();
  const ingest = await server.call<IngestResult>("latency", {
    rate,
    seconds: LATENCY_SECONDS,
  });
  const others = othersCores(cpu, snap());
  await sleep(1000);
  const collected = await Promise.all(clients.map((c) => c.call<Float64Array>("collect-latency")));
  const all = new Float64Array(collected.reduce((n, a) => n + a.length, 0));
  let offset = 0;
  for (const a of collected) {
    all.set(a, offset);
    offset += a.length;
  }
  all.sort();
  const queued = Float64Array.from(ingest.queuedMs).sort();
  const expected = subscribers * ingest.sent;
  const notApplied =
    ingest.applied < ingest.sent ? ` (${ingest.sent - ingest.applied} messages not applied)` : "";
  return {
    line: `| ${subscribers.toLocaleString("en")} | ${rate} | ${fmt(subscribers * rate)} | ${percent(ingest.busy, 1)} | ${percent(others, 1)} | ${ms(quantile(queued, 0.5))} | ${ms(quantile(queued, 0.99))} | ${ms(queued.at(-1))} | ${all.length.toLocaleString("en")} of ${expected.toLocaleString("en")}${notApplied} | ${ms(quantile(all, 0.5))} | ${ms(quantile(all, 0.99))} | ${ms(all.at(-1))} |`,
    met: all.length === expected && quantile(all, 0.99) < 100,
  };
}

/** One round: arm the clients, publish, wait for every message, read the CPU used. */
async function burst(
  server: Child,
  clients: Child[],
  args: { events: number; perTick: number; text?: string },
  snap: () => CpuSnapshot,
): Promise<Burst> {
  await Promise.all(clients.map((c) => c.call("arm", { perSocket: args.events })));
  const cpu = await server.call<Cpu>("cpu");
  const machine = snap();
  const { start } = await server.call<{ start: number }>("burst", args);
  const done = await Promise.all(
    clients.map((c) =>
      c.call<{ at: number; received: number; sample: string; cpuMs: number }>("wait", {
        timeoutMs: 60_000,
      }),
    ),
  );
  const machineEnd = snap();
  const cpuEnd = await server.call<Cpu>("cpu");
  const user = cpuEnd.user - cpu.user;
  const system = cpuEnd.system - cpu.system;
  const received = done.reduce((n, d) => n + d.received, 0);
  const elapsed = Math.max(...done.map((d) => d.at)) - start;
  await sleep(300);
  return {
    received,
    ms: elapsed,
    rate: received / (elapsed / 1000),
    cpuMs: user + system,
    cpuUsPerMessage: ((user + system) * 1000) / received,
    userUsPerMessage: (user * 1000) / received,
    systemUsPerMessage: (system * 1000) / received,
    clientCpuMs: done.reduce((n, d) => n + d.cpuMs, 0),
    softirqUsPerMessage: ((machineEnd.softirq - machine.softirq) * 1000) / received,
    others: othersCores(machine, machineEnd),
    sample: done[0]?.sample ?? "",
  };
}

function medianBy(rounds: Burst[]): Burst {
  const sorted = [...rounds].sort((a, b) => a.rate - b.rate);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error("no rounds");
  return middle;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error("timed out waiting for the connection count");
    await sleep(100);
  }
}

function openFiles(): string {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const [soft, hard] = line?.split(/\s{2,}/).slice(1, 3) ?? [];
  return soft === undefined ? "unknown" : `${soft} (hard ${hard})`;
}

function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
}

function ms(value: number | undefined): string {
  return `${(value ?? Number.NaN).toFixed(1)} ms`;
}

function mb(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString("en");
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)} %`;
}

interface CpuSnapshot {
  at: number;
  /** Machine-wide user + nice + system, in ms. */
  busy: number;
  /** Machine-wide irq + softirq (loopback TCP delivery runs there), in ms. */
  softirq: number;
  /** This benchmark's processes (the parent, its live children, its reaped children), in ms. */
  mine: number;
}

/** CPU time from /proc (Linux; clock ticks of 10 ms): the machine's, and this benchmark's own. */
function cpuSnapshot(children: readonly Child[]): CpuSnapshot {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields.slice(1).map(Number);
  let mine = processTicks("self", true);
  for (const child of children) if (child.pid !== undefined) mine += processTicks(child.pid, false);
  return {
    at: performance.now(),
    busy: (user + nice + system) * 10,
    softirq: (irq + softirq) * 10,
    mine: mine * 10,
  };
}

function processTicks(pid: number | "self", withChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    // Fields 14–17 of proc(5): utime, stime, cutime, cstime (the list here starts at field 3).
    const own = (f[11] ?? 0) + (f[12] ?? 0);
    return withChildren ? own + (f[13] ?? 0) + (f[14] ?? 0) : own;
  } catch {
    return 0; // exited meanwhile: counted with the reaped children
  }
}

/** CPU used by processes other than this benchmark's between two snapshots, in cores. */
function othersCores(a: CpuSnapshot, b: CpuSnapshot): number {
  // Process times include the softirq work done in their context (no IRQ time accounting).
  const machine = b.busy + b.softirq - (a.busy + a.softirq);
  return Math.max(0, machine - (b.mine - a.mine)) / (b.at - a.at);
}

/** A forked role, driven by request/answer messages over IPC. */
class Child {
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly exited: Promise<void>;
  /** What the child sends (as answer 0) once it is ready. */
  private readonly ready: Promise<unknown>;
  info: unknown;

  get pid(): number | undefined {
    return this.process.exitCode === null && this.process.signalCode === null
      ? this.process.pid
      : undefined;
  }

  private constructor(private readonly process: ChildProcess) {
    this.ready = new Promise((resolve, reject) => this.waiting.set(0, { resolve, reject }));
    this.exited = new Promise((resolve) => process.once("exit", () => resolve()));
    process.on("message", (raw) => {
      const message = raw as { id: number; ok: boolean; result?: unknown; error?: string };
      const pending = this.waiting.get(message.id);
      if (pending === undefined) return;
      this.waiting.delete(message.id);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new Error(message.error));
    });
    process.once("exit", (code) => {
      for (const pending of this.waiting.values())
        pending.reject(new Error(`child exited (${code})`));
      this.waiting.clear();
    });
  }

  static async fork(role: string, dir: string, gc: boolean): Promise<Child> {
    const process_ = fork(SELF, [], {
      env: { ...process.env, BENCH_STREAM_ROLE: role, BENCH_STREAM_DIR: dir },
      execArgv: [
        "--import",
        "tsx",
        ...(gc ? ["--expose-gc"] : []),
        ...(role === "server" && process.env.BENCH_STREAM_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_STREAM_PROF}`]
          : []),
      ],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const child = new Child(process_);
    child.info = await child.ready;
    return child;
  }

  call<T = unknown>(cmd: string, args: unknown = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.process.send({ id, cmd, args });
    });
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    await this.call("close").catch(() => {});
    const timer = setTimeout(() => this.process.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// The children.

type Handlers = Record<string, (args: Record<string, unknown>) => unknown>;

/** Answers the parent's commands; `info` goes to the parent at once (answer 0: ready). */
function serve(info: unknown, handlers: Handlers): void {
  process.on("disconnect", () => process.exit(0));
  process.send?.({ id: 0, ok: true, result: info });
  process.on("message", (raw) => {
    const { id, cmd, args } = raw as { id: number; cmd: string; args: Record<string, unknown> };
    const handler = handlers[cmd];
    Promise.resolve()
      .then(() => {
        if (handler === undefined) throw new Error(`unknown command ${cmd}`);
        return handler(args);
      })
      .then(
        (result) =>
          process.send?.({ id, ok: true, result }, () => {
            if (cmd === "close") process.exit(0);
          }),
        (error: unknown) =>
          process.send?.({
            id,
            ok: false,
            error: error instanceof Error ? error.stack : String(error),
          }),
      );
  });
}

/** The product: store, bus, feed ingestor and stream server in one process, as the stream role. */
async function serverRole(dir: string): Promise<void> {
  const [
    { createAccount, createKey },
    { Authenticator },
    { loadPlans },
    { MemoryEventBus },
    { FeedIngestor },
    { createLogger },
    { openStore },
    { migrate },
    { listenStream },
    { createStreamServer },
  ] = await Promise.all([
    import("../packages/server/src/accounts/accounts-service.js"),
    import("../packages/server/src/accounts/authenticator.js"),
    import("../packages/server/src/config/plans.js"),
    import("../packages/server/src/adapters/bus/memory-bus.js"),
    import("../packages/server/src/live/feed-ingestor.js"),
    import("../packages/server/src/logger.js"),
    import("../packages/server/src/store/database.js"),
    import("../packages/server/src/store/migrate.js"),
    import("../packages/server/src/stream/listen.js"),
    import("../packages/server/src/stream/stream-server.js"),
  ]);
  const store = openStore(`sqlite:${join(dir, "stream.db")}`);
  await migrate(store);
  const clock = () => new Date();
  const plans = loadPlans(undefined);
  const ctx = { store, clock, plans };
  const account = await createAccount(ctx, {
    email: "bench@scoreline.example",
    plan: "enterprise",
    limits: { websocket_connections: 20_000 },
  });
  const { key } = await createKey(ctx, { kind: "live", account: account.id });
  const bus = new MemoryEventBus();
  const ingestor = new FeedIngestor({ store, bus, clock });
  const logFile = createWriteStream(join(dir, "stream.log"));
  const stream = await createStreamServer({
    store,
    bus,
    clock,
    logger: createLogger("info", logFile),
    authenticator: new Authenticator(ctx, "live"),
  });
  const listener = await listenStream(stream, { host: "127.0.0.1", port: 0 });

  // Registered after the stream server's: runs once the event is queued on every socket.
  let template: DomainEvent | undefined;
  /** Live-event messages ingested so far (their ids and `detail.n`). */
  let serial = 0;
  let onDispatched: ((event: DomainEvent) => void) | undefined;
  bus.subscribe((event) => {
    if (event.type !== "match.live.event") return;
    template = event;
    onDispatched?.(event);
  });
  const setUp = await ingestor.ingestMessages([...oneLiveFixture(), liveEvent(0, 0)]);
  if (setUp.rejected > 0) throw new Error(JSON.stringify(setUp.results));

  serve(
    { url: listener.url, key },
    {
      memory: async (args) => {
        if (args.gc !== false) await collectGarbage();
        const m = process.memoryUsage();
        return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, stats: stream.stats() };
      },
      cpu: () => {
        const c = process.cpuUsage();
        return { user: c.user / 1000, system: c.system / 1000 };
      },
      latency: async (args) => {
        const rate = Number(args.rate);
        const total = rate * Number(args.seconds);
        const calledAt = new Map<number, number>();
        const queuedMs: number[] = [];
        onDispatched = (event) => {
          const n = (event.payload.detail as { n?: number } | undefined)?.n;
          const at = n === undefined ? undefined : calledAt.get(n);
          if (at !== undefined) queuedMs.push(performance.now() - at);
        };
        const pending: Promise<{ applied: number }>[] = [];
        const cpu = process.cpuUsage();
        const begin = performance.now();
        for (let i = 1; i <= total; i++) {
          const wait = begin + (i * 1000) / rate - performance.now();
          if (wait > 1) await sleep(wait);
          const n = ++serial;
          calledAt.set(n, performance.now());
          pending.push(ingestor.ingestMessages([liveEvent(n, now())]));
        }
        const reports = await Promise.all(pending);
        const used = process.cpuUsage(cpu);
        const wall = performance.now() - begin;
        onDispatched = undefined;
        return {
          sent: total,
          applied: reports.reduce((n, r) => n + r.applied, 0),
          queuedMs,
          busy: (used.user + used.system) / 1000 / wall,
        };
      },
      burst: async (args) => {
        if (template === undefined) throw new Error("no live event to copy");
        const events = Number(args.events);
        const perTick = Number(args.perTick);
        const base = template;
        let position = stream.stats().position;
        const start = now();
        for (let i = 0; i < events; i += perTick) {
          const batch: DomainEvent[] = [];
          for (let k = i; k < Math.min(events, i + perTick); k++) {
            position++;
            batch.push({
              ...base,
              position,
              sequence: base.sequence + k + 1,
              payload: { ...base.payload, sequence: base.sequence + k + 1, detail: { n: k } },
            });
          }
          await bus.publish(batch);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { start };
      },
      close: async () => {
        await listener.close();
        await store.close();
        logFile.end();
      },
    },
  );
}

async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await sleep(50);
  }
}

/** A live-event message; `t` (wall clock, ms) rides in the detail to the clients. */
function liveEvent(n: number, t: number): unknown {
  return {
    id: `bench-${n}`,
    type: "event",
    sport: "football",
    data: {
      fixture_id: "fx-1",
      type: "yellow_card",
      team: n % 2 === 0 ? "home" : "away",
      minute: 1 + (n % 90),
      detail: { n, bench_t: t },
    },
  };
}

/** The baseline: a bare ws server that sends the given text to every client. */
async function bareRole(): Promise<void> {
  const wss = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    perMessageDeflate: false,
    clientTracking: false,
  });
  await new Promise((resolve) => wss.once("listening", resolve));
  const clients = new Set<WebSocket>();
  wss.on("connection", (ws) => {
    clients.add(ws);
    ws.on("close", () => clients.delete(ws));
    ws.on("error", () => {});
  });
  const { port } = wss.address() as { port: number };
  serve(
    { url: `ws://127.0.0.1:${port}/` },
    {
      memory: async () => {
        await collectGarbage();
        const m = process.memoryUsage();
        return {
          rss: m.rss,
          heapUsed: m.heapUsed,
          external: m.external,
          stats: { connections: clients.size, subscriptions: 0, messagesSent: 0, slowConsumers: 0 },
        };
      },
      cpu: () => {
        const c = process.cpuUsage();
        return { user: c.user / 1000, system: c.system / 1000 };
      },
      burst: async (args) => {
        const events = Number(args.events);
        const perTick = Number(args.perTick);
        const text = String(args.text);
        const start = now();
        for (let i = 0; i < events; i += perTick) {
          for (let k = i; k < Math.min(events, i + perTick); k++) {
            for (const client of clients) client.send(text);
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { start };
      },
      close: async () => {
        for (const client of clients) client.terminate();
        await new Promise((resolve) => wss.close(resolve));
      },
    },
  );
}

/** WebSocket clients: they connect, count what they receive, and time the live events. */
function clientRole(): void {
  const sockets: WebSocket[] = [];
  let received = 0;
  let target = Number.POSITIVE_INFINITY;
  let reached: (() => void) | undefined;
  let reachedAt = 0;
  let last: Buffer | undefined;
  let latencies: Float64Array | undefined;
  let count = 0;
  let armedCpu = process.cpuUsage();
  const marker = Buffer.from('"bench_t":');

  const onMessage = (data: WebSocket.RawData) => {
    const at = now();
    received++;
    const buffer = data as Buffer;
    last = buffer;
    if (latencies !== undefined) {
      const i = buffer.indexOf(marker);
      if (i >= 0) {
        const sent = Number.parseFloat(
          buffer.toString("latin1", i + marker.length, i + marker.length + 32),
        );
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[count++] = at - sent;
      }
    }
    if (received >= target && reached !== undefined) {
      reachedAt = at;
      const fire = reached;
      reached = undefined;
      fire();
    }
  };

  const openOne = (url: string, waitFirst: boolean) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on("error", reject);
      ws.once("unexpected-response", (_request, response) =>
        reject(new Error(`upgrade refused with ${response.statusCode}`)),
      );
      ws.once("open", () => {
        sockets.push(ws);
        if (!waitFirst) {
          ws.on("message", onMessage);
          resolve();
          return;
        }
        ws.once("message", () => {
          ws.on("message", onMessage);
          resolve();
        });
      });
    });

  serve(
    {},
    {
      connect: async (args) => {
        const url = String(args.url);
        const total = Number(args.count);
        const waitFirst = args.waitFirst === true;
        let next = 0;
        let failures = 0;
        const started = performance.now();
        const worker = async () => {
          while (next < total) {
            next++;
            try {
              await openOne(url, waitFirst);
            } catch {
              failures++;
            }
          }
        };
        await Promise.all(Array.from({ length: Number(args.concurrency) }, worker));
        return { open: sockets.length, failures, ms: performance.now() - started };
      },
      trim: async (args) => {
        const keep = Number(args.keep);
        const gone = sockets.splice(keep);
        await Promise.all(
          gone.map(
            (ws) =>
              new Promise((resolve) => {
                ws.once("close", resolve);
                ws.close();
              }),
          ),
        );
        return sockets.length;
      },
      arm: (args) => {
        armedCpu = process.cpuUsage();
        received = 0;
        reachedAt = 0;
        target = Number(args.perSocket) * sockets.length;
        return null;
      },
      wait: (args) =>
        new Promise((resolve) => {
          const answer = () => {
            clearTimeout(timer);
            reached = undefined;
            const cpu = process.cpuUsage(armedCpu);
            resolve({
              at: reachedAt || now(),
              received,
              sample: last?.toString("utf8") ?? "",
              cpuMs: (cpu.user + cpu.system) / 1000,
            });
          };
          const timer = setTimeout(answer, Number(args.timeoutMs));
          if (received >= target) answer();
          else reached = answer;
        }),
      "arm-latency": () => {
        latencies = new Float64Array(1 << 16);
        count = 0;
        return null;
      },
      "collect-latency": () => {
        const out = latencies?.slice(0, count) ?? new Float64Array();
        latencies = undefined;
        return out;
      },
      close: () => {
        for (const ws of sockets) ws.terminate();
        return null;
      },
    },
  );
}

const role = process.env.BENCH_STREAM_ROLE;
if (role === "server") await serverRole(process.env.BENCH_STREAM_DIR ?? tmpdir());
else if (role === "bare") await bareRole();
else if (role === "client") clientRole();
