/**
 * Golf flow: the sample generator's tournament (four rounds from the golfers' ratings, the cut
 * after two, a playoff for a shared lead) played hole by hole. Golfers go out in threes (twos at
 * the weekend, leaders last) from 7 am; each round is a period closed by the generator's
 * `round_end`. Eagles and holes in one are always events, birdies and bogeys only for the
 * leaders; the leaderboard comes with every event and every half hour of play, and the last one
 * is the generator's final leaderboard. Live entries show holes played in `thru` (1–17).
 */
import type { Rng } from "../../sample/rng.js";
import {
  type GolfEntry,
  type Leaderboard,
  PLAYOFF_END_MINUTE,
  playTournament,
  roundEndMinute,
  tournamentEvents,
  tournamentResult,
} from "../../sample/sports/golf.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { coursePars, holeStrokes } from "./golf-holes.js";
import { flowEvent, Timeline } from "./timeline.js";

const DAY_MINUTES = 1440;
const HOLE_MINUTES = 14.5;
/** Minutes between groups' tee times, less when a big field would not be in by evening. */
const GROUP_GAP = 10;
/** Minutes after the first tee time by which the last group should be in (before 6 pm). */
const LAST_IN = 620;
const SNAPSHOT_MINUTES = 30;
/** Birdies and bogeys are events for golfers this high on the leaderboard (before or after). */
const NOTABLE = 5;
const ROUNDS = 4;

/** A leaderboard row while play goes on: `thru` counts the holes of the current round. */
type LiveGolfEntry = Omit<GolfEntry, "thru"> & { thru: GolfEntry["thru"] | number };

interface Golfer {
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

export function golfFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  const field = (fixture.participants ?? []).flatMap((p) => golferOf(p, fixture.ratings));
  if (field.length === 0) throw new Error("golf flow needs participants");
  const par = typeof fixture.rules.par === "number" ? fixture.rules.par : rng.chance(0.7) ? 72 : 71;
  const board = playTournament(rng, field, par);
  const finals = new Map(board.entries.map((entry) => [entry.player_id, entry]));
  const golfers: Golfer[] = field.flatMap((g, index) => {
    const final = finals.get(g.playerId);
    return final === undefined
      ? []
      : [{ final, index, coursePar: par, rounds: [], strokes: 0, par: 0, thru: null }];
  });
  const timeline = new Timeline("golf");
  const roundEnds = tournamentEvents(board);
  for (let round = 1; round <= ROUNDS; round++) {
    playRound(rng, timeline, golfers, coursePars(par), round);
    const end = roundEnds[round - 1];
    const last = round === ROUNDS && !board.playoff;
    const participants = last ? board.entries : leaderboard(golfers, round);
    if (end !== undefined) {
      const event = flowEvent(end.type, null, { playerId: end.playerId, detail: end.detail ?? {} });
      timeline.add(roundEndMinute(round), `round_${round}`, event, participants);
    }
  }
  if (board.playoff) playoff(rng, timeline, board, coursePars(par));
  const { winner_player_id, decided_by, text } = tournamentResult(board);
  return {
    sport: "golf",
    steps: timeline.steps,
    decidedBy: decided_by,
    result: { winner_player_id, text },
  };
}

/** A stored participant as the generator's golfer; nothing for rows without a player id. */
function golferOf(participant: unknown, ratings: FlowFixture["ratings"]) {
  if (typeof participant !== "object" || participant === null) return [];
  const row = participant as Record<string, unknown>;
  if (typeof row.player_id !== "string") return [];
  const name = typeof row.name === "string" ? row.name : "";
  const nationality = typeof row.country === "string" ? row.country : "";
  const rating = ratings?.[row.player_id] ?? 0;
  return [{ playerId: row.player_id, teamId: "", name, nationality, rating }];
}

interface Hole {
  minute: number;
  golfer: Golfer;
  hole: number;
  strokes: number;
}

/** One round: tee times, then every hole in time order, with events and leaderboards. */
function playRound(
  rng: Rng,
  timeline: Timeline,
  golfers: readonly Golfer[],
  pars: readonly number[],
  round: number,
): void {
  const period = `round_${round}`;
  const day = (round - 1) * DAY_MINUTES;
  const out = golfers.filter((g) => g.final.rounds.length >= round);
  // Thursday and Friday in a random draw; at the weekend the leaders go out last.
  const order = round <= 2 ? rng.shuffle(out) : [...out].sort((a, b) => standing(b) - standing(a));
  const groupSize = round <= 2 ? 3 : 2;
  const groups = Math.ceil(order.length / groupSize);
  const roundMinutes = pars.length * HOLE_MINUTES;
  const gap = Math.max(1, Math.min(GROUP_GAP, Math.floor((LAST_IN - roundMinutes) / groups)));
  const holes: Hole[] = order.flatMap((golfer, i) => {
    golfer.thru = null;
    const tee = day + Math.floor(i / groupSize) * gap;
    const strokes = holeStrokes(rng, pars, golfer.final.rounds[round - 1] ?? 0);
    return strokes.map((s, hole) => ({
      minute: tee + Math.round((hole + 1) * HOLE_MINUTES),
      golfer,
      hole,
      strokes: s,
    }));
  });
  holes.sort((a, b) => a.minute - b.minute);
  timeline.add(day, period, flowEvent("period_start", null));
  let nextSnapshot = day + SNAPSHOT_MINUTES;
  let changed = false;
  for (const hole of holes) {
    for (; hole.minute >= nextSnapshot; nextSnapshot += SNAPSHOT_MINUTES) {
      if (changed) timeline.add(nextSnapshot, period, undefined, leaderboard(golfers, round - 1));
      changed = false;
    }
    const holePar = pars[hole.hole] ?? 4;
    const kind = scoreKind(hole.strokes, holePar);
    const before = kind === "birdie" || kind === "bogey" ? rankOf(golfers, hole.golfer, round) : 0;
    play(hole.golfer, hole.strokes, holePar);
    changed = true;
    if (kind === null) continue;
    const after = leaderboard(golfers, round - 1);
    const rank = after.findIndex((entry) => entry.player_id === hole.golfer.final.player_id);
    if ((kind === "birdie" || kind === "bogey") && Math.min(before, rank) >= NOTABLE) continue;
    const detail = { round, hole: hole.hole + 1, par: holePar, strokes: hole.strokes };
    const event = flowEvent(kind, null, { playerId: hole.golfer.final.player_id, detail });
    timeline.add(hole.minute, period, event, after);
    changed = false;
  }
  // The round's last leaderboard comes with its `round_end`.
}

function scoreKind(strokes: number, par: number): string | null {
  if (strokes === 1) return "hole_in_one";
  if (strokes <= par - 2) return "eagle";
  if (strokes === par - 1) return "birdie";
  if (strokes > par) return "bogey";
  return null;
}

function play(golfer: Golfer, strokes: number, par: number): void {
  golfer.strokes += strokes;
  golfer.par += par;
  golfer.thru = (golfer.thru ?? 0) + 1;
  if (golfer.thru < 18) return;
  golfer.rounds.push(golfer.strokes);
  golfer.strokes = 0;
  golfer.par = 0;
}

/** Strokes over par so far, for the weekend's tee times (lower is better). */
function standing(golfer: Golfer): number {
  return toPar(golfer) ?? Number.POSITIVE_INFINITY;
}

function toPar(golfer: Golfer): number | null {
  if (golfer.rounds.length === 0 && golfer.thru === null) return null;
  return total(golfer) - golfer.coursePar * golfer.rounds.length - golfer.par;
}

function total(golfer: Golfer): number {
  return golfer.rounds.reduce((sum, r) => sum + r, 0) + golfer.strokes;
}

function rankOf(golfers: readonly Golfer[], golfer: Golfer, round: number): number {
  const board = leaderboard(golfers, round - 1);
  return board.findIndex((entry) => entry.player_id === golfer.final.player_id);
}

/** The live leaderboard after `completed` rounds: the field by score, then the cut, withdrawals. */
function leaderboard(golfers: readonly Golfer[], completed: number): LiveGolfEntry[] {
  const statusOf = (g: Golfer): GolfEntry["status"] => {
    if (g.final.status === "withdrawn" && completed >= 1) return "withdrawn";
    if (g.final.status === "cut" && completed >= 2) return "cut";
    return "active";
  };
  const rows = golfers.map((g) => ({ g, status: statusOf(g), toPar: toPar(g) }));
  const ranked = rows.filter((r) => r.status === "active" && r.toPar !== null);
  const bestFirst = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    (a.toPar ?? 0) - (b.toPar ?? 0) || (b.g.thru ?? 0) - (a.g.thru ?? 0) || a.g.index - b.g.index;
  ranked.sort(bestFirst);
  const waiting = rows.filter((r) => r.status === "active" && r.toPar === null);
  const cut = rows.filter((r) => r.status === "cut").sort(bestFirst);
  const withdrawn = rows.filter((r) => r.status === "withdrawn");
  return [...ranked, ...waiting, ...cut, ...withdrawn].map(({ g, status, toPar: score }) => {
    const ahead = ranked.filter((r) => score !== null && (r.toPar ?? 0) < score).length;
    const level = ranked.filter((r) => score !== null && r.toPar === score).length;
    const position = status === "active" && score !== null ? ahead + 1 : null;
    const label = status === "cut" ? "CUT" : status === "withdrawn" ? "WD" : null;
    const thru = g.thru === null ? null : g.thru >= 18 ? "F" : g.thru;
    return {
      ...g.final,
      position,
      position_text: position === null ? label : `${level > 1 ? "T" : ""}${position}`,
      score_to_par: score,
      total_strokes: score === null ? null : total(g),
      thru,
      rounds: [...g.rounds],
      status,
    };
  });
}

/** Extra holes on the 18th until the champion makes a birdie the others cannot match. */
function playoff(rng: Rng, timeline: Timeline, board: Leaderboard, pars: readonly number[]): void {
  const start = roundEndMinute(ROUNDS) + 5;
  const champion = board.entries[0];
  const par = pars.at(-1) ?? 4;
  timeline.add(start, "playoff", flowEvent("period_start", null));
  const holes = rng.int(1, 3);
  const detail = { playoff_hole: holes, hole: pars.length, par, strokes: par - 1 };
  const event = flowEvent("birdie", null, { playerId: champion?.player_id ?? null, detail });
  timeline.add(start + 10 * holes, "playoff", event);
  timeline.add(PLAYOFF_END_MINUTE, "playoff", flowEvent("period_end", null), board.entries);
}
