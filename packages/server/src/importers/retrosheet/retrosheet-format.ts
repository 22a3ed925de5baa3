/**
 * `scoreline import retrosheet`: a season folder of Retrosheet event files (`*.EVA`, `*.EVN`),
 * rosters (`*.ROS`) and the team file (`TEAMyyyy`), imported as one unit — games name players
 * from every roster and the season statistics sum over all files, so a bad file fails the
 * season (named by path and line) and changes nothing.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import {
  type BuiltUnit,
  ImportError,
  type ImportFormat,
  type ImportUnit,
} from "../shared/import-format.js";
import { buildSeason, type SeasonFiles } from "./build-rows.js";
import { SOURCE } from "./game-keys.js";
import { parseEventFile, parseRoster, parseTeams } from "./parse-files.js";

const EVENT_FILE = /\.EV[AN]$/i;
const ROSTER_FILE = /\.ROS$/i;
const TEAM_FILE = /^TEAM(\d{4})$/i;

const isSeasonFile = (name: string) =>
  EVENT_FILE.test(name) || ROSTER_FILE.test(name) || TEAM_FILE.test(name);

async function plan(paths: readonly string[]): Promise<ImportUnit[]> {
  const folders = new Map<string, string[]>();
  const addFile = (file: string) => {
    const folder = dirname(file);
    folders.set(folder, [...(folders.get(folder) ?? []), file]);
  };
  for (const path of paths) {
    const info = await stat(path).catch(() => {
      throw new ImportError(path, null, "no such file or directory");
    });
    if (info.isDirectory()) {
      const names = (await readdir(path)).filter(isSeasonFile).sort();
      if (names.length === 0)
        throw new ImportError(
          path,
          null,
          "no Retrosheet files (*.EVA, *.EVN, *.ROS, TEAMyyyy) in the folder",
        );
      for (const name of names) addFile(join(path, name));
    } else if (isSeasonFile(basename(path))) addFile(path);
    else throw new ImportError(path, null, "not a Retrosheet file (*.EVA, *.EVN, *.ROS, TEAMyyyy)");
  }
  return [...folders].map(([folder, files]) => {
    const unique = [...new Set(files)].sort();
    return { label: `${folder} (${unique.length} files)`, files: unique };
  });
}

async function build(unit: ImportUnit, _options: unknown, now: Date): Promise<BuiltUnit> {
  const teamFiles = unit.files.filter((f) => TEAM_FILE.test(basename(f)));
  const folder = dirname(unit.files[0] ?? ".");
  if (teamFiles.length !== 1) {
    throw new ImportError(
      folder,
      null,
      `a season needs exactly one TEAMyyyy file, found ${teamFiles.length}`,
    );
  }
  const teamPath = teamFiles[0] as string;
  const year = TEAM_FILE.exec(basename(teamPath))?.[1] as string;
  let records = 0;
  const read = async (path: string) => {
    const text = await readFile(path, "utf8");
    records += text.split("\n").filter((l) => l.trim() !== "").length;
    return text;
  };
  const files: SeasonFiles = {
    year,
    teamPath,
    teams: parseTeams(teamPath, await read(teamPath)),
    rosters: [],
    games: [],
  };
  for (const path of unit.files) {
    const name = basename(path);
    if (ROSTER_FILE.test(name)) {
      const rows = parseRoster(path, await read(path));
      files.rosters.push(...rows);
    } else if (EVENT_FILE.test(name)) files.games.push(...parseEventFile(path, await read(path)));
  }
  const ids = new Map<string, string>();
  for (const game of files.games) {
    const seen = ids.get(game.id);
    if (seen !== undefined)
      throw new ImportError(game.path, game.line, `game ${game.id} is also in ${seen}`);
    ids.set(game.id, game.path);
  }
  const dataset = buildSeason(files, now);
  return { dataset, records, matches: files.games.length };
}

export const retrosheetFormat: ImportFormat = {
  name: "retrosheet",
  source: SOURCE,
  description: "Retrosheet MLB event files: a season folder (*.EVA/*.EVN, *.ROS, TEAMyyyy)",
  sharedData: ["baseball/2020seve"],
  plan: (paths) => plan(paths),
  build: (unit, options, now) => build(unit, options, now),
};
