/** The `scoreline` command line: one program, every role and every operation. */
import { runProgram } from "./cli/run-program.js";

await runProgram(process.argv);
