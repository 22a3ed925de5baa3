/** The `scoreline` command line: one program, every role and every operation. */
import { Command } from "commander";
import { exportCommand } from "./cli/export-command.js";
import { migrateCommand } from "./cli/migrate-command.js";
import { serveCommand } from "./cli/serve-command.js";

const program = new Command("scoreline")
  .description("Scoreline: a read-only JSON API for ten sports")
  .version("0.1.0")
  .showHelpAfterError()
  .addCommand(serveCommand())
  .addCommand(migrateCommand())
  .addCommand(exportCommand());

await program.parseAsync(process.argv);
