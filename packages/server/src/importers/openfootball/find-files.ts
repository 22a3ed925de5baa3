/**
 * The files an import covers: the file given, or every `*.json` under a folder (recursively,
 * in name order) whose name is a competition code; other `.json` files are counted as skipped.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { isCodeFileName } from "./parse-file.js";

export interface FoundFiles {
  files: string[];
  skipped: string[];
}

export async function findOpenfootballFiles(path: string): Promise<FoundFiles> {
  const info = await stat(path);
  if (!info.isDirectory()) return { files: [path], skipped: [] };
  const found: FoundFiles = { files: [], skipped: [] };
  await walk(path, found);
  return found;
}

async function walk(folder: string, found: FoundFiles): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await walk(path, found);
    else if (entry.isFile() && entry.name.endsWith(".json")) {
      (isCodeFileName(entry.name) ? found.files : found.skipped).push(path);
    }
  }
}
