/**
 * Runs the `scoreline` program on a command line, ending it by the program's one failure rule
 * (command-failure.ts): `main.ts` runs it in the process, tests on a terminal of their own.
 */
import { reportFailure } from "./command-failure.js";
import { scorelineProgram } from "./program.js";
import { isTerminalExit, terminal } from "./terminal.js";

/** Parses `argv` (`node`, the script, then the arguments) and runs the command it names. */
export async function runProgram(argv: readonly string[]): Promise<void> {
  try {
    await scorelineProgram().parseAsync([...argv]);
  } catch (error) {
    if (isTerminalExit(error)) throw error;
    terminal().exit(reportFailure(error));
  }
}
