import {
  addToSide,
  headlineText,
  isSide,
  isSidePair,
  leadingSide,
  numberedPeriods,
  otherSide,
  periodGraph,
  readList,
  readPair,
  type SidePair,
  sequenceSuccessors,
  withoutKey,
} from "./module-parts.js";
import type { Score, ScoreEvent, Side, SportModule } from "./types.js";

/** One completed set: games won by each player, and the tie-break points when there was one. */
interface SetScore extends SidePair {
  tiebreak?: SidePair;
}

const PERIODS = numberedPeriods("set", 5);

function setFrom(event: ScoreEvent): SetScore {
  const games = readPair(event.detail, "games");
  const tiebreak = event.detail?.tiebreak;
  return isSidePair(tiebreak) ? { ...games, tiebreak: { ...tiebreak } } : games;
}

function sameSet(a: SetScore, b: SetScore): boolean {
  return a.home === b.home && a.away === b.away;
}

function applySetEnd(score: Score, event: ScoreEvent, winner: Side): Score {
  const sets = [...readList(score, "sets", isSidePair), setFrom(event)];
  return { ...addToSide(score, winner, 1), sets };
}

function revertSetEnd(score: Score, event: ScoreEvent, winner: Side): Score {
  const sets = readList(score, "sets", isSidePair);
  const index = sets.findLastIndex((set) => sameSet(set, setFrom(event)));
  if (index < 0) return { ...score };
  return { ...addToSide(score, winner, -1), sets: sets.toSpliced(index, 1) };
}

function retiredSide(event: ScoreEvent): Side | null {
  const retired = event.detail?.retired;
  return isSide(retired) ? retired : null;
}

/**
 * Tennis score: sets won in `home`/`away`, `sets` (games per completed set), and `retired`
 * (the player who retired, whose opponent wins).
 */
export const tennis: SportModule = {
  sport: "tennis",
  name: "Tennis",
  format: "head_to_head",
  periods: PERIODS,
  canEnterPeriod: periodGraph("set_1", sequenceSuccessors(PERIODS)),
  eventTypes: [
    "set_end",
    "break_of_serve",
    "ace",
    "double_fault",
    "period_start",
    "period_end",
    "retirement",
  ],
  scoringEventTypes: ["set_end", "retirement"],
  decidedBy: ["regulation", "retirement", "walkover"],
  emptyScore: () => ({ home: 0, away: 0, sets: [] }),
  applyEvent(score, event) {
    const retired = retiredSide(event);
    if (event.type === "retirement" && retired !== null) return { ...score, retired };
    if (event.type === "set_end" && event.team !== null) {
      return applySetEnd(score, event, event.team);
    }
    return { ...score };
  },
  revertEvent(score, event) {
    if (event.type === "retirement") return withoutKey(score, "retired");
    if (event.type === "set_end" && event.team !== null) {
      return revertSetEnd(score, event, event.team);
    }
    return { ...score };
  },
  scoreText: headlineText,
  outcome(score) {
    if (isSide(score.retired)) return otherSide(score.retired);
    return leadingSide(score);
  },
  standings: null,
};
