/**
 * `scoreline export history`: the whole history selection of one sport as NDJSON or CSV, to
 * stdout or a file, through the same batched generator as the HTTP bulk export (constant
 * memory). Bad arguments exit with status 2 and say which flag is wrong.
 */
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Command, InvalidArgumentError, Option } from "commander";
import { ServiceError } from "../errors/service-error.js";
import { systemClock } from "../lib/time.js";
import { EXPORT_FORMATS, type ExportFormat } from "../services/history/export-formats.js";
import type { HistoryQuery } from "../services/history/selection.js";
import { SPORTS, type Sport } from "../sports/types.js";
import { assertWritableFile } from "./command-failure.js";
import { openCommandStore } from "./command-store.js";
import { configFromCommand, withConfigOptions } from "./config-options.js";
import { terminalProgress } from "./progress.js";
import { terminal } from "./terminal.js";

interface HistoryOptions {
  sport: Sport;
  league?: string;
  team?: string;
  seasonFrom?: string;
  seasonTo?: string;
  dateFrom?: string;
  dateTo?: string;
  updatedSince?: string;
  format: ExportFormat;
  output?: string;
}

export function exportCommand(): Command {
  return new Command("export")
    .description("export data in bulk (see `scoreline export history --help`)")
    .addCommand(historyCommand());
}

function historyCommand(): Command {
  const command = new Command("history")
    .description("export finished matches of one sport, oldest first, as NDJSON or CSV")
    .addOption(new Option("--sport <sport>", "sport slug").choices(SPORTS).makeOptionMandatory())
    .option("--league <league>", "competition slug or id")
    .option("--team <team>", "team slug or id")
    .option("--season-from <season>", "first season (YYYY-YYYY or YYYY), by start year", season)
    .option("--season-to <season>", "last season (YYYY-YYYY or YYYY), by start year", season)
    .option("--date-from <date>", "first kickoff day (YYYY-MM-DD, UTC)", day)
    .option("--date-to <date>", "last kickoff day (YYYY-MM-DD, UTC), included", day)
    .option("--updated-since <timestamp>", "only matches changed since (ISO 8601)", timestamp)
    .addOption(
      new Option("--format <format>", "output format").choices(EXPORT_FORMATS).default("ndjson"),
    )
    .option("--output <file>", "write to this file instead of stdout")
    .showHelpAfterError("(see scoreline export history --help)");
  withConfigOptions(command, ["databaseUrl"]);
  return command.action((options: HistoryOptions) => runExport(command, options));
}

async function runExport(command: Command, options: HistoryOptions): Promise<void> {
  const config = configFromCommand(command);
  if (options.output !== undefined) assertWritableFile(options.output);
  const [store, { isMigrated }, { exportHistory }] = await Promise.all([
    openCommandStore(config.databaseUrl),
    import("../store/migrate.js"),
    import("../services/history/export.js"),
  ]);
  try {
    if (!(await isMigrated(store))) {
      fail("the database has no Scoreline schema yet; run `scoreline migrate` first", 1);
    }
    const query: HistoryQuery = {
      league: options.league,
      team: options.team,
      season_from: options.seasonFrom,
      season_to: options.seasonTo,
      date_from: options.dateFrom,
      date_to: options.dateTo,
      updated_since: options.updatedSince,
    };
    const ctx = { store, clock: systemClock };
    const { chunks, attribution } = await exportHistory(
      ctx,
      options.sport,
      query,
      options.format,
    ).catch((error: unknown) => {
      if (error instanceof ServiceError && error.code === "invalid_parameter") {
        fail(`${flagOf(error.field)}${error.message}`, 2);
      }
      throw error;
    });
    await write(Readable.from(counted(chunks), { objectMode: false }), options.output);
    // The data's licence asks for credit; stderr keeps the export itself byte-clean.
    if (attribution !== undefined) terminal().stderr.write(`Data: ${attribution}\n`);
  } finally {
    await store.close();
  }
}

async function write(source: Readable, output: string | undefined): Promise<void> {
  if (output === undefined) {
    await pipeline(source, terminal().stdout as Writable, { end: false }).catch(ignoreClosedPipe);
    return;
  }
  try {
    await pipeline(source, createWriteStream(output));
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
  terminal().stderr.write(`Wrote ${output}\n`);
}

/** The export's text as it goes, counted on a terminal's progress line (a line per match). */
async function* counted(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const progress = terminalProgress();
  if (progress === undefined) {
    yield* chunks;
    return;
  }
  let lines = 0;
  try {
    for await (const chunk of chunks) {
      for (let at = chunk.indexOf("\n"); at >= 0; at = chunk.indexOf("\n", at + 1)) lines++;
      progress.update(0, 0, `${lines.toLocaleString("en")} lines exported`);
      yield chunk;
    }
  } finally {
    progress.done();
  }
}

/** `scoreline export history … | head` closing the pipe early is not a failure. */
function ignoreClosedPipe(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== "EPIPE") throw error;
}

function flagOf(field: string | undefined): string {
  return field === undefined ? "" : `--${field.replace(/_/g, "-")}: `;
}

function fail(message: string, status: number): never {
  terminal().stderr.write(`scoreline: ${message}\n`);
  return terminal().exit(status);
}

function season(value: string): string {
  if (!/^\d{4}(-\d{4})?$/.test(value)) throw new InvalidArgumentError("use YYYY-YYYY or YYYY.");
  return value;
}

function day(value: string): string {
  const time = Date.parse(`${value}T00:00:00Z`);
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(time) &&
    new Date(time).toISOString().slice(0, 10) === value;
  if (!valid) throw new InvalidArgumentError("use a date like 2026-11-21.");
  return value;
}

function timestamp(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new InvalidArgumentError("use an ISO 8601 timestamp like 2026-11-21T10:00:00Z.");
  }
  if (Number.isNaN(Date.parse(value))) throw new InvalidArgumentError("not a real time.");
  return value;
}
