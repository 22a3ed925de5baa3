import {
  canEnterQuarterPeriod,
  headlineText,
  outcomeWithDraws,
  periodPointsScoring,
  QUARTER_PERIODS,
} from "./module-parts.js";
import type { SportModule } from "./types.js";

/** The periods a line score lists once played (breaks are not played). */
const PLAYING_PERIODS = QUARTER_PERIODS.filter((p) => p !== "halftime" && p !== "quarter_break");

const POINTS_BY_EVENT = {
  touchdown: 6,
  extra_point: 1,
  two_point_conversion: 2,
  field_goal: 3,
  safety: 2,
};

/**
 * American football score: points, plus `periods`, the line score: points per quarter and
 * overtime, listing every period an event was played in (0-0 when nobody scored).
 */
export const americanFootball: SportModule = {
  sport: "american-football",
  name: "American football",
  format: "head_to_head",
  periods: QUARTER_PERIODS,
  canEnterPeriod: canEnterQuarterPeriod,
  eventTypes: [
    ...Object.keys(POINTS_BY_EVENT),
    // A try after a touchdown is always an event, made or not.
    "extra_point_missed",
    "two_point_conversion_failed",
    "turnover",
    "timeout",
    "period_start",
    "period_end",
  ],
  scoringEventTypes: Object.keys(POINTS_BY_EVENT),
  decidedBy: ["regulation", "overtime"],
  ...periodPointsScoring(POINTS_BY_EVENT, QUARTER_PERIODS, PLAYING_PERIODS),
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
