/**
 * HTTP load from `wrk` (Debian's package, installed when missing), pinned to its own core with
 * `taskset` so the load generator never competes with the server it measures.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface WrkResult {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
}

export interface WrkOptions {
  connections: number;
  durationS: number;
  /** The core wrk runs on. */
  cpu: number;
  headers?: Record<string, string>;
}

function has(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

/** Installs wrk with apt-get when it is missing (the benchmarks' one system package). */
export function ensureWrk(): void {
  if (has("wrk")) return;
  process.stderr.write("bench: installing wrk (apt-get)\n");
  execFileSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit" });
  if (!has("wrk")) throw new Error("wrk is not installed and apt-get could not install it");
}

/** wrk's latency in milliseconds (`812.00us`, `1.20ms`, `2.01s`). */
function millis(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (match === null) throw new Error(`unreadable wrk latency: ${text}`);
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** One wrk run (after a 2 s warm-up run); refuses a run with non-2xx answers or socket errors. */
export async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = [
    ...["-c", String(options.cpu), "wrk", "-t1", `-c${options.connections}`],
    ...["--latency", "--timeout", "10s"],
  ];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push("-H", `${name}: ${value}`);
  }
  await run("taskset", [...args, "-d2s", url]);
  const { stdout: out } = await run("taskset", [...args, `-d${options.durationS}s`, url]);
  if (/Non-2xx or 3xx responses|Socket errors/.test(out)) {
    throw new Error(`${url}: errors under load:\n${out}`);
  }
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
  const p50 = /^\s+50%\s+(\S+)/m.exec(out)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)?.[1];
  if (rps === undefined || p50 === undefined || p99 === undefined) {
    throw new Error(`unreadable wrk output:\n${out}`);
  }
  return { rps: Number(rps), p50: millis(p50), p99: millis(p99) };
}
