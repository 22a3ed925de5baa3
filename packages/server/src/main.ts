/** The `scoreline` command line: one program, every role and every operation. */
import { scorelineProgram } from "./cli/program.js";

await scorelineProgram().parseAsync(process.argv);
