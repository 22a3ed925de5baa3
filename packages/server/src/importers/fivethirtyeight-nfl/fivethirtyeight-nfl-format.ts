/**
 * `scoreline import fivethirtyeight-nfl <nfl_games.csv or its folder>`: FiveThirtyEight's NFL
 * games (MIT, nfl-elo-game). One unit per season, each stored in its own transaction. The whole
 * file is checked when the units are planned, so a file with a bad row imports nothing and is
 * reported by path and line. Seasons 2010–2020 by default; `--all` takes every season in the
 * file (1920–2020), `--seasons 2019-2020` a range.
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { isoSeconds } from "../../lib/time.js";
import { type FormatOptions, ImportError, type ImportFormat } from "../shared/import-format.js";
import { buildSeason } from "./build-season.js";
import { SOURCE } from "./competitions.js";
import { type Game, readGames } from "./parse-games.js";

const FILE_NAME = "nfl_games.csv";
const DEFAULT_SEASONS = { from: 2010, to: 2020 } as const;
/** `label` of a unit: the file and the season it reads. */
const UNIT_LABEL = /^(.*) \(season (\d{4})\)$/;

interface SeasonRange {
  from: number;
  to: number;
}

/** The seasons the options ask for: `all`, a `seasons` range ("2019-2020", "2020"), or 2010–2020. */
function seasonRange(options: FormatOptions): SeasonRange {
  if (options.all === true) return { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  const text = options.seasons;
  if (text === undefined) return DEFAULT_SEASONS;
  const match = typeof text === "string" ? /^(\d{4})(?:-(\d{4}))?$/.exec(text.trim()) : null;
  if (match === null)
    throw new ImportError(
      "--seasons",
      null,
      `expected a season or a range like 2019-2020, found "${String(text)}"`,
    );
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  if (to < from) throw new ImportError("--seasons", null, `the range ${from}-${to} is empty`);
  return { from, to };
}

async function csvPath(path: string): Promise<string> {
  const info = await stat(path).catch(() => {
    throw new ImportError(path, null, "no such file or directory");
  });
  if (!info.isDirectory()) return path;
  const inside = join(path, FILE_NAME);
  if (!(await stat(inside).catch(() => null))?.isFile())
    throw new ImportError(path, null, `a folder must hold ${FILE_NAME}`);
  return inside;
}

/** The file's games of one season. */
function seasonGames(games: readonly Game[], season: number): Game[] {
  return games.filter((game) => game.season === season);
}

export const fivethirtyeightNflFormat: ImportFormat = {
  name: "fivethirtyeight-nfl",
  source: SOURCE,
  description:
    "FiveThirtyEight NFL games (nfl_games.csv, MIT): seasons 2010-2020, or every season 1920-2020 with --all",
  options: [
    { flags: "--all", description: "every season in the file (1920-2020), not only 2010-2020" },
    { flags: "--seasons <range>", description: "only these seasons, e.g. 2020 or 2019-2020" },
  ],
  sharedData: ["american-football/data/nfl_games.csv"],

  async plan(paths, options) {
    const range = seasonRange(options);
    const units = [];
    for (const path of paths) {
      const file = await csvPath(path);
      const seasons = new Set((await readGames(file)).map((game) => game.season));
      // Newest first: the competitions' current season is then set once, not once per unit.
      for (const season of [...seasons].sort((a, b) => b - a)) {
        if (season >= range.from && season <= range.to)
          units.push({ label: `${file} (season ${season})`, files: [file] });
      }
    }
    return units;
  },

  async build(unit, _options, now) {
    const match = UNIT_LABEL.exec(unit.label);
    const [file] = unit.files;
    if (match === null || file === undefined)
      throw new ImportError(unit.label, null, "not a unit this format planned");
    const season = Number(match[2]);
    const games = seasonGames(await readGames(file), season);
    if (games.length === 0) throw new ImportError(file, null, `no games of the ${season} season`);
    return {
      dataset: buildSeason(season, games, isoSeconds(now)),
      records: games.length,
      matches: games.length,
    };
  },
};
