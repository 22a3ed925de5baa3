import { Command } from "commander";
import { openCommandStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { terminal } from "./terminal.js";

export function migrateCommand(): Command {
  const command = new Command("migrate")
    .description("bring the database schema up to date (also done by `serve` on start)")
    .option("--json", "machine-readable output");
  withConfigOptions(command, ["databaseUrl"]);
  return command.action(async (options: { json?: boolean }) => {
    const config = configFromCommand(command);
    const store = await openCommandStore(config.databaseUrl);
    const { migrate } = await import("../store/migrate.js");
    try {
      const report = await migrate(store);
      if (options.json) {
        terminal().stdout.write(`${JSON.stringify(report)}\n`);
      } else if (report.applied.length === 0) {
        terminal().stdout.write(`Schema is up to date (${report.current.length} migrations).\n`);
      } else {
        terminal().stdout.write(`Applied ${report.applied.length}: ${report.applied.join(", ")}\n`);
      }
    } finally {
      await store.close();
    }
  });
}
