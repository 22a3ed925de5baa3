/**
 * The live golf leaderboard while a tournament is played hole by hole: each golfer's running
 * score, places with ties ("T4"), then those yet to tee off, the cut and withdrawals. Built by
 * one sort, so a full field of 156 can be ranked after every notable shot.
 */
import type { GolfEntry } from "../../sample/sports/golf.js";

const HOLES = 18;

/** A leaderboard row while play goes on: `thru` counts the holes of the current round. */
export type LiveGolfEntry = Omit<GolfEntry, "thru"> & { thru: GolfEntry["thru"] | number };

export interface LiveGolfer {
  /** The row on the final leaderboard (rounds to play, final status). */
  final: GolfEntry;
  /** Index in the stored field: the order among equals. */
  index: number;
  coursePar: number;
  rounds: number[];
  /** Strokes and par of the holes played in the current round. */
  strokes: number;
  par: number;
  thru: number | null;
}

interface Row {
  g: LiveGolfer;
  status: GolfEntry["status"];
  toPar: number | null;
}

/** Strokes to par so far; null before the first hole. */
function toPar(golfer: LiveGolfer): number | null {
  if (golfer.rounds.length === 0 && golfer.thru === null) return null;
  return total(golfer) - golfer.coursePar * golfer.rounds.length - golfer.par;
}

function total(golfer: LiveGolfer): number {
  return golfer.rounds.reduce((sum, r) => sum + r, 0) + golfer.strokes;
}

/** Strokes over par so far, for the weekend's tee times (lower is better). */
export function standing(golfer: LiveGolfer): number {
  return toPar(golfer) ?? Number.POSITIVE_INFINITY;
}

function rowOf(g: LiveGolfer, completed: number): Row {
  let status: GolfEntry["status"] = "active";
  if (g.final.status === "withdrawn" && completed >= 1) status = "withdrawn";
  if (g.final.status === "cut" && completed >= 2) status = "cut";
  return { g, status, toPar: toPar(g) };
}

const ranked = (row: Row) => row.status === "active" && row.toPar !== null;

/** Lower score first, then more holes played, then the stored order. */
function bestFirst(a: Row, b: Row): number {
  return (
    (a.toPar ?? 0) - (b.toPar ?? 0) || (b.g.thru ?? 0) - (a.g.thru ?? 0) || a.g.index - b.g.index
  );
}

/** The golfer's row index on the leaderboard after `completed` rounds (as `leaderboard` orders it). */
export function rankOf(
  golfers: readonly LiveGolfer[],
  golfer: LiveGolfer,
  completed: number,
): number {
  const rows = golfers.map((g) => rowOf(g, completed));
  const mine = rows.find((r) => r.g === golfer);
  const ahead = rows.filter(ranked);
  if (mine === undefined || !ranked(mine)) return ahead.length;
  return ahead.filter((r) => r !== mine && bestFirst(r, mine) < 0).length;
}

/** The live leaderboard after `completed` rounds: the field by score, then the cut, withdrawals. */
export function leaderboard(golfers: readonly LiveGolfer[], completed: number): LiveGolfEntry[] {
  const rows = golfers.map((g) => rowOf(g, completed));
  const field = rows.filter(ranked).sort(bestFirst);
  const waiting = rows.filter((r) => r.status === "active" && r.toPar === null);
  const cut = rows.filter((r) => r.status === "cut").sort(bestFirst);
  const withdrawn = rows.filter((r) => r.status === "withdrawn");
  // Places: a score shared by several golfers is the place of the first of them, tied.
  const places = new Map<number, { position: number; tied: boolean }>();
  field.forEach((row, i) => {
    const score = row.toPar ?? 0;
    const known = places.get(score);
    if (known === undefined) places.set(score, { position: i + 1, tied: false });
    else known.tied = true;
  });
  return [...field, ...waiting, ...cut, ...withdrawn].map(({ g, status, toPar: score }) => {
    const place = status === "active" && score !== null ? places.get(score) : undefined;
    const position = place?.position ?? null;
    const label = status === "cut" ? "CUT" : status === "withdrawn" ? "WD" : null;
    const thru = g.thru === null ? null : g.thru >= HOLES ? "F" : g.thru;
    return {
      ...g.final,
      position,
      position_text: place === undefined ? label : `${place.tied ? "T" : ""}${place.position}`,
      score_to_par: score,
      total_strokes: score === null ? null : total(g),
      thru,
      rounds: [...g.rounds],
      status,
    };
  });
}
