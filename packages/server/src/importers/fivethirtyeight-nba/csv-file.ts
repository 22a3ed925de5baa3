/**
 * A strict reader for FiveThirtyEight's plain CSV files (no quoted fields), split by csv-parse:
 * the header names the columns a caller requires, every data row has the header's number of
 * fields, and each row keeps its 1-based line number so errors can name it. A byte-order mark
 * is dropped; blank lines are skipped.
 */
import { readFile } from "node:fs/promises";
import { csvRecords, isBlank } from "../shared/csv-records.js";
import { ImportError } from "../shared/import-format.js";

export interface CsvRow {
  line: number;
  get(column: string): string;
}

export interface CsvFile {
  path: string;
  header: string[];
  rows: CsvRow[];
}

export async function readCsv(path: string, required: readonly string[]): Promise<CsvFile> {
  const text = await readFile(path, "utf8");
  return parseCsv(path, text, required);
}

function parseCsv(path: string, text: string, required: readonly string[]): CsvFile {
  // Unquoted, so a quote stays in its field and is refused below, as these files have none.
  const [first, ...records] = csvRecords(path, text, { quoted: false, bom: true });
  const header = (first?.fields ?? [""]).map((h) => h.trim());
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw new ImportError(path, 1, `header lacks the column(s) ${missing.join(", ")}`);
  const index = new Map(header.map((column, i) => [column, i]));
  const rows: CsvRow[] = [];
  for (const record of records) {
    if (isBlank(record)) continue;
    const { line, fields } = record;
    if (fields.some((field) => field.includes('"')))
      throw new ImportError(path, line, "quoted fields are not expected in this file");
    if (fields.length !== header.length)
      throw new ImportError(
        path,
        line,
        `expected ${header.length} comma-separated fields as in the header, found ${fields.length}`,
      );
    rows.push({ line, get: (column) => (fields[index.get(column) ?? -1] ?? "").trim() });
  }
  return { path, header, rows };
}

/** The header's column names, to tell the files of a folder apart by their columns. */
export async function headerOf(path: string): Promise<string[]> {
  const text = await readFile(path, "utf8");
  const [header] = csvRecords(path, text, { quoted: false, bom: true, toLine: 1 });
  return (header?.fields ?? [""]).map((name) => name.trim());
}

/** A number field, or an ImportError naming the column and what was expected. */
export function numberField(file: CsvFile, row: CsvRow, column: string): number {
  const raw = row.get(column);
  const value = Number(raw);
  if (raw === "" || !Number.isFinite(value))
    throw new ImportError(file.path, row.line, `${column}: expected a number, found "${raw}"`);
  return value;
}

/** A whole, non-negative number field. */
export function countField(file: CsvFile, row: CsvRow, column: string): number {
  const value = numberField(file, row, column);
  if (!Number.isInteger(value) || value < 0)
    throw new ImportError(
      file.path,
      row.line,
      `${column}: expected a whole number of at least 0, found "${row.get(column)}"`,
    );
  return value;
}

/** FiveThirtyEight's season `2023` (the year it ends) → the season name `2022-2023`. */
export function seasonName(file: CsvFile, row: CsvRow): string {
  const raw = row.get("season");
  if (!/^\d{4}$/.test(raw))
    throw new ImportError(file.path, row.line, `season: expected a year like 2023, found "${raw}"`);
  return `${Number(raw) - 1}-${raw}`;
}
