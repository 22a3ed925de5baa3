import {
  addToSide,
  headlineText,
  isSidePair,
  leadingSide,
  numberedPeriods,
  periodGraph,
  readList,
  readPair,
  readString,
  type SidePair,
  sequenceSuccessors,
} from "./module-parts.js";
import type { Score, ScoreEvent, Side, SportModule } from "./types.js";

/** One completed map: its name and the rounds each team won on it. */
interface MapScore extends SidePair {
  map: string;
}

function isMapScore(value: unknown): value is MapScore {
  return isSidePair(value) && typeof (value as { map?: unknown }).map === "string";
}

const PERIODS = numberedPeriods("map", 5);

function mapFrom(event: ScoreEvent): MapScore {
  return { map: readString(event.detail, "map") ?? "", ...readPair(event.detail, "rounds") };
}

function applyMapEnd(score: Score, event: ScoreEvent, winner: Side): Score {
  const maps = [...readList(score, "maps", isMapScore), mapFrom(event)];
  return { ...addToSide(score, winner, 1), maps };
}

function revertMapEnd(score: Score, event: ScoreEvent, winner: Side): Score {
  const maps = readList(score, "maps", isMapScore);
  const index = maps.findLastIndex((map) => map.map === mapFrom(event).map);
  if (index < 0) return { ...score };
  return { ...addToSide(score, winner, -1), maps: maps.toSpliced(index, 1) };
}

/** Esports score: maps won in `home`/`away`, and `maps` (rounds per completed map). */
export const esports: SportModule = {
  sport: "esports",
  name: "Esports",
  format: "head_to_head",
  periods: PERIODS,
  canEnterPeriod: periodGraph("map_1", sequenceSuccessors(PERIODS)),
  eventTypes: ["map_end", "round_end", "kill_streak", "period_start", "period_end"],
  scoringEventTypes: ["map_end"],
  decidedBy: ["regulation", "walkover"],
  emptyScore: () => ({ home: 0, away: 0, maps: [] }),
  applyEvent(score, event) {
    if (event.type !== "map_end" || event.team === null) return { ...score };
    return applyMapEnd(score, event, event.team);
  },
  revertEvent(score, event) {
    if (event.type !== "map_end" || event.team === null) return { ...score };
    return revertMapEnd(score, event, event.team);
  },
  scoreText: headlineText,
  outcome: leadingSide,
  standings: {
    rankBy: "points",
    points: { win: 3, draw: 1, loss: 0, no_result: 0 },
    drawCountsHalfInWinPct: true,
    drawsPossible: false,
    tieBreakers: ["head_to_head_points", "wins", "name"],
    formLength: 5,
  },
};
