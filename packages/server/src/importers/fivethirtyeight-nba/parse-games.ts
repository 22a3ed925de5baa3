/**
 * Reads `nba_elo_latest.csv` (or any FiveThirtyEight NBA Elo games file) strictly: a date, a
 * season, the home (`team1`) and away (`team2`) franchise, the play-off round code and the two
 * final scores. Elo and RAPTOR forecasts are read no further. A play-off row without either
 * score is an unplayed game of the schedule (FiveThirtyEight lists "if necessary" games before
 * they are played) and is returned apart; any other gap is an error.
 */
import { ImportError } from "../shared/import-format.js";
import { type CsvFile, countField, readCsv, seasonName } from "./csv-file.js";
import { type Franchise, franchiseByCode } from "./franchises.js";
import { type PlayoffRound, playoffRound } from "./playoff-rounds.js";

const GAME_COLUMNS = [
  "date",
  "season",
  "neutral",
  "playoff",
  "team1",
  "team2",
  "score1",
  "score2",
] as const;

export interface SourceGame {
  line: number;
  date: string;
  /** `2022-2023` */
  season: string;
  neutral: boolean;
  /** null for a regular-season game. */
  round: PlayoffRound | null;
  home: Franchise;
  away: Franchise;
}

export interface PlayedGame extends SourceGame {
  homeScore: number;
  awayScore: number;
}

export interface GamesFile {
  path: string;
  played: PlayedGame[];
  /** Play-off rows without scores: not stored (see the docs). */
  unplayed: SourceGame[];
  records: number;
}

export async function readGames(path: string): Promise<GamesFile> {
  const file = await readCsv(path, GAME_COLUMNS);
  const played: PlayedGame[] = [];
  const unplayed: SourceGame[] = [];
  const seen = new Set<string>();
  for (const row of file.rows) {
    const at = (reason: string) => new ImportError(path, row.line, reason);
    const date = row.get("date");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      throw at(`date: expected YYYY-MM-DD, found "${date}"`);
    const neutral = row.get("neutral");
    if (neutral !== "0" && neutral !== "1")
      throw at(`neutral: expected 0 or 1, found "${neutral}"`);
    const home = team(file, row.line, "team1", row.get("team1"));
    const away = team(file, row.line, "team2", row.get("team2"));
    if (home === away) throw at(`team1 and team2 are both ${home.abbreviation}`);
    const code = row.get("playoff");
    const round = code === "" ? null : playoffRound(code);
    if (round === undefined)
      throw at(`playoff: expected empty or one of p, q, s, c, f, found "${code}"`);
    const key = `${date}|${home.abbreviation}|${away.abbreviation}`;
    if (seen.has(key)) throw at(`${home.abbreviation} v ${away.abbreviation} on ${date} twice`);
    seen.add(key);
    const game: SourceGame = {
      line: row.line,
      date,
      season: seasonName(file, row),
      neutral: neutral === "1",
      round,
      home,
      away,
    };
    const [s1, s2] = [row.get("score1"), row.get("score2")];
    if (s1 === "" && s2 === "" && round !== null) {
      unplayed.push(game);
      continue;
    }
    const homeScore = countField(file, row, "score1");
    const awayScore = countField(file, row, "score2");
    if (homeScore === awayScore) throw at(`score1 and score2 are equal (${homeScore}): no draws`);
    played.push({ ...game, homeScore, awayScore });
  }
  return { path, played, unplayed, records: file.rows.length };
}

function team(file: CsvFile, line: number, column: string, code: string): Franchise {
  const franchise = franchiseByCode(code);
  if (franchise === undefined)
    throw new ImportError(file.path, line, `${column}: unknown NBA team code "${code}"`);
  return franchise;
}
