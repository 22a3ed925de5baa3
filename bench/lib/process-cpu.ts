/**
 * CPU time from /proc (Linux; clock ticks of 10 ms): the machine's, a benchmark's own processes',
 * and what other processes used meanwhile — on a shared machine that explains most variation.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";

export interface CpuSnapshot {
  at: number;
  /** Machine-wide user + nice + system, in ms. */
  busy: number;
  /** Machine-wide irq + softirq (loopback TCP delivery runs there), in ms. */
  softirq: number;
  /** This process with its reaped children, plus the live `pids`, in ms. */
  mine: number;
}

/** A snapshot of the machine and of this process, its reaped children and the live `pids`. */
export function cpuSnapshot(pids: ReadonlyArray<number | undefined>): CpuSnapshot {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/) ?? [];
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields.slice(1).map(Number);
  let mine = processTicks("self", true);
  for (const pid of pids) if (pid !== undefined) mine += processTicks(pid, false);
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
export function othersCores(a: CpuSnapshot, b: CpuSnapshot): number {
  // Process times include the softirq work done in their context (no IRQ time accounting).
  const machine = b.busy + b.softirq - (a.busy + a.softirq);
  return Math.max(0, machine - (b.mine - a.mine)) / (b.at - a.at);
}

/** This process's CPU time so far, in ms. */
export function ownCpu(): { user: number; system: number } {
  const c = process.cpuUsage();
  return { user: c.user / 1000, system: c.system / 1000 };
}

/** The load average, `1.00 / 0.50 / 0.25`. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
}

/** This process's open-file limit, `soft (hard …)`. */
export function openFiles(): string {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  const [soft, hard] = line?.split(/\s{2,}/).slice(1, 3) ?? [];
  return soft === undefined ? "unknown" : `${soft} (hard ${hard})`;
}
