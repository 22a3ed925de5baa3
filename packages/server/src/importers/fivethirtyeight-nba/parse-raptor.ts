/**
 * Reads FiveThirtyEight's RAPTOR player files strictly. `latest_RAPTOR_by_team.csv` has one row
 * per player, team and season type (`RS` regular season, `PO` play-offs); it is what season
 * statistics come from. `latest_RAPTOR_by_player.csv` (a player's whole season, both types
 * together) only adds players the other file lacks.
 */
import { ImportError } from "../shared/import-format.js";
import {
  type CsvFile,
  type CsvRow,
  countField,
  numberField,
  readCsv,
  seasonName,
} from "./csv-file.js";
import { type Franchise, franchiseByCode } from "./franchises.js";

/** Rating columns copied into season statistics under the same names. */
export const RATING_COLUMNS = [
  "raptor_box_offense",
  "raptor_box_defense",
  "raptor_box_total",
  "raptor_onoff_offense",
  "raptor_onoff_defense",
  "raptor_onoff_total",
  "raptor_offense",
  "raptor_defense",
  "raptor_total",
  "predator_offense",
  "predator_defense",
  "predator_total",
  "pace_impact",
] as const;

type Rating = (typeof RATING_COLUMNS)[number];

const PLAYER_COLUMNS = ["player_name", "player_id", "season", "poss", "mp", "war_total"] as const;
const BY_PLAYER_COLUMNS = [...PLAYER_COLUMNS, ...RATING_COLUMNS] as const;
const BY_TEAM_COLUMNS = [...PLAYER_COLUMNS, "season_type", "team", ...RATING_COLUMNS];

export interface RaptorRow {
  line: number;
  name: string;
  /** Basketball-Reference id, e.g. `adebaba01`. */
  playerId: string;
  season: string;
  possessions: number;
  minutes: number;
  war: number;
  ratings: Record<Rating, number>;
}

export interface TeamRaptorRow extends RaptorRow {
  seasonType: "RS" | "PO";
  team: Franchise;
}

export interface RaptorFile<T> {
  path: string;
  rows: T[];
}

export async function readRaptorByPlayer(path: string): Promise<RaptorFile<RaptorRow>> {
  const file = await readCsv(path, BY_PLAYER_COLUMNS);
  return { path, rows: file.rows.map((row) => raptorRow(file, row)) };
}

export async function readRaptorByTeam(path: string): Promise<RaptorFile<TeamRaptorRow>> {
  const file = await readCsv(path, BY_TEAM_COLUMNS);
  const seen = new Set<string>();
  const rows = file.rows.map((row): TeamRaptorRow => {
    const base = raptorRow(file, row);
    const seasonType = row.get("season_type");
    if (seasonType !== "RS" && seasonType !== "PO")
      throw new ImportError(
        path,
        row.line,
        `season_type: expected RS or PO, found "${seasonType}"`,
      );
    const code = row.get("team");
    const team = franchiseByCode(code);
    if (team === undefined)
      throw new ImportError(path, row.line, `team: unknown NBA team code "${code}"`);
    const key = `${base.playerId}|${base.season}|${seasonType}|${team.abbreviation}`;
    if (seen.has(key))
      throw new ImportError(path, row.line, `${base.playerId} ${seasonType} ${code} repeated`);
    seen.add(key);
    return { ...base, seasonType, team };
  });
  return { path, rows };
}

function raptorRow(file: CsvFile, row: CsvRow): RaptorRow {
  const name = row.get("player_name");
  if (name === "") throw new ImportError(file.path, row.line, "player_name is empty");
  const playerId = row.get("player_id");
  if (!/^[a-z][a-z.'-]*\d{2}$/.test(playerId))
    throw new ImportError(
      file.path,
      row.line,
      `player_id: expected a Basketball-Reference id like adebaba01, found "${playerId}"`,
    );
  const ratings = Object.fromEntries(
    RATING_COLUMNS.map((column) => [column, numberField(file, row, column)]),
  ) as Record<Rating, number>;
  return {
    line: row.line,
    name,
    playerId,
    season: seasonName(file, row),
    possessions: countField(file, row, "poss"),
    minutes: countField(file, row, "mp"),
    war: numberField(file, row, "war_total"),
    ratings,
  };
}
