/**
 * `scoreline import openfootball <file-or-folder>…`: real open data into the main store.
 * A progress bar goes to stderr when it is a terminal; the summary goes to stdout (one JSON
 * object with `--json`). Exits 1 when any file failed, after importing the good ones.
 */
import { relative } from "node:path";
import { Command } from "commander";
import {
  type ImportProgress,
  type ImportSummary,
  importOpenfootball,
} from "../importers/openfootball/import-openfootball.js";
import { systemClock } from "../lib/time.js";
import { openStore } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";

export function importCommand(): Command {
  const openfootball = new Command("openfootball")
    .description(
      "football.json files from openfootball (public domain, CC0): a file, or every competition file (en.1.json, uefa.cl.json, …) under a folder",
    )
    .argument("<paths...>", "files or folders (folders are searched recursively)")
    .option("--json", "machine-readable summary");
  withConfigOptions(openfootball, ["databaseUrl"]);
  openfootball.action(async (paths: string[], options: { json?: boolean }) => {
    const config = configFromCommand(openfootball);
    const store = openStore(config.databaseUrl);
    try {
      await migrate(store);
      const bar = process.stderr.isTTY ? progressBar() : undefined;
      const summary = await importOpenfootball({ store, clock: systemClock }, paths, {
        ...(bar !== undefined ? { onProgress: bar.update } : {}),
      });
      bar?.done();
      for (const error of summary.errors) {
        process.stderr.write(`scoreline: ${error.path}: ${error.reason}\n`);
      }
      process.stdout.write(options.json ? `${JSON.stringify(summary)}\n` : summaryText(summary));
      if (summary.errors.length > 0) process.exitCode = 1;
    } finally {
      await store.close();
    }
  });
  return new Command("import")
    .description(
      "load real open data into the main store (idempotent: importing again changes nothing)",
    )
    .addCommand(openfootball);
}

const WIDTH = 24;

function progressBar() {
  return {
    update(progress: ImportProgress) {
      const filled = Math.round((progress.filesDone / Math.max(1, progress.filesTotal)) * WIDTH);
      const bar = `${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}`;
      const file = relative(process.cwd(), progress.path) || progress.path;
      const line = `${bar} ${progress.filesDone}/${progress.filesTotal} files · ${progress.matchesDone.toLocaleString("en")} matches · ${file}`;
      process.stderr.write(
        `\r\x1b[K${line.slice(0, Math.max(20, (process.stderr.columns ?? 80) - 1))}`,
      );
    },
    done() {
      process.stderr.write("\r\x1b[K");
    },
  };
}

function summaryText(summary: ImportSummary): string {
  const { files } = summary;
  const lines = [
    `Imported ${files.imported} of ${files.found} files (${summary.matches.toLocaleString("en")} matches) in ${(summary.ms / 1000).toFixed(1)} s` +
      `${files.skipped > 0 ? `; skipped ${files.skipped} other .json files` : ""}.`,
  ];
  for (const table of ["competitions", "seasons", "teams", "fixtures"] as const) {
    const c = summary[table];
    lines.push(
      `  ${table.padEnd(13)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
    );
  }
  if (summary.errors.length > 0) lines.push(`${summary.errors.length} file(s) failed (see above).`);
  lines.push("Data: openfootball (public domain, CC0).");
  return `${lines.join("\n")}\n`;
}
