import {
  BALL_EVENTS,
  type InningsSummary,
  isInningsSummary,
  summaryFrom,
  withBall,
  withInningsEnd,
  withoutBall,
} from "./cricket-innings.js";
import { isSide, leadingSide, periodGraph, readList, withoutKey } from "./module-parts.js";
import type { Outcome, Score, ScoreEvent, Side, SportModule } from "./types.js";

export { type InningsSummary, oversToDecimal } from "./cricket-innings.js";

/** `home`/`away` are each side's runs over its innings, super overs apart. */
function withInnings(score: Score, innings: InningsSummary[]): Score {
  const runsOf = (side: Side) =>
    innings
      .filter((entry) => entry.team === side && entry.super_over !== true)
      .reduce((sum, entry) => sum + entry.runs, 0);
  return { ...score, innings, home: runsOf("home"), away: runsOf("away") };
}

const inningsOf = (score: Score) => readList(score, "innings", isInningsSummary);

function sameInnings(a: InningsSummary, b: InningsSummary): boolean {
  return a.team === b.team && a.runs === b.runs && a.wickets === b.wickets && a.overs === b.overs;
}

function applyInningsEnd(score: Score, event: ScoreEvent, team: Side): Score {
  const summary = summaryFrom(event, team);
  const next = withInnings(score, withInningsEnd(inningsOf(score), summary, team));
  return event.detail?.no_result === true ? { ...next, no_result: true } : next;
}

function revertInningsEnd(score: Score, event: ScoreEvent, team: Side): Score {
  const summary = summaryFrom(event, team);
  const innings = inningsOf(score);
  const exact =
    summary === null ? -1 : innings.findLastIndex((entry) => sameInnings(entry, summary));
  const index = exact >= 0 ? exact : innings.findLastIndex((entry) => entry.team === team);
  const next =
    summary === null || index < 0 ? { ...score } : withInnings(score, innings.toSpliced(index, 1));
  return event.detail?.no_result === true ? withoutKey(next, "no_result") : next;
}

function superOverWinner(event: ScoreEvent): Side | null {
  const winner = event.detail?.winner;
  return isSide(winner) ? winner : event.team;
}

/** "141/8", and "45/2 (6.3)" for an innings in progress. */
function inningsText(entry: InningsSummary): string {
  const text = `${entry.runs}/${entry.wickets}`;
  return entry.in_progress === true ? `${text} (${entry.overs})` : text;
}

/** A side's innings, "yet to bat" before their first ball (so "-141/8" never reads as a number). */
function sideText(innings: readonly InningsSummary[], side: Side): string {
  const own = innings.filter((entry) => entry.team === side);
  return own.length === 0 ? "yet to bat" : own.map(inningsText).join(" & ");
}

function scoreText(score: Score): string {
  const innings = inningsOf(score);
  if (innings.length === 0) return "-";
  return `${sideText(innings, "home")}-${sideText(innings, "away")}`;
}

/**
 * Cricket score: total runs per side, `innings` (each innings in order; the one being played,
 * folded ball by ball from `delivery`/`four`/`six`/`wicket`, is flagged `in_progress` until its
 * `innings_end`), `super_over_winner` when a super over settled a tie, `no_result` when the match
 * had none.
 */
export const cricket: SportModule = {
  sport: "cricket",
  name: "Cricket",
  format: "head_to_head",
  periods: ["innings_1", "innings_break", "innings_2", "super_over"],
  canEnterPeriod: periodGraph("innings_1", {
    innings_1: ["innings_break", "innings_2"],
    innings_break: ["innings_2"],
    innings_2: ["super_over"],
  }),
  eventTypes: [
    "wicket",
    "four",
    "six",
    "fifty",
    "hundred",
    "innings_end",
    "super_over_end",
    "period_start",
    "period_end",
    // One ball bowled that is not a wicket, four or six (a dot, a single, a wide, byes…).
    "delivery",
  ],
  scoringEventTypes: ["innings_end", "super_over_end"],
  decidedBy: ["runs", "wickets", "super_over", "dls", "no_result", "tie"],
  emptyScore: () => ({ home: 0, away: 0, innings: [] }),
  applyEvent(score, event) {
    if (BALL_EVENTS.includes(event.type) && event.team !== null) {
      return withInnings(score, withBall(inningsOf(score), event, event.team));
    }
    if (event.type === "innings_end" && event.team !== null) {
      return applyInningsEnd(score, event, event.team);
    }
    const winner = superOverWinner(event);
    if (event.type === "super_over_end" && winner !== null) {
      return { ...score, super_over_winner: winner };
    }
    return { ...score };
  },
  revertEvent(score, event) {
    if (BALL_EVENTS.includes(event.type) && event.team !== null) {
      return withInnings(score, withoutBall(inningsOf(score), event, event.team));
    }
    if (event.type === "innings_end" && event.team !== null) {
      return revertInningsEnd(score, event, event.team);
    }
    if (event.type === "super_over_end") return withoutKey(score, "super_over_winner");
    return { ...score };
  },
  scoreText: (score) => (score === null ? null : scoreText(score)),
  outcome(score): Outcome {
    if (score.no_result === true) return "no_result";
    const superOver = isSide(score.super_over_winner) ? score.super_over_winner : null;
    return leadingSide(score) ?? superOver ?? "draw";
  },
  standings: {
    rankBy: "points",
    points: { win: 2, draw: 1, loss: 0, no_result: 1 },
    drawCountsHalfInWinPct: true,
    drawsPossible: true,
    tieBreakers: ["net_run_rate", "name"],
    formLength: 5,
  },
};
