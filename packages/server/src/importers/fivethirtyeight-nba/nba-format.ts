/**
 * `scoreline import fivethirtyeight-nba`: FiveThirtyEight's NBA games (`nba_elo_latest.csv`)
 * and RAPTOR player ratings (`latest_RAPTOR_by_team.csv`, `latest_RAPTOR_by_player.csv`). A
 * folder's files are one unit: a bad row in any of them leaves the store unchanged.
 */
import { isoSeconds } from "../../lib/time.js";
import type { Dataset } from "../../store/dataset.js";
import { ImportError, type ImportFormat } from "../shared/import-format.js";
import type { ImportDataset } from "../shared/write-import.js";
import { fileKind, planUnits } from "./find-files.js";
import { COUNTRIES } from "./franchises.js";
import { buildGameRows } from "./game-records.js";
import { type GamesFile, readGames } from "./parse-games.js";
import {
  type RaptorRow,
  readRaptorByPlayer,
  readRaptorByTeam,
  type TeamRaptorRow,
} from "./parse-raptor.js";
import { buildPlayers } from "./player-records.js";
import { SOURCE, seasonKeys } from "./season-keys.js";

export const fivethirtyeightNbaFormat: ImportFormat = {
  name: "fivethirtyeight-nba",
  source: SOURCE,
  description:
    "FiveThirtyEight NBA games (nba_elo*.csv) and RAPTOR player ratings (latest_RAPTOR_by_*.csv)",
  sharedData: [
    "basketball/nba_elo_latest.csv",
    "basketball/latest_RAPTOR_by_team.csv",
    "basketball/latest_RAPTOR_by_player.csv",
  ],
  plan: (paths) => planUnits(paths),
  async build(unit, _options, now) {
    const stamp = isoSeconds(now);
    let games: GamesFile | undefined;
    const byTeam: TeamRaptorRow[] = [];
    const byPlayer: RaptorRow[] = [];
    const raptorFiles: Array<{ path: string; rows: RaptorRow[] }> = [];
    let records = 0;
    for (const path of unit.files) {
      const kind = await fileKind(path);
      if (kind === "games") {
        if (games !== undefined)
          throw new ImportError(path, null, `a second games file beside ${games.path}`);
        games = await readGames(path);
        records += games.records;
      } else if (kind === "raptor_by_team") {
        const file = await readRaptorByTeam(path);
        byTeam.push(...file.rows);
        raptorFiles.push(file);
        records += file.rows.length;
      } else if (kind === "raptor_by_player") {
        const file = await readRaptorByPlayer(path);
        byPlayer.push(...file.rows);
        raptorFiles.push(file);
        records += file.rows.length;
      } else {
        throw new ImportError(path, 1, "not a FiveThirtyEight NBA games or RAPTOR file");
      }
    }
    if (games === undefined)
      throw new ImportError(
        unit.label,
        null,
        "RAPTOR files need the season's games file (nba_elo_latest.csv) in the same import",
      );
    const gamesPath = games.path;
    const seasons = new Map(
      [...new Set(games.played.map((g) => g.season))]
        .sort()
        .map((name) => [name, seasonKeys(name)]),
    );
    for (const file of raptorFiles) {
      const stray = file.rows.find((row) => !seasons.has(row.season));
      if (stray !== undefined)
        throw new ImportError(
          file.path,
          stray.line,
          `season ${stray.season} has no games in ${gamesPath}`,
        );
    }
    const dataset: ImportDataset = { countries: [], players: [], player_season_stats: [] };
    const merge = (part: Partial<Dataset>) => {
      for (const [table, rows] of Object.entries(part) as Array<[keyof Dataset, unknown[]]>)
        (dataset as Record<string, unknown[]>)[table] = [...(dataset[table] ?? []), ...rows];
    };
    for (const keys of seasons.values()) {
      const played = games.played.filter((g) => g.season === keys.name);
      merge(buildGameRows(keys, played, stamp));
    }
    const used = new Set((dataset.teams ?? []).map((t) => t.country_code));
    dataset.countries = COUNTRIES.filter((c) => used.has(c.code)).map((c) => ({
      ...c,
      updated_at: stamp,
    }));
    const players = buildPlayers(byPlayer, byTeam, seasons, stamp);
    dataset.players = players.players;
    dataset.player_season_stats = players.stats;
    return { dataset, records, matches: games.played.length };
  },
};
