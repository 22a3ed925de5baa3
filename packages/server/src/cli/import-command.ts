/**
 * `scoreline import openfootball <file-or-folder>…`: real open data into the main store.
 * A progress bar goes to stderr when it is a terminal; the summary goes to stdout (one JSON
 * object with `--json`). Exits 1 when any file failed, after importing the good ones.
 */
import { relative } from "node:path";
import { Command } from "commander";
import { IMPORT_FORMATS } from "../importers/formats.js";
import type {
  ImportProgress,
  ImportSummary,
} from "../importers/openfootball/import-openfootball.js";
import type { ImportFormat } from "../importers/shared/import-format.js";
import type { ImportRunProgress, ImportRunSummary } from "../importers/shared/run-import.js";
import { systemClock } from "../lib/time.js";
import { dataSource } from "../services/data-sources.js";
import { assertReadablePaths } from "./command-failure.js";
import { openMigratedStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { terminalProgress } from "./progress.js";
import { terminal } from "./terminal.js";

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
    assertReadablePaths(paths);
    const [store, { importOpenfootball }] = await Promise.all([
      openMigratedStore(config.databaseUrl),
      import("../importers/openfootball/import-openfootball.js"),
    ]);
    try {
      const bar = progressBar();
      const summary = await importOpenfootball({ store, clock: systemClock }, paths, {
        ...(bar !== undefined ? { onProgress: bar.update } : {}),
      });
      bar?.done();
      for (const error of summary.errors) {
        terminal().stderr.write(`scoreline: ${error.path}: ${error.reason}\n`);
      }
      terminal().stdout.write(options.json ? `${JSON.stringify(summary)}\n` : summaryText(summary));
      if (summary.errors.length > 0) terminal().exitCode = 1;
    } finally {
      await store.close();
    }
  });
  const command = new Command("import")
    .description(
      "load real open data into the main store (idempotent: importing again changes nothing)",
    )
    .addCommand(openfootball);
  for (const format of IMPORT_FORMATS) command.addCommand(formatCommand(format));
  return command;
}

/** `scoreline import <format> <paths…>` for a format of `IMPORT_FORMATS`. */
function formatCommand(format: ImportFormat): Command {
  const command = new Command(format.name)
    .description(format.description)
    .argument("<paths...>", "files or folders")
    .option("--json", "machine-readable summary");
  for (const option of format.options ?? []) command.option(option.flags, option.description);
  withConfigOptions(command, ["databaseUrl"]);
  command.action(async (paths: string[], options: Record<string, unknown>) => {
    const config = configFromCommand(command);
    assertReadablePaths(paths);
    const [store, { runImport }] = await Promise.all([
      openMigratedStore(config.databaseUrl),
      import("../importers/shared/run-import.js"),
    ]);
    try {
      const bar = unitBar();
      const summary = await runImport({ store, clock: systemClock }, format, paths, {
        options,
        ...(bar !== undefined ? { onProgress: bar.update } : {}),
      });
      bar?.done();
      for (const error of summary.errors) {
        const where = error.line === null ? error.path : `${error.path}:${error.line}`;
        terminal().stderr.write(`scoreline: ${where}: ${error.reason}\n`);
      }
      terminal().stdout.write(
        options.json === true ? `${JSON.stringify(summary)}\n` : runSummaryText(summary),
      );
      if (summary.errors.length > 0) terminal().exitCode = 1;
    } finally {
      await store.close();
    }
  });
  return command;
}

function unitBar() {
  const line = terminalProgress();
  return (
    line && {
      update(progress: ImportRunProgress) {
        const label = relative(process.cwd(), progress.label) || progress.label;
        line.update(
          progress.unitsDone,
          progress.unitsTotal,
          `${progress.unitsDone}/${progress.unitsTotal} · ${progress.matchesDone.toLocaleString("en")} matches · ${label}`,
        );
      },
      done: line.done,
    }
  );
}

function runSummaryText(summary: ImportRunSummary): string {
  const { units } = summary;
  const seconds = summary.ms / 1000;
  const rate = seconds > 0 ? Math.round(summary.records / seconds) : summary.records;
  const lines = [
    `Imported ${units.imported} of ${units.found} units (${summary.matches.toLocaleString("en")} matches, ${summary.records.toLocaleString("en")} records, ${rate.toLocaleString("en")} records/s) in ${seconds.toFixed(1)} s.`,
  ];
  for (const [table, c] of Object.entries(summary.tables)) {
    lines.push(
      `  ${table.padEnd(20)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
    );
  }
  if (summary.errors.length > 0) lines.push(`${summary.errors.length} error(s) (see above).`);
  lines.push(`Data: ${dataSource(summary.source).attribution}`);
  return `${lines.join("\n")}\n`;
}

function progressBar() {
  const line = terminalProgress();
  return (
    line && {
      update(progress: ImportProgress) {
        const file = relative(process.cwd(), progress.path) || progress.path;
        line.update(
          progress.filesDone,
          progress.filesTotal,
          `${progress.filesDone}/${progress.filesTotal} files · ${progress.matchesDone.toLocaleString("en")} matches · ${file}`,
        );
      },
      done: line.done,
    }
  );
}

function summaryText(summary: ImportSummary): string {
  const { files } = summary;
  const lines = [
    `Imported ${files.imported} of ${files.found} files (${summary.matches.toLocaleString("en")} matches) in ${(summary.ms / 1000).toFixed(1)} s` +
      `${files.skipped > 0 ? `; skipped ${files.skipped} other .json files` : ""}.`,
  ];
  for (const table of [
    "competitions",
    "seasons",
    "teams",
    "fixtures",
    "standings_adjustments",
  ] as const) {
    const c = summary[table];
    lines.push(
      `  ${table.padEnd(21)} ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
    );
  }
  if (summary.errors.length > 0) lines.push(`${summary.errors.length} file(s) failed (see above).`);
  lines.push("Data: openfootball (public domain, CC0).");
  return `${lines.join("\n")}\n`;
}
