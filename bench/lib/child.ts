/**
 * Child processes the benchmarks measure: a TypeScript script started with tsx and a bare
 * environment, its port read from the `listening <port>` line it prints, and a clean stop.
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import type { Readable } from "node:stream";

/** Starts `node --import tsx script …args` with only PATH set; on core `cpu` when given. */
export function spawnScript(
  script: string,
  args: string[],
  stdio: StdioOptions,
  cpu?: number,
  env: Record<string, string> = {},
): ChildProcess {
  const node = [process.execPath, "--import", "tsx", script, ...args];
  const [command, ...rest] = cpu === undefined ? node : ["taskset", "-c", String(cpu), ...node];
  return spawn(command as string, rest, { env: { PATH: process.env.PATH ?? "", ...env }, stdio });
}

/** Resolves with the first capture of `pattern` in `stream`, then stops reading it. */
export function waitForLine(
  child: ChildProcess,
  stream: Readable | null,
  pattern: RegExp,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match?.[1]) {
        stream?.off("data", onData);
        stream?.resume();
        resolve(match[1]);
      }
    };
    stream?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`child exited with ${code}: ${seen}`)));
  });
}

/** Waits for `listening <port>` on the child's stderr (or stdout when stderr is not piped). */
export async function portOf(child: ChildProcess): Promise<number> {
  return Number(await waitForLine(child, child.stderr ?? child.stdout, /listening (\d+)/));
}

/** SIGTERM, and wait for the exit (at once if it has exited). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
