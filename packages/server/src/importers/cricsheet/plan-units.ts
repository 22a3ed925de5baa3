/**
 * The units of a Cricsheet import: every `*.xml` under the paths given (folders searched
 * recursively, in name order), grouped by competition and season as read from each file's header
 * (`<competition>` and the first `<date>`), one unit per season because season statistics derive
 * from all of its matches. A file whose header cannot be read is a unit of its own, so that
 * reading it reports what is wrong.
 */
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { ImportError, type ImportUnit } from "../shared/import-format.js";

const HEADER_BYTES = 4096;

async function xmlFiles(path: string, out: string[]): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    throw new ImportError(path, null, "no such file or directory");
  }
  if (!info.isDirectory()) {
    out.push(path);
    return;
  }
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) await xmlFiles(child, out);
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".xml")) out.push(child);
  }
}

/** `IPL 2019` from the file's header, or null when it cannot be read there. */
async function seasonOf(path: string): Promise<string | null> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString("utf8");
    const competition = /<competition>([^<]+)<\/competition>/.exec(head)?.[1]?.trim();
    const year = /<date>(\d{4})-\d{2}-\d{2}<\/date>/.exec(head)?.[1];
    return competition === undefined || year === undefined ? null : `${competition} ${year}`;
  } finally {
    await handle.close();
  }
}

export async function planUnits(paths: readonly string[]): Promise<ImportUnit[]> {
  const files: string[] = [];
  for (const path of paths) await xmlFiles(path, files);
  if (files.length === 0)
    throw new ImportError(paths.join(" "), null, "no Cricsheet .xml files found");
  const seasons = new Map<string, string[]>();
  const loose: ImportUnit[] = [];
  for (const file of [...new Set(files)]) {
    const season = await seasonOf(file);
    if (season === null) loose.push({ label: file, files: [file] });
    else seasons.set(season, [...(seasons.get(season) ?? []), file]);
  }
  const units = [...seasons.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([season, list]) => ({ label: `${season} (${list.length} files)`, files: list }));
  return [...units, ...loose];
}
