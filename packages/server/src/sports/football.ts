import {
  addToSide,
  headlineText,
  leadingSide,
  periodGraph,
  readPair,
  type SidePair,
  withoutKey,
} from "./module-parts.js";
import type { Outcome, Score, ScoreEvent, SportModule } from "./types.js";

const PERIODS = [
  "1st_half",
  "halftime",
  "2nd_half",
  "extra_time_1st_half",
  "extra_time_halftime",
  "extra_time_2nd_half",
  "penalties",
] as const;

const GOAL_EVENTS: readonly string[] = ["goal", "own_goal", "penalty_goal"];
const SHOOTOUT_GOAL = "penalty_shootout_goal";

function countGoal(score: Score, event: ScoreEvent, sign: 1 | -1): Score {
  const team = event.team;
  if (team === null) return { ...score };
  if (event.type === SHOOTOUT_GOAL) {
    const penalties = addToSide(readPair(score, "penalties"), team, sign);
    if (penalties.home === 0 && penalties.away === 0) return withoutKey(score, "penalties");
    return { ...score, penalties };
  }
  if (!GOAL_EVENTS.includes(event.type)) return { ...score };
  const next = addToSide(score, team, sign);
  // A first-half goal recorded (or withdrawn) after the break also corrects the half-time score.
  if (event.period === "1st_half" && score.halftime !== undefined) {
    return { ...next, halftime: addToSide(readPair(score, "halftime"), team, sign) };
  }
  return next;
}

function isFirstHalfEnd(event: ScoreEvent): boolean {
  return event.type === "period_end" && event.period === "1st_half";
}

/**
 * Football score: goals in `home`/`away`, plus `halftime` (the score when the 1st half ended)
 * and `penalties` (shoot-out goals, only once one has been scored).
 */
export const football: SportModule = {
  sport: "football",
  name: "Football",
  format: "head_to_head",
  periods: PERIODS,
  canEnterPeriod: periodGraph("1st_half", {
    "1st_half": ["halftime", "2nd_half"],
    halftime: ["2nd_half"],
    "2nd_half": ["extra_time_1st_half", "penalties"],
    extra_time_1st_half: ["extra_time_halftime", "extra_time_2nd_half"],
    extra_time_halftime: ["extra_time_2nd_half"],
    extra_time_2nd_half: ["penalties"],
  }),
  eventTypes: [
    "goal",
    "own_goal",
    "penalty_goal",
    "missed_penalty",
    "yellow_card",
    "second_yellow",
    "red_card",
    "substitution",
    "var_review",
    "period_start",
    "period_end",
    "penalty_shootout_goal",
    "penalty_shootout_miss",
  ],
  scoringEventTypes: [...GOAL_EVENTS, SHOOTOUT_GOAL],
  decidedBy: ["regulation", "extra_time", "penalties", "awarded", "walkover"],
  emptyScore: () => ({ home: 0, away: 0 }),
  applyEvent(score, event) {
    if (isFirstHalfEnd(event)) {
      const halftime: SidePair = { home: score.home, away: score.away };
      return { ...score, halftime };
    }
    return countGoal(score, event, 1);
  },
  revertEvent(score, event) {
    if (isFirstHalfEnd(event)) return withoutKey(score, "halftime");
    return countGoal(score, event, -1);
  },
  scoreText: headlineText,
  outcome(score): Outcome {
    return leadingSide(score) ?? leadingSide(readPair(score, "penalties")) ?? "draw";
  },
  standings: {
    rankBy: "points",
    points: { win: 3, draw: 1, loss: 0, no_result: 0 },
    drawCountsHalfInWinPct: false,
    drawsPossible: true,
    tieBreakers: ["goal_difference", "goals_for", "name"],
    formLength: 5,
  },
};
