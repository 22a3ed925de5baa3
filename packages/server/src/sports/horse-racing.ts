import { fieldScoring, periodGraph } from "./module-parts.js";
import type { SportModule } from "./types.js";

/** Horse racing is a field sport: finishing positions live in `participants`, not a score. */
export const horseRacing: SportModule = {
  sport: "horse-racing",
  name: "Horse racing",
  ...fieldScoring,
  periods: ["running"],
  canEnterPeriod: periodGraph("running", {}),
  eventTypes: ["race_start", "race_finish", "non_runner", "stewards_inquiry"],
  decidedBy: ["regulation", "photo_finish", "stewards"],
};
