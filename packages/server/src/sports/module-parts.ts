/**
 * The parts sport modules are built from: period graphs, reading event detail, side tallies,
 * scoring kits. Everything here is pure; nothing mutates its arguments.
 */
import type { Outcome, Score, ScoreEvent, Side, SportModule } from "./types.js";

/** A home/away pair of counters (goals, hits, knockdowns, games, rounds). */
export interface SidePair {
  home: number;
  away: number;
}

const ZERO_PAIR: Readonly<SidePair> = Object.freeze({ home: 0, away: 0 });

/** English ordinal: 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffixes: Record<number, string> = { 1: "st", 2: "nd", 3: "rd" };
  return `${n}${suffixes[n % 10] ?? "th"}`;
}

/** `numberedPeriods("set", 3)` → `["set_1", "set_2", "set_3"]`. */
export function numberedPeriods(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}_${index + 1}`);
}

/**
 * Builds `canEnterPeriod` from the first period and each period's allowed successors.
 * Anything not listed (backwards moves, same → same, unknown names) is refused.
 */
export function periodGraph(
  first: string,
  successors: Readonly<Record<string, readonly string[]>>,
): (from: string | null, to: string) => boolean {
  return (from, to) => {
    if (from === null) return to === first;
    return successors[from]?.includes(to) ?? false;
  };
}

/** Successors of a plain sequence: each period leads only to the next one. */
export function sequenceSuccessors(periods: readonly string[]): Record<string, string[]> {
  const successors: Record<string, string[]> = {};
  periods.forEach((period, index) => {
    const next = periods[index + 1];
    successors[period] = next === undefined ? [] : [next];
  });
  return successors;
}

export function otherSide(side: Side): Side {
  return side === "home" ? "away" : "home";
}

export function isSide(value: unknown): value is Side {
  return value === "home" || value === "away";
}

export function isSidePair(value: unknown): value is SidePair {
  if (typeof value !== "object" || value === null) return false;
  const pair = value as Record<string, unknown>;
  return typeof pair.home === "number" && typeof pair.away === "number";
}

/** The pair at `score[key]`, or 0-0 when absent or malformed. */
export function readPair(record: Record<string, unknown> | undefined, key: string): SidePair {
  const value = record?.[key];
  return isSidePair(value) ? { home: value.home, away: value.away } : { ...ZERO_PAIR };
}

/** A copy of `pair` (or score) with `amount` added to `side`, never below zero. */
export function addToSide<T extends SidePair>(pair: T, side: Side, amount: number): T {
  return { ...pair, [side]: Math.max(0, pair[side] + amount) };
}

export function readNumber(
  record: Record<string, unknown> | undefined,
  key: string,
  fallback: number,
): number {
  const value = record?.[key];
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

export function readString(
  record: Record<string, unknown> | undefined,
  key: string,
): string | null {
  const value = record?.[key];
  return typeof value === "string" ? value : null;
}

/** The elements of `score[key]` that pass `guard` (an empty list when absent). */
export function readList<T>(
  record: Record<string, unknown>,
  key: string,
  guard: (value: unknown) => value is T,
): T[] {
  const value = record[key];
  return Array.isArray(value) ? value.filter(guard) : [];
}

/** A shallow copy of `score` with `key` removed. */
export function withoutKey(score: Score, key: string): Score {
  const { [key]: _removed, ...rest } = score;
  return { ...rest, home: score.home, away: score.away };
}

/**
 * Adds `amount` to one side of the tally entry `matches` selects, creating the entry (in
 * playing order, via `order`) when missing and dropping it when it falls back to 0-0, so that
 * adding then subtracting the same amount gives back the same list.
 */
export function adjustTally<T extends SidePair>(
  entries: readonly T[],
  matches: (entry: T) => boolean,
  create: () => T,
  order: (a: T, b: T) => number,
  side: Side,
  amount: number,
): T[] {
  const existing = entries.find(matches);
  const others = entries.filter((entry) => entry !== existing);
  const updated = addToSide(existing ?? create(), side, amount);
  if (updated.home === 0 && updated.away === 0) return others;
  return [...others, updated].sort(order);
}

/**
 * `entries` with a 0-0 entry for what `matches` selects when there is none yet: a period
 * played without points still belongs in the line score.
 */
export function withTallyEntry<T extends SidePair>(
  entries: readonly T[],
  matches: (entry: T) => boolean,
  create: () => T,
  order: (a: T, b: T) => number,
): T[] {
  if (entries.some(matches)) return [...entries];
  return [...entries, create()].sort(order);
}

/**
 * `entries` without the 0-0 entry `matches` selects: reverting the event that put a period in
 * the line score takes it out again, so apply then revert gives back the same list.
 */
export function withoutEmptyEntry<T extends SidePair>(
  entries: readonly T[],
  matches: (entry: T) => boolean,
): T[] {
  return entries.filter((entry) => !(matches(entry) && entry.home === 0 && entry.away === 0));
}

/** "2-1", home first; null when there is no score. */
export function headlineText(score: Score | null): string | null {
  return score === null ? null : `${score.home}-${score.away}`;
}

/** The side with the higher headline number, or null when level. */
export function leadingSide(score: SidePair): Side | null {
  if (score.home > score.away) return "home";
  if (score.away > score.home) return "away";
  return null;
}

/** Outcome for sports where a level score is a draw. */
export function outcomeWithDraws(score: SidePair): Outcome {
  return leadingSide(score) ?? "draw";
}

/** The members of a `SportModule` a field sport (golf, horse racing) shares: no score at all. */
export const fieldScoring = {
  format: "field",
  scoringEventTypes: [],
  emptyScore: (): Score | null => null,
  applyEvent: (score: Score, _event: ScoreEvent): Score => ({ ...score }),
  revertEvent: (score: Score, _event: ScoreEvent): Score => ({ ...score }),
  scoreText: (_score: Score | null): string | null => null,
  outcome: (_score: Score): Outcome | null => null,
  standings: null,
} as const;

/** Points scored in one period (basketball quarters, American football quarters). */
interface PeriodPoints extends SidePair {
  period: string;
}

function isPeriodPoints(value: unknown): value is PeriodPoints {
  return isSidePair(value) && typeof (value as { period?: unknown }).period === "string";
}

/**
 * Scoring for sports where each event is worth a fixed number of points to `team`, with a
 * per-period breakdown in `score.periods`. Without `linePeriods`, periods without points are
 * absent. With it, any event in one of `linePeriods` (a `period_start`, a timeout) puts that
 * period in the breakdown, 0-0 until somebody scores: the line score then lists every period
 * played and still sums to the headline score. Breaks (halftime) belong in neither list.
 * Reverting takes a period out again once it is back to 0-0, so revert undoes apply on a score
 * that did not list the period yet; the live engine refolds corrections from the event list, so
 * a stored line score never loses a period that was played.
 */
export function periodPointsScoring(
  pointsByEvent: Readonly<Record<string, number>>,
  periods: readonly string[],
  linePeriods: readonly string[] = [],
): Pick<SportModule, "emptyScore" | "applyEvent" | "revertEvent"> {
  const playingOrder = (a: PeriodPoints, b: PeriodPoints) =>
    periods.indexOf(a.period) - periods.indexOf(b.period);

  function addPoints(score: Score, event: ScoreEvent, sign: 1 | -1): Score {
    const points = pointsByEvent[event.type] ?? 0;
    // The side whose points change; null for an event that scores nothing.
    const team = points === 0 ? null : event.team;
    const next = team === null ? { ...score } : addToSide(score, team, sign * points);
    const period = event.period;
    if (typeof period !== "string") return next;
    const inLine = linePeriods.includes(period);
    const tallied = team !== null && periods.includes(period);
    if (!inLine && !tallied) return next;
    const isPeriod = (entry: PeriodPoints) => entry.period === period;
    const create = () => ({ period, home: 0, away: 0 });
    let tally = readList(score, "periods", isPeriodPoints);
    if (inLine && sign === 1) tally = withTallyEntry(tally, isPeriod, create, playingOrder);
    if (tallied) tally = adjustTally(tally, isPeriod, create, playingOrder, team, sign * points);
    if (inLine && sign === -1) tally = withoutEmptyEntry(tally, isPeriod);
    return { ...next, periods: tally };
  }

  return {
    emptyScore: () => ({ home: 0, away: 0, periods: [] }),
    applyEvent: (score, event) => addPoints(score, event, 1),
    revertEvent: (score, event) => addPoints(score, event, -1),
  };
}

/** Quarter periods shared by basketball and American football, in playing order. */
export const QUARTER_PERIODS = [
  "1st_quarter",
  "2nd_quarter",
  "halftime",
  "3rd_quarter",
  "4th_quarter",
  "quarter_break",
  "overtime",
] as const;

/**
 * Breaks may be skipped by a feed. `quarter_break` sits between the 1st and 2nd quarters,
 * the 3rd and 4th, and before every overtime, so from a break any of those may follow.
 */
export const canEnterQuarterPeriod = periodGraph("1st_quarter", {
  "1st_quarter": ["quarter_break", "2nd_quarter"],
  "2nd_quarter": ["halftime", "3rd_quarter"],
  halftime: ["3rd_quarter"],
  "3rd_quarter": ["quarter_break", "4th_quarter"],
  "4th_quarter": ["quarter_break", "overtime"],
  quarter_break: ["2nd_quarter", "4th_quarter", "overtime"],
  overtime: ["quarter_break"],
});
