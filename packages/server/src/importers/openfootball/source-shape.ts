/**
 * Reads one football.json document into plain matches, checking every field it uses. Accepts
 * both layouts openfootball has published: `{name, matches: [...]}` (current) and
 * `{name, rounds: [{name, matches: [...]}]}` (older), with teams as strings or `{name}` objects
 * and scores as `score: {ft, ht, et, p}` or the older `score1`/`score2` (`…i`, `…et`, `…p`).
 * Pure: no I/O.
 */

export type Pair = readonly [number, number];

interface SourceScore {
  ft?: Pair;
  ht?: Pair;
  et?: Pair;
  p?: Pair;
}

const SOURCE_STATUSES = ["cancelled", "postponed", "abandoned", "awarded"] as const;
type SourceStatus = (typeof SOURCE_STATUSES)[number];

export interface SourceMatch {
  round: string | null;
  /** A part of the season played apart from the regular rounds (`Playoffs`), or null. */
  stage: string | null;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, local time of the match, or null when the file has none. */
  time: string | null;
  team1: string;
  team2: string;
  status: SourceStatus | null;
  score: SourceScore;
}

export interface SourceDocument {
  name: string;
  matches: SourceMatch[];
}

/** The document is not football.json; the message says where and why. */
export class SourceShapeError extends Error {
  override name = "SourceShapeError";
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

export function readSourceDocument(document: unknown): SourceDocument {
  if (!isObject(document)) throw new SourceShapeError("the document is not a JSON object");
  const name = document.name;
  if (typeof name !== "string" || name.trim() === "") {
    throw new SourceShapeError("name must be a non-empty string");
  }
  const raw: Array<{ at: string; match: unknown; round: string | null }> = [];
  if (Array.isArray(document.matches)) {
    for (const [i, match] of document.matches.entries()) {
      raw.push({ at: `matches[${i}]`, match, round: null });
    }
  } else if (Array.isArray(document.rounds)) {
    document.rounds.forEach((round, r) => {
      if (!isObject(round) || !Array.isArray(round.matches)) {
        throw new SourceShapeError(`rounds[${r}] must be an object with a matches array`);
      }
      const roundName = typeof round.name === "string" ? round.name : null;
      for (const [i, match] of round.matches.entries()) {
        raw.push({ at: `rounds[${r}].matches[${i}]`, match, round: roundName });
      }
    });
  } else {
    throw new SourceShapeError("the document has neither a matches nor a rounds array");
  }
  if (raw.length === 0) throw new SourceShapeError("the document has no matches");
  return { name: name.trim(), matches: raw.map((r) => readMatch(r.match, r.at, r.round)) };
}

function readMatch(value: unknown, at: string, roundName: string | null): SourceMatch {
  if (!isObject(value)) throw new SourceShapeError(`${at} must be an object`);
  const date = value.date;
  if (typeof date !== "string" || !DATE.test(date) || !isRealDate(date)) {
    throw new SourceShapeError(`${at}.date must be a date YYYY-MM-DD; got ${JSON.stringify(date)}`);
  }
  return {
    round: optionalText(value.round, `${at}.round`) ?? roundName,
    stage: optionalText(value.stage, `${at}.stage`),
    date,
    time: readTime(value.time, `${at}.time`),
    team1: readTeam(value.team1, `${at}.team1`),
    team2: readTeam(value.team2, `${at}.team2`),
    status: readStatus(value.status, `${at}.status`),
    score: readScore(value, at),
  };
}

function isRealDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

function optionalText(value: unknown, at: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new SourceShapeError(`${at} must be a string`);
  return value.trim() === "" ? null : value.trim();
}

function readTime(value: unknown, at: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  const match = typeof value === "string" ? TIME.exec(value) : null;
  const [hours, minutes] = [Number(match?.[1]), Number(match?.[2])];
  if (match === null || hours > 23 || minutes > 59) {
    throw new SourceShapeError(`${at} must be a time HH:MM; got ${JSON.stringify(value)}`);
  }
  return `${String(hours).padStart(2, "0")}:${match[2]}`;
}

function readTeam(value: unknown, at: string): string {
  const name = isObject(value) ? value.name : value;
  if (typeof name !== "string" || name.trim() === "") {
    throw new SourceShapeError(`${at} must be a team name`);
  }
  return name.trim().replace(/\s+/g, " ");
}

function readStatus(value: unknown, at: string): SourceStatus | null {
  if (value === undefined || value === null) return null;
  const status = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (!(SOURCE_STATUSES as readonly unknown[]).includes(status)) {
    throw new SourceShapeError(
      `${at} must be one of ${SOURCE_STATUSES.join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
  return status as SourceStatus;
}

function readScore(match: Json, at: string): SourceScore {
  const score: SourceScore = {};
  if (match.score !== undefined && match.score !== null) {
    if (!isObject(match.score)) throw new SourceShapeError(`${at}.score must be an object`);
    for (const key of ["ft", "ht", "et", "p"] as const) {
      const pair = readPair(match.score[key], `${at}.score.${key}`);
      if (pair !== undefined) score[key] = pair;
    }
    return score;
  }
  const legacy = { ft: "", ht: "i", et: "et", p: "p" } as const;
  for (const key of ["ft", "ht", "et", "p"] as const) {
    const [home, away] = [match[`score1${legacy[key]}`], match[`score2${legacy[key]}`]];
    if (home === undefined || home === null || away === undefined || away === null) continue;
    const pair = readPair([home, away], `${at}.score1${legacy[key]}/score2${legacy[key]}`);
    if (pair !== undefined) score[key] = pair;
  }
  return score;
}

function readPair(value: unknown, at: string): Pair | undefined {
  if (value === undefined || value === null) return undefined;
  const valid =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < 1000);
  if (!valid) {
    throw new SourceShapeError(`${at} must be [home, away] goals; got ${JSON.stringify(value)}`);
  }
  return [value[0] as number, value[1] as number];
}
