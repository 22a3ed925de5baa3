/**
 * The `scoreline` program as a tree of commands, built without running it: `main.ts` parses the
 * command line with it, and tests walk it to find every command. Usage errors are handled here,
 * once, for every command of the tree.
 */
import { Command } from "commander";
import { accountsCommand } from "./accounts-command.js";
import { backupCommand } from "./backup-command.js";
import { exportCommand } from "./export-command.js";
import { feedCommand } from "./feed-command.js";
import { importCommand } from "./import-command.js";
import { keysCommand } from "./keys-command.js";
import { migrateCommand } from "./migrate-command.js";
import { openapiCommand } from "./openapi-command.js";
import { plansCommand } from "./plans-command.js";
import { serveCommand } from "./serve-command.js";
import { standingsCommand } from "./standings-command.js";
import { usageErrorsExit2 } from "./usage-errors.js";

export function scorelineProgram(): Command {
  const program = new Command("scoreline")
    .description("Scoreline: a read-only JSON API for ten sports")
    .version("0.1.0")
    .showHelpAfterError()
    .addCommand(serveCommand())
    .addCommand(migrateCommand())
    .addCommand(backupCommand())
    .addCommand(exportCommand())
    .addCommand(importCommand())
    .addCommand(feedCommand())
    .addCommand(standingsCommand())
    .addCommand(accountsCommand())
    .addCommand(keysCommand())
    .addCommand(plansCommand())
    .addCommand(openapiCommand());
  return usageErrorsExit2(program);
}
