/**
 * `scoreline import openfootball <file-or-folder>`: reads each file, builds its rows and stores
 * them in a transaction of its own. A bad file (unreadable, invalid JSON, unexpected shape, a
 * failed write) is reported with its path and reason and changes nothing; the others import.
 * Counts are of distinct rows across the run: a row is `created` if any file created it,
 * otherwise `updated` if any file changed it, otherwise `unchanged`.
 */
import { readFile } from "node:fs/promises";
import { isoSeconds } from "../../lib/time.js";
import type { ServiceContext } from "../../services/context.js";
import { buildRecords } from "./build-records.js";
import { findOpenfootballFiles } from "./find-files.js";
import { parseOpenfootballFile } from "./parse-file.js";
import type { RowChanges } from "./upsert-rows.js";
import { writeFileRecords } from "./write-records.js";

interface RowCounts {
  created: number;
  updated: number;
  unchanged: number;
}

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

type RowState = keyof RowCounts;
const RANK: Record<RowState, number> = { unchanged: 0, updated: 1, created: 2 };
const TABLES = ["competitions", "seasons", "teams", "fixtures", "standings_adjustments"] as const;

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
  const states = Object.fromEntries(TABLES.map((t) => [t, new Map<string, RowState>()])) as Record<
    (typeof TABLES)[number],
    Map<string, RowState>
  >;
  let [imported, matches] = [0, 0];
  for (const [index, path] of files.entries()) {
    try {
      const now = ctx.clock();
      const parsed = parseOpenfootballFile(path, await readFile(path, "utf8"));
      const records = buildRecords(parsed, now);
      const changes = await writeFileRecords(ctx.store, records, isoSeconds(now));
      for (const table of TABLES) record(states[table], changes[table]);
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
  const counts = (table: (typeof TABLES)[number]) => countStates(states[table]);
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

function record(states: Map<string, RowState>, changes: RowChanges): void {
  for (const state of ["created", "updated", "unchanged"] as const) {
    for (const id of changes[state]) {
      const before = states.get(id);
      if (before === undefined || RANK[state] > RANK[before]) states.set(id, state);
    }
  }
}

function countStates(states: Map<string, RowState>): RowCounts {
  const counts: RowCounts = { created: 0, updated: 0, unchanged: 0 };
  for (const state of states.values()) counts[state] += 1;
  return counts;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "no such file or directory" : error.message;
  }
  return String(error);
}
