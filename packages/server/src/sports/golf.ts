import { fieldScoring, numberedPeriods, periodGraph, sequenceSuccessors } from "./module-parts.js";
import type { SportModule } from "./types.js";

const PERIODS = [...numberedPeriods("round", 4), "playoff"];

/** Golf is a field sport: leaderboards live in `participants`, so there is no score here. */
export const golf: SportModule = {
  sport: "golf",
  name: "Golf",
  ...fieldScoring,
  periods: PERIODS,
  canEnterPeriod: periodGraph("round_1", sequenceSuccessors(PERIODS)),
  eventTypes: [
    "birdie",
    "eagle",
    "bogey",
    "hole_in_one",
    "round_end",
    "period_start",
    "period_end",
  ],
  decidedBy: ["regulation", "playoff"],
};
