import {
  addToSide,
  headlineText,
  numberedPeriods,
  periodGraph,
  readNumber,
  readPair,
  readString,
  withoutKey,
} from "./module-parts.js";
import type { Outcome, Score, ScoreEvent, SportModule } from "./types.js";

const FINISH_METHODS = [
  "ko",
  "tko",
  "submission",
  "decision",
  "disqualification",
  "draw",
  "no_contest",
] as const;
export type FinishMethod = (typeof FINISH_METHODS)[number];

function isFinishMethod(value: unknown): value is FinishMethod {
  return (FINISH_METHODS as readonly unknown[]).includes(value);
}

const ROUNDS = numberedPeriods("round", 5);

/** round_n → round_break → round_(n+1); a feed may also go straight to the next round. */
const SUCCESSORS = Object.fromEntries([
  ...ROUNDS.map((round, index) => {
    const next = ROUNDS[index + 1];
    return [round, next === undefined ? [] : ["round_break", next]];
  }),
  ["round_break", ROUNDS.slice(1)],
]);

/** The fight's result fields, as set by a `finish` event. */
const FINISH_KEYS = ["method", "round", "time", "scorecards"] as const;

function applyFinish(score: Score, event: ScoreEvent): Score {
  const method = event.detail?.method;
  if (!isFinishMethod(method)) return { ...score };
  const winner = method === "draw" || method === "no_contest" ? null : event.team;
  const finished: Score = {
    ...score,
    home: winner === "home" ? 1 : 0,
    away: winner === "away" ? 1 : 0,
    method,
    round: readNumber(event.detail, "round", 0),
    time: readString(event.detail, "time") ?? "",
  };
  const scorecards = event.detail?.scorecards;
  return Array.isArray(scorecards) ? { ...finished, scorecards } : finished;
}

function revertFinish(score: Score): Score {
  return FINISH_KEYS.reduce(withoutKey, { ...score, home: 0, away: 0 });
}

function countKnockdown(score: Score, event: ScoreEvent, sign: 1 | -1): Score {
  if (event.team === null) return { ...score };
  return { ...score, knockdowns: addToSide(readPair(score, "knockdowns"), event.team, sign) };
}

/**
 * Combat sports score: 1/0 for the winner once a `finish` event arrives (0/0 for a draw or no
 * contest), the finish's `method`, `round`, `time` and `scorecards`, and `knockdowns` scored.
 */
export const combatSports: SportModule = {
  sport: "combat-sports",
  name: "Combat sports",
  format: "head_to_head",
  periods: [...ROUNDS, "round_break"],
  canEnterPeriod: periodGraph("round_1", SUCCESSORS),
  eventTypes: ["knockdown", "round_end", "point_deduction", "finish"],
  scoringEventTypes: ["finish"],
  decidedBy: FINISH_METHODS,
  emptyScore: () => ({ home: 0, away: 0, knockdowns: { home: 0, away: 0 } }),
  applyEvent(score, event) {
    if (event.type === "knockdown") return countKnockdown(score, event, 1);
    if (event.type === "finish") return applyFinish(score, event);
    return { ...score };
  },
  revertEvent(score, event) {
    if (event.type === "knockdown") return countKnockdown(score, event, -1);
    if (event.type === "finish") return revertFinish(score);
    return { ...score };
  },
  scoreText: headlineText,
  outcome(score): Outcome | null {
    if (score.method === "draw") return "draw";
    if (score.method === "no_contest") return "no_result";
    if (score.home === 1) return "home";
    if (score.away === 1) return "away";
    return null;
  },
  standings: null,
};
