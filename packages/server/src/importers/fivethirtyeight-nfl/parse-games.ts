/**
 * Reads FiveThirtyEight's `nfl_games.csv` strictly: the header must be the known one and every
 * row must be a finished game with a real date, a season that date belongs to, two different
 * known team codes, whole-number scores and a `result1` that agrees with them. The first bad
 * row throws an `ImportError` naming the file, the line and the field; so does a blank line
 * before the end. Fields are split by csv-parse, unquoted (the file has no quotes, and a quote
 * makes a field that fails its check). The last file read is kept, so the season units of one
 * run read it once.
 */
import { readFile, stat } from "node:fs/promises";
import { csvRecords } from "../shared/csv-records.js";
import { ImportError } from "../shared/import-format.js";
import { franchise } from "./franchises.js";

const COLUMNS = [
  "date",
  "season",
  "neutral",
  "playoff",
  "team1",
  "team2",
  "elo1",
  "elo2",
  "elo_prob1",
  "score1",
  "score2",
  "result1",
] as const;

export interface Game {
  /** Line of the file (the header is line 1). */
  line: number;
  /** `YYYY-MM-DD`, the local date of the game. */
  date: string;
  season: number;
  neutral: boolean;
  playoff: boolean;
  /** The home team (the designated one at a neutral site). */
  team1: string;
  team2: string;
  score1: number;
  score2: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WHOLE = /^\d{1,3}$/;
const NUMBER = /^-?\d+(\.\d+)?([eE]-?\d+)?$/;

/** The last file read, by path, size and modification time: the units of one run share it. */
let lastRead: { key: string; games: Game[] } | undefined;

/** The file's games; a file read before and unchanged since is not read again. */
export async function readGames(path: string): Promise<Game[]> {
  const info = await stat(path);
  const key = `${path}\u0000${info.size}\u0000${info.mtimeMs}`;
  if (lastRead?.key === key) return lastRead.games;
  const games = parseGames(path, await readFile(path, "utf8"));
  lastRead = { key, games };
  return games;
}

function parseGames(path: string, text: string): Game[] {
  const [first, ...rows] = csvRecords(path, text, { quoted: false });
  // Unquoted, the header's fields joined again are its line as written.
  const header = first?.fields.join(",") ?? "";
  if (header.trim() === "") throw new ImportError(path, 1, "empty file: expected the header line");
  if (header !== COLUMNS.join(","))
    throw new ImportError(path, 1, `header must be "${COLUMNS.join(",")}", found "${header}"`);
  return rows.map(({ line, fields }) => parseRow(path, line, fields));
}

function parseRow(path: string, line: number, cells: readonly string[]): Game {
  const fail = (reason: string): never => {
    throw new ImportError(path, line, reason);
  };
  if (cells.length !== COLUMNS.length)
    fail(`expected ${COLUMNS.length} comma-separated fields, found ${cells.length}`);
  const field = (name: (typeof COLUMNS)[number]): string => cells[COLUMNS.indexOf(name)] ?? "";
  const date = field("date");
  const match = DATE.exec(date);
  if (match === null || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    fail(`date must be a day as YYYY-MM-DD, found "${date}"`);
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date)
    fail(`date "${date}" is not a calendar day`);
  const seasonText = field("season");
  if (!/^\d{4}$/.test(seasonText)) fail(`season must be a year, found "${seasonText}"`);
  const season = Number(seasonText);
  const [year, month] = [Number(match?.[1]), Number(match?.[2])];
  if (!(year === season || (year === season + 1 && month <= 3)))
    fail(`date ${date} does not fall in the ${season} season (September to the next February)`);
  const flag = (name: "neutral" | "playoff"): boolean => {
    const value = field(name);
    if (value !== "0" && value !== "1") fail(`${name} must be 0 or 1, found "${value}"`);
    return value === "1";
  };
  const team = (name: "team1" | "team2"): string => {
    const code = field(name);
    if (franchise(code) === undefined) fail(`${name} "${code}" is not a known team code`);
    return code;
  };
  const [team1, team2] = [team("team1"), team("team2")];
  if (team1 === team2) fail(`team1 and team2 are both "${team1}"`);
  for (const name of ["elo1", "elo2", "elo_prob1"] as const) {
    if (!NUMBER.test(field(name))) fail(`${name} must be a number, found "${field(name)}"`);
  }
  const score = (name: "score1" | "score2"): number => {
    const value = field(name);
    if (!WHOLE.test(value)) fail(`${name} must be a whole number of points, found "${value}"`);
    return Number(value);
  };
  const [score1, score2] = [score("score1"), score("score2")];
  const expected = score1 > score2 ? "1" : score1 < score2 ? "0" : "0.5";
  const result = field("result1");
  if (Number(result) !== Number(expected) || result === "")
    fail(`result1 "${result}" does not match the score ${score1}-${score2} (expected ${expected})`);
  return {
    line,
    date,
    season,
    neutral: flag("neutral"),
    playoff: flag("playoff"),
    team1,
    team2,
    score1,
    score2,
  };
}
