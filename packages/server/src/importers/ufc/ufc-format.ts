/**
 * `scoreline import ufc`: the Ultimate UFC Dataset (`ufc-master.csv`, one row per bout) as UFC
 * cards and bouts. A path is a CSV file, or a folder whose `*.csv` files are read. Each file is
 * read and checked whole when planned; a good file gives one unit per calendar year (one
 * transaction each), a bad one a single unit that fails with the first bad line, so nothing of
 * that file is stored (fighters' profiles are read across the whole file).
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { isoSeconds } from "../../lib/time.js";
import { ImportError, type ImportFormat, type ImportUnit } from "../shared/import-format.js";
import { buildYear, yearOf } from "./build-year.js";
import { type Bout, readBout } from "./read-bout.js";
import { readCsv } from "./read-csv.js";
import { SOURCE } from "./ufc-competition.js";

/** A year's unit is labelled `<file> (<year>)`. */
const YEAR_LABEL = /^(.*) \((\d{4})\)$/;

/** The last file read, so the year units of one run parse it once. */
let cached: { path: string; mtimeMs: number; size: number; bouts: Bout[] } | null = null;

async function readBouts(path: string): Promise<Bout[]> {
  const info = await stat(path);
  if (cached?.path === path && cached.mtimeMs === info.mtimeMs && cached.size === info.size)
    return cached.bouts;
  const records = await readCsv(path);
  if (records.length === 0) throw new ImportError(path, null, "the file has no bouts");
  const bouts = records.map((record) => readBout(path, record));
  cached = { path, mtimeMs: info.mtimeMs, size: info.size, bouts };
  return bouts;
}

async function csvFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".csv") && !e.name.startsWith("."))
    .map((e) => join(path, e.name))
    .sort();
}

async function unitsOf(path: string): Promise<ImportUnit[]> {
  let bouts: Bout[];
  try {
    bouts = await readBouts(path);
  } catch (error) {
    if (error instanceof ImportError) return [{ label: path, files: [path] }];
    throw error;
  }
  const years = [...new Set(bouts.map(yearOf))].sort((a, b) => a - b);
  return years.map((year) => ({ label: `${path} (${year})`, files: [path] }));
}

export const ufcFormat: ImportFormat = {
  name: "ufc",
  source: SOURCE,
  description: "Ultimate UFC Dataset CSV (ufc-master.csv): UFC cards, bouts, fighters and odds",
  sharedData: ["combat-sports/ufc-master.csv"],
  async plan(paths) {
    const units: ImportUnit[] = [];
    for (const path of paths) {
      let files: string[];
      try {
        files = await csvFiles(path);
      } catch {
        throw new ImportError(path, null, "no such file or directory");
      }
      if (files.length === 0) throw new ImportError(path, null, "no .csv file in the folder");
      for (const file of files) units.push(...(await unitsOf(file)));
    }
    return units;
  },
  async build(unit, _options, now) {
    const [path = unit.label] = unit.files;
    const bouts = await readBouts(path);
    const match = YEAR_LABEL.exec(unit.label);
    if (match === null)
      throw new ImportError(path, null, "the file changed since the import began; run it again");
    const year = Number(match[2]);
    const dataset = buildYear(bouts, year, isoSeconds(now));
    const matches = dataset.fixtures?.length ?? 0;
    return { dataset, records: matches, matches };
  },
};
