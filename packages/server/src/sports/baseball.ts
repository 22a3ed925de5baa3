import {
  addToSide,
  adjustTally,
  headlineText,
  isSidePair,
  leadingSide,
  ordinal,
  periodGraph,
  readList,
  readNumber,
  readPair,
  type SidePair,
  withoutEmptyEntry,
  withTallyEntry,
} from "./module-parts.js";
import type { Score, ScoreEvent, Side, SportModule } from "./types.js";

const INNINGS = 20;
const INNING_NUMBERS = Array.from({ length: INNINGS }, (_, index) => index + 1);

const PERIODS = INNING_NUMBERS.flatMap((n) => [`top_${ordinal(n)}`, `bottom_${ordinal(n)}`]);

/** top_n → bottom_n → top_(n+1); nothing follows the bottom of the last inning. */
const SUCCESSORS = Object.fromEntries(
  INNING_NUMBERS.flatMap((n) => [
    [`top_${ordinal(n)}`, [`bottom_${ordinal(n)}`]],
    [`bottom_${ordinal(n)}`, n < INNINGS ? [`top_${ordinal(n + 1)}`] : []],
  ]),
);

/** The inning number of a period: "top_3rd" → 3; null for anything else. */
function inningNumber(period: string | null | undefined): number | null {
  const match = /^(?:top|bottom)_(\d+)(?:st|nd|rd|th)$/.exec(period ?? "");
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** Runs scored in one inning. */
interface InningRuns extends SidePair {
  inning: number;
}

function isInningRuns(value: unknown): value is InningRuns {
  return isSidePair(value) && typeof (value as { inning?: unknown }).inning === "number";
}

const RUN_EVENTS: readonly string[] = ["run", "home_run"];
const HIT_EVENTS: readonly string[] = ["hit", "home_run"];

const byInning = (a: InningRuns, b: InningRuns) => a.inning - b.inning;

function addRuns(score: Score, team: Side, inning: number | null, runs: number): Score {
  const next = addToSide(score, team, runs);
  if (inning === null) return next;
  const innings = adjustTally(
    readList(score, "innings", isInningRuns),
    (entry) => entry.inning === inning,
    () => ({ inning, home: 0, away: 0 }),
    byInning,
    team,
    runs,
  );
  return { ...next, innings };
}

/**
 * Applying any event of a half-inning puts its inning in the line score (0-0 until a run);
 * reverting takes an inning that is back to 0-0 out again, so revert undoes apply.
 */
function markInning(score: Score, inning: number, sign: 1 | -1): Score {
  const isInning = (entry: InningRuns) => entry.inning === inning;
  const innings = readList(score, "innings", isInningRuns);
  return {
    ...score,
    innings:
      sign === 1
        ? withTallyEntry(innings, isInning, () => ({ inning, home: 0, away: 0 }), byInning)
        : withoutEmptyEntry(innings, isInning),
  };
}

function countEvent(score: Score, event: ScoreEvent, sign: 1 | -1): Score {
  const inning = inningNumber(event.period);
  let next: Score = inning !== null && sign === 1 ? markInning(score, inning, 1) : { ...score };
  const team = event.team;
  if (team !== null) {
    if (RUN_EVENTS.includes(event.type)) {
      next = addRuns(next, team, inning, sign * readNumber(event.detail, "runs", 1));
    }
    if (HIT_EVENTS.includes(event.type)) {
      next = { ...next, hits: addToSide(readPair(score, "hits"), team, sign) };
    }
    if (event.type === "error") {
      next = { ...next, errors: addToSide(readPair(score, "errors"), team, sign) };
    }
  }
  return inning !== null && sign === -1 ? markInning(next, inning, -1) : next;
}

/**
 * Baseball score: runs, plus `innings`, the line score (runs per inning number, every inning an
 * event was played in, 0-0 when scoreless), `hits` and `errors` (errors counted against the
 * side charged).
 */
export const baseball: SportModule = {
  sport: "baseball",
  name: "Baseball",
  format: "head_to_head",
  periods: PERIODS,
  canEnterPeriod: periodGraph("top_1st", SUCCESSORS),
  eventTypes: [
    "run",
    "home_run",
    "hit",
    "error",
    "strikeout",
    "inning_end",
    "pitching_change",
    // Imported play-by-play (Retrosheet) also records these; they never change the score.
    "walk",
    "hit_by_pitch",
    "out",
    "stolen_base",
    "caught_stealing",
    "advance",
    "substitution",
  ],
  scoringEventTypes: RUN_EVENTS,
  decidedBy: ["regulation", "extra_innings"],
  emptyScore: () => ({
    home: 0,
    away: 0,
    innings: [],
    hits: { home: 0, away: 0 },
    errors: { home: 0, away: 0 },
  }),
  applyEvent: (score, event) => countEvent(score, event, 1),
  revertEvent: (score, event) => countEvent(score, event, -1),
  scoreText: headlineText,
  outcome: leadingSide,
  standings: {
    rankBy: "win_pct",
    points: { win: 1, draw: 0, loss: 0, no_result: 0 },
    drawCountsHalfInWinPct: false,
    drawsPossible: false,
    tieBreakers: ["head_to_head_points", "wins", "name"],
    formLength: 5,
  },
};
