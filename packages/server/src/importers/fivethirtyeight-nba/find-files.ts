/**
 * Which FiveThirtyEight NBA file a path is, told by its header (file names vary between copies),
 * and the import units under the paths given: one per folder, holding that folder's games file
 * and RAPTOR files, so a season's games and player ratings are stored together or not at all.
 */
import { readdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ImportError, type ImportUnit } from "../shared/import-format.js";
import { headerOf } from "./csv-file.js";

export type FileKind = "games" | "raptor_by_team" | "raptor_by_player";

export async function fileKind(path: string): Promise<FileKind | null> {
  const header = new Set(await headerOf(path));
  if (["date", "team1", "team2", "score1", "score2", "playoff"].every((c) => header.has(c)))
    return "games";
  if (header.has("player_id") && header.has("raptor_total"))
    return header.has("season_type") && header.has("team") ? "raptor_by_team" : "raptor_by_player";
  return null;
}

const ORDER: readonly FileKind[] = ["games", "raptor_by_team", "raptor_by_player"];

export async function planUnits(paths: readonly string[]): Promise<ImportUnit[]> {
  const folders = new Map<string, Array<{ path: string; kind: FileKind }>>();
  const add = (path: string, kind: FileKind) => {
    const folder = dirname(path);
    folders.set(folder, [...(folders.get(folder) ?? []), { path, kind }]);
  };
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info === null) throw new ImportError(path, null, "no such file or directory");
    if (info.isDirectory()) {
      for (const file of await csvFiles(path)) {
        const kind = await fileKind(file);
        if (kind !== null) add(file, kind);
      }
      continue;
    }
    const kind = await fileKind(path);
    if (kind === null)
      throw new ImportError(
        path,
        1,
        "not a FiveThirtyEight NBA games file (date, team1, team2, score1, score2, playoff) or RAPTOR file (player_id, raptor_total)",
      );
    add(path, kind);
  }
  return [...folders]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([folder, files]) => {
      const sorted = [...new Map(files.map((f) => [f.path, f])).values()].sort(
        (a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.path.localeCompare(b.path),
      );
      return { label: folder, files: sorted.map((f) => f.path) };
    });
}

async function csvFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await csvFiles(path)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".csv")) found.push(path);
  }
  return found;
}
