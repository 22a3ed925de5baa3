/**
 * Where a command reads and writes: standard input, output and error, the environment and the
 * exit status. Outside a run it is the process's own; `runInTerminal` gives one run streams, an
 * environment and an exit status of its own, so that a program embedding the CLI — the tests run
 * most commands this way (ADR-0048) — gets what a shell would, and an exit ends only that run.
 * `scoreline serve` is the exception: it owns its process (signals, exit) and runs only as one.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable, Writable } from "node:stream";

interface TerminalOutput extends Writable {
  isTTY?: boolean;
  columns?: number;
}

interface TerminalInput extends Readable {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface Terminal {
  stdin: TerminalInput;
  stdout: TerminalOutput;
  stderr: TerminalOutput;
  env: NodeJS.ProcessEnv;
  /** The status the run ends with when nothing calls `exit` (0 when never set). */
  exitCode: number | undefined;
  /** Ends the run now with `status`. */
  exit(status: number): never;
}

/** Thrown by a run's own `exit`, to unwind to `runInTerminal`. */
class TerminalExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

/** Whether `error` is a run's own `exit` unwinding (never a failure to report). */
export function isTerminalExit(error: unknown): boolean {
  return error instanceof TerminalExit;
}

const processTerminal: Terminal = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  get env() {
    return process.env;
  },
  get exitCode() {
    return process.exitCode === undefined ? undefined : Number(process.exitCode);
  },
  set exitCode(status) {
    process.exitCode = status;
  },
  exit: (status) => process.exit(status),
};

const current = new AsyncLocalStorage<Terminal>();

/** The terminal of the command running now. */
export function terminal(): Terminal {
  return current.getStore() ?? processTerminal;
}

export interface OwnTerminal {
  stdin: TerminalInput;
  stdout: TerminalOutput;
  stderr: TerminalOutput;
  env: NodeJS.ProcessEnv;
}

/** Runs `work` with `own` as its terminal; resolves with the run's exit status. */
export async function runInTerminal(
  own: OwnTerminal,
  work: () => Promise<unknown>,
): Promise<number> {
  const run: Terminal = {
    ...own,
    exitCode: undefined,
    exit: (status) => {
      throw new TerminalExit(status);
    },
  };
  try {
    await current.run(run, work);
  } catch (error) {
    if (error instanceof TerminalExit) return error.status;
    throw error;
  }
  return run.exitCode ?? 0;
}
