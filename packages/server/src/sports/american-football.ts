import {
  canEnterQuarterPeriod,
  headlineText,
  outcomeWithDraws,
  periodPointsScoring,
  QUARTER_PERIODS,
} from "./module-parts.js";
import type { SportModule } from "./types.js";

const POINTS_BY_EVENT = {
  touchdown: 6,
  extra_point: 1,
  two_point_conversion: 2,
  field_goal: 3,
  safety: 2,
};

/** American football score: points, plus `periods` (points per quarter and overtime). */
export const americanFootball: SportModule = {
  sport: "american-football",
  name: "American football",
  format: "head_to_head",
  periods: QUARTER_PERIODS,
  canEnterPeriod: canEnterQuarterPeriod,
  eventTypes: [
    ...Object.keys(POINTS_BY_EVENT),
    "turnover",
    "timeout",
    "period_start",
    "period_end",
  ],
  scoringEventTypes: Object.keys(POINTS_BY_EVENT),
  decidedBy: ["regulation", "overtime"],
  ...periodPointsScoring(POINTS_BY_EVENT, QUARTER_PERIODS),
  scoreText: headlineText,
  outcome: outcomeWithDraws,
  standings: {
    rankBy: "win_pct",
    points: { win: 2, draw: 1, loss: 0, no_result: 0 },
    drawCountsHalfInWinPct: true,
    drawsPossible: true,
    tieBreakers: ["head_to_head_points", "wins", "name"],
    formLength: 5,
  },
};
