import {
  isSide,
  leadingSide,
  periodGraph,
  readList,
  readNumber,
  readString,
  withoutKey,
} from "./module-parts.js";
import type { Outcome, Score, ScoreEvent, Side, SportModule } from "./types.js";

/** One completed innings, as reported by an `innings_end` event. */
export interface InningsSummary {
  team: Side;
  runs: number;
  wickets: number;
  /** Overs bowled, cricket notation: "19.4" is 19 overs and 4 balls. */
  overs: string;
}

function isInningsSummary(value: unknown): value is InningsSummary {
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

function summaryFrom(event: ScoreEvent, team: Side): InningsSummary | null {
  const runs = readNumber(event.detail, "runs", Number.NaN);
  if (Number.isNaN(runs)) return null;
  const overs = event.detail?.overs;
  return {
    team,
    runs,
    wickets: readNumber(event.detail, "wickets", 0),
    overs: typeof overs === "number" ? String(overs) : (readString(event.detail, "overs") ?? "0"),
  };
}

/** `home`/`away` are each side's total runs over its innings. */
function withInnings(score: Score, innings: InningsSummary[]): Score {
  const runsOf = (side: Side) =>
    innings.filter((entry) => entry.team === side).reduce((sum, entry) => sum + entry.runs, 0);
  return { ...score, innings, home: runsOf("home"), away: runsOf("away") };
}

function sameInnings(a: InningsSummary, b: InningsSummary): boolean {
  return a.team === b.team && a.runs === b.runs && a.wickets === b.wickets && a.overs === b.overs;
}

function applyInningsEnd(score: Score, event: ScoreEvent, team: Side): Score {
  const summary = summaryFrom(event, team);
  const innings = readList(score, "innings", isInningsSummary);
  const next = summary === null ? { ...score } : withInnings(score, [...innings, summary]);
  return event.detail?.no_result === true ? { ...next, no_result: true } : next;
}

function revertInningsEnd(score: Score, event: ScoreEvent, team: Side): Score {
  const summary = summaryFrom(event, team);
  const innings = readList(score, "innings", isInningsSummary);
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

function sideText(score: Score, side: Side): string {
  return readList(score, "innings", isInningsSummary)
    .filter((entry) => entry.team === side)
    .map((entry) => `${entry.runs}/${entry.wickets}`)
    .join(" & ");
}

/**
 * Cricket score: total runs per side, `innings` (each completed innings in order),
 * `super_over_winner` when a super over settled a tie, `no_result` when the match had none.
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
    // One ball bowled that is not a wicket, four or six (imported ball-by-ball data).
    "delivery",
  ],
  scoringEventTypes: ["innings_end", "super_over_end"],
  decidedBy: ["runs", "wickets", "super_over", "dls", "no_result", "tie"],
  emptyScore: () => ({ home: 0, away: 0, innings: [] }),
  applyEvent(score, event) {
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
    if (event.type === "innings_end" && event.team !== null) {
      return revertInningsEnd(score, event, event.team);
    }
    if (event.type === "super_over_end") return withoutKey(score, "super_over_winner");
    return { ...score };
  },
  scoreText: (score) =>
    score === null ? null : `${sideText(score, "home")}-${sideText(score, "away")}`,
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
