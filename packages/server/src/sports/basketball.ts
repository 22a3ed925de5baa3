import {
  canEnterQuarterPeriod,
  headlineText,
  leadingSide,
  periodPointsScoring,
  QUARTER_PERIODS,
} from "./module-parts.js";
import type { SportModule } from "./types.js";

const POINTS_BY_EVENT = { two_pointer: 2, three_pointer: 3, free_throw: 1 };

/** Basketball score: points, plus `periods` (points per period; overtimes share one entry). */
export const basketball: SportModule = {
  sport: "basketball",
  name: "Basketball",
  format: "head_to_head",
  periods: QUARTER_PERIODS,
  canEnterPeriod: canEnterQuarterPeriod,
  eventTypes: [...Object.keys(POINTS_BY_EVENT), "timeout", "foul", "period_start", "period_end"],
  scoringEventTypes: Object.keys(POINTS_BY_EVENT),
  decidedBy: ["regulation", "overtime"],
  ...periodPointsScoring(POINTS_BY_EVENT, QUARTER_PERIODS),
  scoreText: headlineText,
  outcome: leadingSide,
  standings: {
    rankBy: "win_pct",
    points: { win: 2, draw: 1, loss: 1, no_result: 0 },
    drawCountsHalfInWinPct: false,
    drawsPossible: false,
    tieBreakers: ["head_to_head_points", "wins", "name"],
    formLength: 5,
  },
};
