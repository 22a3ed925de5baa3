/** The `scoreline` command line: one program, every role and every operation. */
import { Command } from "commander";
import { accountsCommand } from "./cli/accounts-command.js";
import { exportCommand } from "./cli/export-command.js";
import { feedCommand } from "./cli/feed-command.js";
import { importCommand } from "./cli/import-command.js";
import { keysCommand } from "./cli/keys-command.js";
import { migrateCommand } from "./cli/migrate-command.js";
import { openapiCommand } from "./cli/openapi-command.js";
import { plansCommand } from "./cli/plans-command.js";
import { serveCommand } from "./cli/serve-command.js";
import { standingsCommand } from "./cli/standings-command.js";

const program = new Command("scoreline")
  .description("Scoreline: a read-only JSON API for ten sports")
  .version("0.1.0")
  .showHelpAfterError()
  .addCommand(serveCommand())
  .addCommand(migrateCommand())
  .addCommand(exportCommand())
  .addCommand(importCommand())
  .addCommand(feedCommand())
  .addCommand(standingsCommand())
  .addCommand(accountsCommand())
  .addCommand(keysCommand())
  .addCommand(plansCommand())
  .addCommand(openapiCommand());

await program.parseAsync(process.argv);
