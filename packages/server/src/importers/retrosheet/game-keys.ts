/**
 * What the season's rows and its statistics share: the source's ids for teams and players, and
 * a game once replayed (its fixture row, its lines and what the replay made of them).
 */
import { derivedId } from "../../lib/ids.js";
import type { RecordOf } from "../../store/dataset.js";
import type { GameLines } from "./parse-files.js";
import type { PlayedGame } from "./play-game.js";

export const SOURCE = "retrosheet";
export const SPORT = "baseball";

export interface FinishedGame {
  fixture: RecordOf<"fixtures">;
  game: GameLines;
  played: PlayedGame;
  home: string;
  away: string;
}

export const teamId = (code: string) => derivedId("tm", SOURCE, SPORT, code);
export const playerId = (retroId: string) => derivedId("pl", SOURCE, SPORT, retroId);
