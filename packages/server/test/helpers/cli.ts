/**
 * The `scoreline` program as tests run it, with a clean environment plus what the test sets.
 * `runCli` runs a command to its end inside the test's own process, on a terminal of its own
 * (`src/cli/terminal.ts`: its own streams, environment and exit status) — the same program a
 * shell runs, without starting Node for each command (ADR-0048). What only a process shows (the
 * binary starts, signals, pipes, `serve`) runs as one: `spawnCli` and `ServeProcess`
 * (program-process.ts).
 */
import assert from "node:assert/strict";
import { Readable, Writable } from "node:stream";
import { runProgram } from "../../src/cli/run-program.js";
import { runInTerminal } from "../../src/cli/terminal.js";
import { CLEAN_ENV, type CliOptions, type CliRun, spawnCli } from "./program-process.js";

export { type CliRun, ServeProcess, SHIPPED_BIN } from "./program-process.js";

/**
 * Runs `scoreline …args` to its end, in this process — or as a child process when `options.bin`
 * names a binary, or for `serve` (which owns its process: signals, exit). Independent runs may
 * overlap.
 */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  if (options.bin !== undefined || args[0] === "serve") return spawnCli(args, options);
  const stdout = collected(options.tty === true);
  const stderr = collected(options.tty === true);
  const status = await runInTerminal(
    {
      stdin: Readable.from(options.stdin ? [Buffer.from(options.stdin)] : []),
      stdout: stdout.stream,
      stderr: stderr.stream,
      env: { ...CLEAN_ENV, ...options.env },
    },
    () => runProgram(["node", "scoreline", ...args]),
  );
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}

/** A writable stream that keeps what is written to it, as it is written (a terminal's, if `tty`). */
function collected(tty: boolean) {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  if (tty) Object.assign(stream, { isTTY: true, columns: 80 });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/** Runs `scoreline …args`, asserting it exits 0; resolves with its standard output. */
export async function cliOutput(args: readonly string[], options: CliOptions = {}) {
  const result = await runCli(args, options);
  assert.equal(result.status, 0, `scoreline ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}
