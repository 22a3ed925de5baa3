/**
 * Child processes a test file starts and must not leave behind. Each child leads a process group
 * of its own (`detached`), so a signal to the group reaches whatever it started too. When the
 * file's process exits, any group still running is killed and the file fails (exit code 1) with
 * a line naming it on stderr: a test that failed before stopping its child, or forgot to, is
 * reported instead of leaving a server running after the run. A child still holding the file's
 * event loop keeps the file running until the runner's timeout, which fails it; the runner then
 * kills what is left (`LEFT BEHIND`).
 *
 * Processes started elsewhere (a browser by Playwright) are found by the runner instead: every
 * process of a run carries its mark (`SCORELINE_TEST_RUN`, scripts/run-tests.mjs).
 */
import { type ChildProcess, spawn } from "node:child_process";

/** Running groups by leader pid, with the command that started them. */
const running = new Map<number, string>();

process.on("exit", () => {
  if (running.size === 0) return;
  const left = [...running].map(([pid, command]) => `pid ${pid}: ${command}`);
  for (const pid of running.keys()) killGroup(pid, "SIGKILL");
  process.stderr.write(
    `the tests of ${process.argv[1] ?? "this file"} left ${left.length} process(es) running (killed): ${left.join("; ")}\n`,
  );
  process.exitCode = 1;
});

/** Sends `signal` to the whole group led by `pid`; nothing when it is gone. */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Spawns `command` as the leader of a new process group, owned by this test file until it exits.
 * Its environment (this process's by default) gets the run's mark and `SCORELINE_TEST_FILE` (this
 * file), for the runner to find and name it if it outlives the file anyway.
 */
export function spawnOwned(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; stdio?: "ignore" | "pipe"; cwd?: string } = {},
): ChildProcess {
  const mark = process.env.SCORELINE_TEST_RUN;
  const child = spawn(command, args, {
    env: {
      ...(options.env ?? process.env),
      ...(mark !== undefined ? { SCORELINE_TEST_RUN: mark } : {}),
      SCORELINE_TEST_FILE: process.argv[1] ?? "",
    },
    stdio: options.stdio ?? "pipe",
    detached: true,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  const pid = child.pid;
  if (pid !== undefined) {
    running.set(pid, [command, ...args].join(" ").slice(0, 200));
    child.once("exit", () => {
      running.delete(pid);
      // What the child started outlives it in its group unless ended with it.
      killGroup(pid, "SIGKILL");
    });
  }
  return child;
}
