/**
 * Cricket innings arithmetic: the innings entries of a score, the ball events (`delivery`,
 * `four`, `six`, `wicket`) folded into the innings in progress, and the overs notation. Pure.
 */
import { isSide, readNumber, readString } from "./module-parts.js";
import type { ScoreEvent, Side } from "./types.js";

/** One innings of a score: completed (from its `innings_end`) or being played ball by ball. */
export interface InningsSummary {
  team: Side;
  runs: number;
  wickets: number;
  /** Overs bowled, cricket notation: "19.4" is 19 overs and 4 balls. */
  overs: string;
  /** The innings being played: ball events fold into it until its `innings_end` closes it. */
  in_progress?: true;
  /** A super over's innings: its runs settle the tie, they do not count in the side's total. */
  super_over?: true;
}

/** The events that are one ball bowled (a wide or a no-ball included). */
export const BALL_EVENTS: readonly string[] = ["delivery", "four", "six", "wicket"];

/** Runs a ball event carries when its detail does not say (a hand-fed boundary). */
const DEFAULT_RUNS: Readonly<Record<string, number>> = { four: 4, six: 6 };
/** Dismissal kinds that are no wicket of the side (the batter may come back). */
const NOT_OUT_KINDS = new Set(["retired hurt", "retired not out"]);

export function isInningsSummary(value: unknown): value is InningsSummary {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    isSide(entry.team) &&
    typeof entry.runs === "number" &&
    typeof entry.wickets === "number" &&
    typeof entry.overs === "string"
  );
}

/** Cricket overs as a decimal number of overs: "19.4" → 19 + 4/6. Throws on malformed text. */
export function oversToDecimal(overs: string | number): number {
  const text = String(overs);
  const match = /^(\d+)(?:\.([0-5]))?$/.exec(text);
  if (match === null) throw new RangeError(`invalid overs "${text}": expected e.g. "19.4"`);
  return Number(match[1]) + Number(match[2] ?? 0) / 6;
}

/** Legal balls in cricket notation: 117 → "19.3", 120 → "20.0". */
export const oversText = (balls: number) => `${Math.floor(balls / 6)}.${balls % 6}`;

const legalBalls = (overs: string) => Math.round(oversToDecimal(overs) * 6);

/** A super over's innings, by its period or its summary's flag. */
function isSuperOver(event: ScoreEvent): boolean {
  return event.period === "super_over" || event.detail?.super_over === true;
}

/** The innings an `innings_end` reports, or null when its detail has no runs. */
export function summaryFrom(event: ScoreEvent, team: Side): InningsSummary | null {
  const runs = readNumber(event.detail, "runs", Number.NaN);
  if (Number.isNaN(runs)) return null;
  const overs = event.detail?.overs;
  return {
    team,
    runs,
    wickets: readNumber(event.detail, "wickets", 0),
    overs: typeof overs === "number" ? String(overs) : (readString(event.detail, "overs") ?? "0"),
    ...(isSuperOver(event) ? { super_over: true as const } : {}),
  };
}

/** What one ball adds to its innings. */
interface BallCount {
  runs: number;
  wickets: number;
  /** 1 for a legal ball, 0 for a wide or a no-ball (it is bowled again). */
  balls: number;
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/**
 * A ball's runs, wickets and legality from its detail: `runs` as a number or as the importer's
 * `{batter, extras, total}`, `legal` (default true), the `wickets` list (retirements are no
 * wicket) or, for a `wicket` without one, one wicket.
 */
function ballCount(event: ScoreEvent): BallCount {
  const detail = event.detail ?? {};
  const given = detail.runs;
  const total =
    typeof given === "object" && given !== null ? (given as Record<string, unknown>).total : given;
  const runs = isCount(total) ? total : (DEFAULT_RUNS[event.type] ?? 0);
  const list = Array.isArray(detail.wickets) ? (detail.wickets as unknown[]) : null;
  const dismissals = (list ?? []).filter((w) => {
    const kind = typeof w === "object" && w !== null ? (w as Record<string, unknown>).kind : null;
    return !(typeof kind === "string" && NOT_OUT_KINDS.has(kind));
  }).length;
  const wickets = event.type !== "wicket" ? 0 : list === null ? 1 : dismissals;
  return { runs, wickets, balls: detail.legal === false ? 0 : 1 };
}

/** The innings in progress of `team`: the last entry, if it is open and theirs. */
function openIndex(innings: readonly InningsSummary[], team: Side): number {
  const last = innings.at(-1);
  return last?.in_progress === true && last.team === team ? innings.length - 1 : -1;
}

/** The innings after one ball of `team` (a first ball opens their innings). */
export function withBall(
  innings: readonly InningsSummary[],
  event: ScoreEvent,
  team: Side,
): InningsSummary[] {
  const ball = ballCount(event);
  const index = openIndex(innings, team);
  const open: InningsSummary = innings[index] ?? {
    team,
    runs: 0,
    wickets: 0,
    overs: oversText(0),
    in_progress: true,
    ...(isSuperOver(event) ? { super_over: true as const } : {}),
  };
  const next = {
    ...open,
    runs: open.runs + ball.runs,
    wickets: open.wickets + ball.wickets,
    overs: oversText(legalBalls(open.overs) + ball.balls),
  };
  return index < 0 ? [...innings, next] : innings.with(index, next);
}

/** The innings before one ball of `team` (taking back the only ball removes the innings). */
export function withoutBall(
  innings: readonly InningsSummary[],
  event: ScoreEvent,
  team: Side,
): InningsSummary[] {
  const ball = ballCount(event);
  const index = openIndex(innings, team);
  const open = innings[index];
  if (open === undefined) return [...innings];
  const balls = Math.max(0, legalBalls(open.overs) - ball.balls);
  const runs = Math.max(0, open.runs - ball.runs);
  const wickets = Math.max(0, open.wickets - ball.wickets);
  if (runs === 0 && wickets === 0 && balls === 0) return innings.toSpliced(index, 1);
  return innings.with(index, { ...open, runs, wickets, overs: oversText(balls) });
}

/**
 * The innings after `team`'s `innings_end`: its summary closes their innings in progress (or is
 * added after the others); without runs in its detail it closes the innings as the balls made it.
 */
export function withInningsEnd(
  innings: readonly InningsSummary[],
  summary: InningsSummary | null,
  team: Side,
): InningsSummary[] {
  const index = openIndex(innings, team);
  const open = innings[index];
  if (summary !== null) return index < 0 ? [...innings, summary] : innings.with(index, summary);
  if (open === undefined) return [...innings];
  const { in_progress: _closed, ...closed } = open;
  return innings.with(index, closed);
}
