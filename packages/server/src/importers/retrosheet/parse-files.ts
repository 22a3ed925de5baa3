/**
 * Reads Retrosheet's files line by line into plain records, strictly: the team file
 * (`TEAMyyyy`: code, league, city, nickname), rosters (`*.ROS`: id, last, first, bats, throws,
 * team, position) and event files (`*.EVA`/`*.EVN`: `id`, `version`, `info`, `start`, `sub`,
 * `play`, `com`, `data`, and the adjustment records `radj`, `badj`, `padj`, `ladj`, `presadj`).
 * Every record keeps its line number; a malformed one throws `ImportError(path, line, reason)`.
 * Play strings are checked later, by `event-string.ts`.
 */
import { ImportError } from "../shared/import-format.js";

export interface TeamLine {
  code: string;
  league: string;
  city: string;
  nickname: string;
}

export interface RosterLine {
  id: string;
  lastName: string;
  firstName: string;
  bats: string;
  throws: string;
  team: string;
  position: string;
}

/** A `start` or `sub` record. `side` 0 is the visitors, 1 the home team. */
export interface LineupLine {
  line: number;
  player: string;
  name: string;
  side: 0 | 1;
  /** Batting order 1–9; 0 for a pitcher who does not bat (designated hitter games). */
  order: number;
  /** Fielding position 1–9, 10 designated hitter, 11 pinch hitter, 12 pinch runner. */
  position: number;
}

export interface PlayLine {
  line: number;
  inning: number;
  side: 0 | 1;
  batter: string;
  count: string;
  pitches: string;
  event: string;
}

/** What happens in a game, in file order. */
type GameItem =
  | { kind: "play"; play: PlayLine }
  | { kind: "sub"; sub: LineupLine }
  | { kind: "radj"; line: number; player: string; base: number };

export interface GameLines {
  id: string;
  path: string;
  line: number;
  info: Map<string, string>;
  starters: LineupLine[];
  items: GameItem[];
  /** `data,er`: earned runs charged to each pitcher. */
  earnedRuns: Map<string, number>;
}

const PLAYER_ID = /^[a-z][a-z-]{4}[0-9]{3}$/;
const GAME_ID = /^[A-Z]{3}[0-9]{8}[0-9A-Z]$/;

/** Splits one comma-separated record; double quotes protect commas. */
function splitRecord(text: string): string[] {
  if (!text.includes('"')) return text.split(",");
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Non-empty lines with their 1-based numbers (a final newline and `\r` are tolerated). */
function lines(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() !== "") out.push([index + 1, line]);
  });
  return out;
}

function fail(path: string, line: number, reason: string): never {
  throw new ImportError(path, line, reason);
}

export function parseTeams(path: string, text: string): TeamLine[] {
  return lines(text).map(([n, line]) => {
    const f = splitRecord(line);
    if (f.length !== 4)
      fail(path, n, `expected 4 fields (code,league,city,nickname), got ${f.length}`);
    const [code, league, city, nickname] = f as [string, string, string, string];
    if (!/^[A-Z]{3}$/.test(code))
      fail(path, n, `team code ${JSON.stringify(code)} is not 3 capitals`);
    if (league !== "A" && league !== "N")
      fail(path, n, `league ${JSON.stringify(league)} is not A or N`);
    if (city === "" || nickname === "") fail(path, n, "city and nickname must not be empty");
    return { code, league, city, nickname };
  });
}

export function parseRoster(path: string, text: string): RosterLine[] {
  return lines(text).map(([n, line]) => {
    const f = splitRecord(line);
    if (f.length !== 7) {
      fail(path, n, `expected 7 fields (id,last,first,bats,throws,team,position), got ${f.length}`);
    }
    const [id, lastName, firstName, bats, throws, team, position] = f as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!PLAYER_ID.test(id))
      fail(path, n, `player id ${JSON.stringify(id)} is not a Retrosheet id`);
    if (!/^[LRB?]$/.test(bats)) fail(path, n, `bats ${JSON.stringify(bats)} is not L, R or B`);
    if (!/^[LRB?]$/.test(throws)) fail(path, n, `throws ${JSON.stringify(throws)} is not L or R`);
    if (!/^[A-Z]{3}$/.test(team)) fail(path, n, `team ${JSON.stringify(team)} is not a team code`);
    if (lastName === "") fail(path, n, "last name is empty");
    return { id, lastName, firstName, bats, throws, team, position };
  });
}

function integer(path: string, n: number, field: string, value: string, min: number, max: number) {
  if (!/^\d+$/.test(value)) fail(path, n, `${field} ${JSON.stringify(value)} is not a number`);
  const number = Number(value);
  if (number < min || number > max) fail(path, n, `${field} ${number} is not in ${min}–${max}`);
  return number;
}

function side(path: string, n: number, value: string): 0 | 1 {
  if (value !== "0" && value !== "1") fail(path, n, `team ${JSON.stringify(value)} is not 0 or 1`);
  return value === "0" ? 0 : 1;
}

function playerId(path: string, n: number, value: string): string {
  if (!PLAYER_ID.test(value))
    fail(path, n, `player id ${JSON.stringify(value)} is not a Retrosheet id`);
  return value;
}

function lineupLine(path: string, n: number, f: string[]): LineupLine {
  if (f.length !== 6)
    fail(path, n, `${f[0]} expects 6 fields (player,name,team,order,position), got ${f.length}`);
  return {
    line: n,
    player: playerId(path, n, f[1] ?? ""),
    name: f[2] ?? "",
    side: side(path, n, f[3] ?? ""),
    order: integer(path, n, "batting order", f[4] ?? "", 0, 9),
    position: integer(path, n, "fielding position", f[5] ?? "", 1, 12),
  };
}

/** The games of one event file. */
export function parseEventFile(path: string, text: string): GameLines[] {
  const games: GameLines[] = [];
  let game: GameLines | null = null;
  const current = (n: number, kind: string): GameLines =>
    game ?? fail(path, n, `${kind} record before the first id record`);
  for (const [n, line] of lines(text)) {
    const f = splitRecord(line);
    const kind = f[0] ?? "";
    switch (kind) {
      case "id": {
        const id = f[1] ?? "";
        if (f.length !== 2 || !GAME_ID.test(id))
          fail(path, n, `game id ${JSON.stringify(id)} is not a Retrosheet game id`);
        game = {
          id,
          path,
          line: n,
          info: new Map(),
          starters: [],
          items: [],
          earnedRuns: new Map(),
        };
        games.push(game);
        break;
      }
      case "version":
        break;
      case "info": {
        if (f.length < 2 || (f[1] ?? "") === "") fail(path, n, "info record without a key");
        current(n, kind).info.set(f[1] ?? "", f.slice(2).join(","));
        break;
      }
      case "start":
        current(n, kind).starters.push(lineupLine(path, n, f));
        break;
      case "sub":
        current(n, kind).items.push({ kind: "sub", sub: lineupLine(path, n, f) });
        break;
      case "play": {
        if (f.length !== 7)
          fail(
            path,
            n,
            `play expects 7 fields (inning,team,batter,count,pitches,event), got ${f.length}`,
          );
        const event = f[6] ?? "";
        if (event === "") fail(path, n, "play with an empty event");
        current(n, kind).items.push({
          kind: "play",
          play: {
            line: n,
            inning: integer(path, n, "inning", f[1] ?? "", 1, 99),
            side: side(path, n, f[2] ?? ""),
            batter: playerId(path, n, f[3] ?? ""),
            count: f[4] ?? "",
            pitches: f[5] ?? "",
            event,
          },
        });
        break;
      }
      case "radj": {
        if (f.length !== 3)
          fail(path, n, `radj expects 2 fields (player,base), got ${f.length - 1}`);
        current(n, kind).items.push({
          kind: "radj",
          line: n,
          player: playerId(path, n, f[1] ?? ""),
          base: integer(path, n, "base", f[2] ?? "", 1, 3),
        });
        break;
      }
      case "data": {
        const g = current(n, kind);
        if (f[1] !== "er" || f.length !== 4)
          fail(path, n, "data records must be data,er,<pitcher>,<runs>");
        g.earnedRuns.set(
          playerId(path, n, f[2] ?? ""),
          integer(path, n, "earned runs", f[3] ?? "", 0, 99),
        );
        break;
      }
      case "com":
      case "badj":
      case "padj":
      case "ladj":
      case "presadj":
        current(n, kind);
        break;
      default:
        fail(path, n, `unknown record type ${JSON.stringify(kind)}`);
    }
  }
  return games;
}
