/**
 * Runs one import format over the paths a user gave: plans the units, then reads each whole and
 * stores it through `writeImport` (short transactions, ADR-0047). A bad unit (unreadable,
 * malformed) is reported by path and line and changes nothing; a failed write is reported the
 * same way, and importing again completes it; the others import. Counts are summed over units
 * (see `addCounts`).
 */
import { isoSeconds } from "../../lib/time.js";
import type { ServiceContext } from "../../services/context.js";
import type { DatasetTable } from "../../store/dataset.js";
import { type FormatOptions, ImportError, type ImportFormat } from "./import-format.js";
import { type ImportCounts, type RowCounts, writeImport } from "./write-import.js";

interface ImportRunError {
  path: string;
  line: number | null;
  reason: string;
}

export interface ImportRunSummary {
  format: string;
  source: string;
  units: { found: number; imported: number; failed: number };
  /** Source records read (rows, deliveries, event lines) in the units that imported. */
  records: number;
  matches: number;
  tables: Partial<Record<DatasetTable, RowCounts>>;
  errors: ImportRunError[];
  ms: number;
}

export interface ImportRunProgress {
  label: string;
  unitsDone: number;
  unitsTotal: number;
  matchesDone: number;
}

export interface ImportRunOptions {
  options?: FormatOptions;
  onProgress?: (progress: ImportRunProgress) => void;
}

export async function runImport(
  ctx: ServiceContext,
  format: ImportFormat,
  paths: readonly string[],
  run: ImportRunOptions = {},
): Promise<ImportRunSummary> {
  const started = performance.now();
  const options = run.options ?? {};
  const errors: ImportRunError[] = [];
  const summary: ImportRunSummary = {
    format: format.name,
    source: format.source,
    units: { found: 0, imported: 0, failed: 0 },
    records: 0,
    matches: 0,
    tables: {},
    errors,
    ms: 0,
  };
  let units: Awaited<ReturnType<ImportFormat["plan"]>> = [];
  try {
    units = await format.plan(paths, options);
  } catch (error) {
    errors.push(errorOf(error, paths.join(" ")));
  }
  summary.units.found = units.length;
  const totals = new Map<DatasetTable, RowCounts>();
  for (const [index, unit] of units.entries()) {
    try {
      const now = ctx.clock();
      const built = await format.build(unit, options, now);
      const counts = await writeImport(ctx.store, built.dataset, isoSeconds(now));
      addCounts(totals, counts);
      summary.units.imported += 1;
      summary.records += built.records;
      summary.matches += built.matches;
    } catch (error) {
      summary.units.failed += 1;
      errors.push(errorOf(error, unit.label));
    }
    run.onProgress?.({
      label: unit.label,
      unitsDone: index + 1,
      unitsTotal: units.length,
      matchesDone: summary.matches,
    });
  }
  summary.tables = Object.fromEntries(totals);
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

/**
 * Sums counts across units. A row two units both wrote is counted by each (seasons share teams):
 * the summary says how many writes each kind of change took, which is what a re-run compares.
 * openfootball's command sums its files' counts with it too.
 */
export function addCounts(totals: Map<DatasetTable, RowCounts>, counts: ImportCounts): void {
  for (const [table, c] of Object.entries(counts) as Array<[DatasetTable, RowCounts]>) {
    const total = totals.get(table) ?? { created: 0, updated: 0, unchanged: 0 };
    total.created += c.created;
    total.updated += c.updated;
    total.unchanged += c.unchanged;
    totals.set(table, total);
  }
}

function errorOf(error: unknown, fallbackPath: string): ImportRunError {
  if (error instanceof ImportError)
    return { path: error.path, line: error.line, reason: error.reason };
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file or directory" : error.message;
    return { path: fallbackPath, line: null, reason };
  }
  return { path: fallbackPath, line: null, reason: String(error) };
}
