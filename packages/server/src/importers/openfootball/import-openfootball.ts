/**
 * `scoreline import openfootball <file-or-folder>`: reads each file whole, then stores its rows
 * through the writer every format uses (`writeImport`: short transactions, the SQLite write
 * lock's turns, the kept tables refreshed; ADR-0035, ADR-0047), with openfootball's rules for
 * meeting stored rows (`file-dataset.ts`). A bad file (unreadable, invalid JSON, unexpected
 * shape) is reported with its path and reason and changes nothing; a write that fails part-way
 * is reported the same way, and importing again completes it; the other files import. Counts
 * are summed over files as every format's are (`addCounts`): a team two files wrote counts twice.
 */
import { readFile } from "node:fs/promises";
import { isoSeconds } from "../../lib/time.js";
import type { ServiceContext } from "../../services/context.js";
import type { DatasetTable } from "../../store/dataset.js";
import { addCounts } from "../shared/run-import.js";
import { type RowCounts, writeImport } from "../shared/write-import.js";
import { buildRecords } from "./build-records.js";
import { fileDataset } from "./file-dataset.js";
import { findOpenfootballFiles } from "./find-files.js";
import { parseOpenfootballFile } from "./parse-file.js";

export interface ImportSummary {
  files: { found: number; imported: number; failed: number; skipped: number };
  matches: number;
  competitions: RowCounts;
  seasons: RowCounts;
  teams: RowCounts;
  fixtures: RowCounts;
  /** The known point deductions of the imported league seasons (`known-deductions.ts`). */
  standings_adjustments: RowCounts;
  errors: Array<{ path: string; reason: string }>;
  ms: number;
}

export interface ImportProgress {
  path: string;
  filesDone: number;
  filesTotal: number;
  matchesDone: number;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
}

/** The tables the summary counts. */
type SummaryTable = "competitions" | "seasons" | "teams" | "fixtures" | "standings_adjustments";

export async function importOpenfootball(
  ctx: ServiceContext,
  paths: string | readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now();
  const errors: ImportSummary["errors"] = [];
  const files: string[] = [];
  const skipped: string[] = [];
  for (const path of typeof paths === "string" ? [paths] : paths) {
    try {
      const found = await findOpenfootballFiles(path);
      files.push(...found.files);
      skipped.push(...found.skipped);
    } catch (error) {
      errors.push({ path, reason: reasonOf(error) });
    }
  }
  const totals = new Map<DatasetTable, RowCounts>();
  let [imported, matches] = [0, 0];
  for (const [index, path] of files.entries()) {
    try {
      const now = ctx.clock();
      const stamp = isoSeconds(now);
      const parsed = parseOpenfootballFile(path, await readFile(path, "utf8"));
      const records = buildRecords(parsed, now);
      const { dataset, merges } = fileDataset(records, stamp);
      addCounts(totals, await writeImport(ctx.store, dataset, stamp, merges));
      imported += 1;
      matches += records.matches;
    } catch (error) {
      errors.push({ path, reason: reasonOf(error) });
    }
    options.onProgress?.({
      path,
      filesDone: index + 1,
      filesTotal: files.length,
      matchesDone: matches,
    });
  }
  const counts = (table: SummaryTable): RowCounts =>
    totals.get(table) ?? { created: 0, updated: 0, unchanged: 0 };
  return {
    files: {
      found: files.length,
      imported,
      failed: files.length - imported,
      skipped: skipped.length,
    },
    matches,
    competitions: counts("competitions"),
    seasons: counts("seasons"),
    teams: counts("teams"),
    fixtures: counts("fixtures"),
    standings_adjustments: counts("standings_adjustments"),
    errors,
    ms: Math.round(performance.now() - started),
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "no such file or directory" : error.message;
  }
  return String(error);
}
