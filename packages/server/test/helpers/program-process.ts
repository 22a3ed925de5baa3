/**
 * The `scoreline` program as a process: `spawnCli` runs a command to its end as a child process
 * of `bin/scoreline.js` with a clean environment plus what the test sets; `ServeProcess` keeps a
 * `scoreline serve` running, collecting its output and JSON log lines, until the test stops it.
 * Imports nothing of the program itself, so the client's tests use it too. Most commands run in
 * the test's own process instead: `runCli` (cli.ts).
 */
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { spawnOwned } from "./owned-processes.js";
import { waitFor } from "./wait.js";

/**
 * How a test starts the program beside this file: compiled ahead of time when the suite runs
 * from `.test-build/`; from its TypeScript sources through tsx when this file runs from them
 * (`node --import tsx --test …`), so an edit is tested without a build.
 */
const PROGRAM = import.meta.url.endsWith(".ts")
  ? ["--import", "tsx", fileURLToPath(new URL("../../src/main.ts", import.meta.url))]
  : [fileURLToPath(new URL("../../bin/scoreline.js", import.meta.url))];
/** The program as shipped: `bin/scoreline.js` over the build `npm ci` made (ADR-0050). */
export const SHIPPED_BIN = fileURLToPath(
  new URL("../../../../packages/server/bin/scoreline.js", import.meta.url),
);
/** PATH and HOME, and the core sample world (ADR-0044): quicker to load, what the tests need. */
export const CLEAN_ENV = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "/tmp",
  SCORELINE_SAMPLE_WORLD: "core",
};

/** Every role's port left to the system (the log says which it got). */
const FREE_PORTS = {
  SCORELINE_API_PORT: "0",
  SCORELINE_STREAM_PORT: "0",
  SCORELINE_SANDBOX_PORT: "0",
};

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Set on top of a clean environment (PATH and HOME only). */
  env?: Record<string, string>;
  /** Written to its standard input, which is then closed (closed empty by default). */
  stdin?: string;
  /** Runs the program as a child process of this binary (`spawnCli`) instead of in-process. */
  bin?: string;
  /** In-process runs only: standard output and error are terminals (80 columns). */
  tty?: boolean;
}

/** Runs `scoreline …args` as a child process of `options.bin` (the program beside) to its end. */
export function spawnCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawnOwned(
      process.execPath,
      [...(options.bin ? [options.bin] : PROGRAM), ...args],
      {
        env: { ...CLEAN_ENV, ...options.env },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin?.end(options.stdin ?? "");
  });
}

/** Runs `scoreline …args` as a process, asserting it exits 0; resolves with its standard output. */
export async function spawnedOutput(args: readonly string[], options: CliOptions = {}) {
  const result = await spawnCli(args, options);
  assert.equal(result.status, 0, `scoreline ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

/** A running `scoreline` (by default `serve`) whose output and JSON log lines are collected. */
export class ServeProcess {
  readonly lines: Array<Record<string, unknown>> = [];
  /** Standard output and error, interleaved as they arrived. */
  output = "";
  stdout = "";
  readonly exited: Promise<number | null>;
  private hasExited = false;

  private constructor(readonly child: ChildProcess) {
    let partial = "";
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      partial += chunk.toString();
      const parts = partial.split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        if (!line.startsWith("{")) continue;
        try {
          this.lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not a log line
        }
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      this.stdout += chunk.toString();
      collect(chunk);
    });
    child.stderr?.on("data", collect);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code) => {
        this.hasExited = true;
        resolve(code);
      }),
    );
  }

  /**
   * Starts `scoreline …args`. Every role listens on a free port unless the test names one (in
   * `env` or `args`): a fixed default port (8081, 8082) would be taken by whichever of the files
   * running at once started first, and the other process would exit.
   */
  static start(env: Record<string, string>, args: readonly string[] = ["serve"]): ServeProcess {
    return new ServeProcess(
      spawnOwned(process.execPath, [...PROGRAM, ...args], {
        env: { ...CLEAN_ENV, ...FREE_PORTS, ...env },
      }),
    );
  }

  get pid(): number {
    assert.ok(this.child.pid, "the process started");
    return this.child.pid;
  }

  /**
   * Waits for a log line whose `msg` matches; fails at once if the process exits first. The bound
   * is generous: starting with the demo data on a loaded machine has taken half a minute.
   */
  async waitForLog(pattern: RegExp, timeoutMs = 180_000): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    await waitFor(
      () => {
        found = this.lines.find((l) => pattern.test(String(l.msg)));
        if (found === undefined && this.hasExited) {
          throw new Error(`exited before ${pattern}:\n${this.output.slice(-3000)}`);
        }
        return found !== undefined;
      },
      { timeoutMs, what: () => `${pattern} in the log:\n${this.output.slice(-3000)}` },
    );
    return found as Record<string, unknown>;
  }

  /** The API's base URL, from the "api listening on" log line (start it with API port 0). */
  async apiUrl(timeoutMs?: number): Promise<string> {
    const line = await this.waitForLog(/^api listening on /, timeoutMs);
    assert.equal(typeof line.url, "string");
    return line.url as string;
  }

  /**
   * Waits until the host at `baseUrl` says on `/readyz` that nothing is left loading: the demo
   * world (and the sandbox's) loads behind a listening server (ADR-0052).
   */
  async loaded(baseUrl: string, timeoutMs = 180_000): Promise<void> {
    let last = "";
    await waitFor(
      async () => {
        if (this.hasExited) throw new Error(`exited while loading:\n${this.output.slice(-3000)}`);
        const response = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
        last = response === undefined ? "no answer" : await response.text();
        return (
          response?.status === 200 && (JSON.parse(last) as { status?: string }).status === "ok"
        );
      },
      { timeoutMs, intervalMs: 50, what: () => `${baseUrl}/readyz to say ok (last: ${last})` },
    );
  }

  /**
   * Sends `signal` to the process (if it is still running) and resolves with its exit code; when
   * it has exited, whatever it started in its group is killed too.
   */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      process.kill(this.pid, signal);
    }
    return this.exited;
  }
}
