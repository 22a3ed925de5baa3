import { headlineText, leadingSide, numberedPeriods, periodPointsScoring } from "./module-parts.js";
import type { SportModule } from "./types.js";

const POINTS_BY_EVENT = { two_pointer: 2, three_pointer: 3, free_throw: 1 };

/**
 * How many overtimes the period list names. Each is its own period (`overtime_1`, `overtime_2`…),
 * so the line score has one entry per overtime; the longest professional game went to six.
 */
export const MAX_OVERTIMES = 10;

/** The period of the `n`th overtime (1-based): "overtime_2". */
export function overtimePeriod(n: number): string {
  return `overtime_${n}`;
}

const QUARTERS = ["1st_quarter", "2nd_quarter", "3rd_quarter", "4th_quarter"] as const;
const OVERTIMES = numberedPeriods("overtime", MAX_OVERTIMES);
/**
 * The periods that are played (not breaks), in playing order. The unnumbered `overtime` is what
 * data stored before overtimes were numbered (and feeds that do not number them) use: one period
 * and one line-score entry for all the overtimes of a game. It stays readable and accepted.
 */
const PLAYED = [...QUARTERS, "overtime", ...OVERTIMES];

/** The old list first (clients that know it keep working), then the numbered overtimes. */
const PERIODS = [
  "1st_quarter",
  "2nd_quarter",
  "halftime",
  "3rd_quarter",
  "4th_quarter",
  "quarter_break",
  "overtime",
  ...OVERTIMES,
];

/**
 * Breaks may be skipped by a feed. `quarter_break` sits between the 1st and 2nd quarters, the
 * 3rd and 4th, and before every overtime, so from a break any of those may follow (the graph
 * cannot tell which overtime a break follows). Overtime `n` leads to overtime `n + 1`.
 */
function canEnterPeriod(from: string | null, to: string): boolean {
  if (from === null) return to === "1st_quarter";
  const overtime = OVERTIMES.indexOf(to);
  switch (from) {
    case "1st_quarter":
      return to === "quarter_break" || to === "2nd_quarter";
    case "2nd_quarter":
      return to === "halftime" || to === "3rd_quarter";
    case "halftime":
      return to === "3rd_quarter";
    case "3rd_quarter":
      return to === "quarter_break" || to === "4th_quarter";
    case "4th_quarter":
      return to === "quarter_break" || to === "overtime" || overtime === 0;
    case "quarter_break":
      return ["2nd_quarter", "4th_quarter", "overtime"].includes(to) || overtime >= 0;
    case "overtime":
      return to === "quarter_break";
    default: {
      const current = OVERTIMES.indexOf(from);
      return current >= 0 && (to === "quarter_break" || overtime === current + 1);
    }
  }
}

/**
 * Basketball score: points, plus `periods`, the line score: one entry per period played (a
 * `period_start` or any other event in it puts it there, 0-0 until somebody scores), each
 * overtime its own entry, summing to the headline score.
 */
export const basketball: SportModule = {
  sport: "basketball",
  name: "Basketball",
  format: "head_to_head",
  periods: PERIODS,
  canEnterPeriod,
  eventTypes: [...Object.keys(POINTS_BY_EVENT), "timeout", "foul", "period_start", "period_end"],
  scoringEventTypes: Object.keys(POINTS_BY_EVENT),
  decidedBy: ["regulation", "overtime"],
  ...periodPointsScoring(POINTS_BY_EVENT, PLAYED, PLAYED),
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
