/** The stream-fanout measurements, run from the parent against its children. */
import { count, mebibytes, millis, percent } from "../lib/format.js";
import type { IpcChild } from "../lib/ipc.js";
import { type CpuSnapshot, othersCores } from "../lib/process-cpu.js";
import { quantile } from "../lib/stats.js";
import type { Burst, Cpu, IngestResult, Memory } from "./answers.js";
import { LATENCY_SECONDS, sleep } from "./settings.js";

export function memoryRow(
  name: string,
  open: number,
  connecting: string,
  before: Memory,
  after: Memory,
): string {
  const per = (bytes: number) => `${count(bytes / open)} B`;
  return `| ${name} | ${open.toLocaleString("en")} | ${connecting} | ${mebibytes(before.rss)} → ${mebibytes(after.rss)} | ${per(after.rss - before.rss)} | ${mebibytes(before.heapUsed)} → ${mebibytes(after.heapUsed)} | ${per(after.heapUsed - before.heapUsed)} | ${per(after.external - before.external)} |`;
}

/**
 * Leaves `subscribers` connections open, spread over the first `processes` of `clients` (the
 * others are stopped), and waits until the server counts exactly that many.
 */
export async function trimTo(
  server: IpcChild,
  clients: IpcChild[],
  subscribers: number,
  processes: number,
): Promise<IpcChild[]> {
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
export async function latency(
  server: IpcChild,
  clients: IpcChild[],
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
    line: `| ${subscribers.toLocaleString("en")} | ${rate} | ${count(subscribers * rate)} | ${percent(ingest.busy, 1)} | ${percent(others, 1)} | ${millis(quantile(queued, 0.5))} | ${millis(quantile(queued, 0.99))} | ${millis(queued.at(-1))} | ${all.length.toLocaleString("en")} of ${expected.toLocaleString("en")}${notApplied} | ${millis(quantile(all, 0.5))} | ${millis(quantile(all, 0.99))} | ${millis(all.at(-1))} |`,
    met: all.length === expected && quantile(all, 0.99) < 100,
  };
}

/** One round: arm the clients, publish, wait for every message, read the CPU used. */
export async function burst(
  server: IpcChild,
  clients: IpcChild[],
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

export function medianBy(rounds: Burst[]): Burst {
  const sorted = [...rounds].sort((a, b) => a.rate - b.rate);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error("no rounds");
  return middle;
}

export async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error("timed out waiting for the connection count");
    await sleep(100);
  }
}
