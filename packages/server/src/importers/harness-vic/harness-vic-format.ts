/**
 * `scoreline import harness-vic`: Victorian harness racing sectionals (Australian Racing Open
 * Data, ODC-BY 1.0) as horse-racing meetings and races. One CSV file is one unit: a bad row
 * anywhere in it is reported by path and line and nothing of that file is stored.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { ImportError, type ImportFormat, type ImportUnit } from "../shared/import-format.js";
import { buildRows } from "./build-rows.js";
import { groupRaces } from "./group-races.js";
import { parseSectionals } from "./parse-sectionals.js";
import { SOURCE } from "./runners.js";

export const harnessVicFormat: ImportFormat = {
  name: "harness-vic",
  source: SOURCE,
  description:
    "Victorian harness racing sectionals (CSV files or folders): meetings, races and runners",
  sharedData: ["horse-racing/sample"],
  async plan(paths) {
    const files: string[] = [];
    for (const path of paths) files.push(...(await csvFiles(path)));
    return files.map((file): ImportUnit => ({ label: file, files: [file] }));
  },
  async build(unit, _options, now) {
    const meetings = [];
    let records = 0;
    for (const file of unit.files) {
      const rows = parseSectionals(file, await readFile(file, "utf8"));
      records += rows.length;
      meetings.push(...groupRaces(file, rows));
    }
    const matches = meetings.reduce((sum, m) => sum + m.races.length, 0);
    return { dataset: buildRows(meetings, now), records, matches };
  },
};

/** The file given, or every `*.csv` under a folder (recursively, in name order). */
async function csvFiles(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => {
    throw new ImportError(path, null, "no such file or directory");
  });
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = join(path, entry.name);
    if (entry.isDirectory()) files.push(...(await csvFiles(full)));
    else if (entry.isFile() && entry.name.endsWith(".csv")) files.push(full);
  }
  return files;
}
