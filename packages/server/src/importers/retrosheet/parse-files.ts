/**
 * Reads Retrosheet's files line by line into plain records, strictly: the team file
 * (`TEAMyyyy`: code, league, city, nickname), rosters (`*.ROS`: id, last, first, bats, throws,
 * team, position) and event files (`*.EVA`/`*.EVN`: `id`, `version`, `info`, `start`, `sub`,
 * `play`, `com`, `data`, and the adjustment records `radj`, `badj`, `padj`, `ladj`, `presadj`).
 * Every record keeps its line number; a malformed one throws `ImportError(path, line, reason)`.
 * Play strings are checked later, by `event-string.ts`.
 *
 * A record is one line, its fields the text between commas, except in a line with a quote
 * (`start,…,"Fletcher, David",…`): those lines are split again by csv-parse, quotes protecting
 * commas, and a quote left open is an error on its own line, never running into the next.
 * csv-parse is not run over whole files: for records of varying length it builds an error object
 * for each one whose length differs from the first, even when told to accept it, which made a
 * season's files parse many times slower. Comments are not split again: their free text has
 * unbalanced quotes in the real files (`com,"…ejection""`) and nothing reads it.
 */
import { type CsvRecord, csvRecords } from "../shared/csv-records.js";
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

/** The non-blank records of a file with their 1-based lines (`\r\n` line endings tolerated). */
function records(path: string, text: string): CsvRecord[] {
  const all: CsvRecord[] = [];
  const quoted: Array<{ record: CsvRecord; text: string }> = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") continue;
    const record = { line: index + 1, fields: line.split(",") };
    if (line.includes('"') && !line.startsWith("com,")) quoted.push({ record, text: line });
    all.push(record);
  }
  splitQuoted(path, quoted);
  return all;
}

/**
 * Splits lines again with quotes protecting commas: in one call, and when that call fails or
 * gives another number of records (a quote ran into the next line), line by line, so that the
 * line at fault is the one named.
 */
function splitQuoted(path: string, lines: ReadonlyArray<{ record: CsvRecord; text: string }>) {
  if (lines.length === 0) return;
  let together: CsvRecord[] = [];
  try {
    together = csvRecords(path, lines.map((l) => l.text).join("\n"), { quoted: true });
  } catch {
    // Found again below, on its own line.
  }
  for (const [index, { record, text }] of lines.entries()) {
    const [split] =
      together.length === lines.length
        ? [together[index]]
        : csvRecords(path, text, { quoted: true, firstLine: record.line });
    if (split !== undefined) record.fields = split.fields;
  }
}

function fail(path: string, line: number, reason: string): never {
  throw new ImportError(path, line, reason);
}

export function parseTeams(path: string, text: string): TeamLine[] {
  return records(path, text).map(({ line: n, fields: f }) => {
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
  return records(path, text).map(({ line: n, fields: f }) => {
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
  for (const { line: n, fields: f } of records(path, text)) {
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
