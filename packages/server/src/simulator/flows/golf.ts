/**
 * Golf flow: the sample generator's tournament (four rounds from the golfers' ratings, the cut
 * after two by the competition's rule, a playoff for a shared lead) played hole by hole on the
 * generator's tee sheet: threes off two tees in two waves on Thursday and Friday, twos at the
 * weekend with the leaders last, from 7 am. Each round is a period closed by the generator's
 * `round_end` when the last group is in. Eagles and holes in one are always events, birdies and
 * bogeys only for the leaders; the leaderboard comes with every event and every half hour of
 * play, and the last one is the generator's final leaderboard. Live entries show holes played
 * in `thru` (1–17).
 */
import type { Rng } from "../../sample/rng.js";
import {
  CUT_TOP,
  type Leaderboard,
  playTournament,
  roundEndMinutes,
  tournamentEvents,
  tournamentResult,
} from "../../sample/sports/golf.js";
import { coursePars, holeStrokes } from "../../sample/sports/golf-holes.js";
import {
  dayStartMinute,
  holeOutMinute,
  holePlayed,
  playoffMinutes,
  roundDraw,
} from "../../sample/sports/golf-tee-times.js";
import type { FlowFixture, MatchFlow } from "../flow.js";
import { type LiveGolfer as Golfer, leaderboard, rankOf, standing } from "./golf-leaderboard.js";
import { flowEvent, Timeline } from "./timeline.js";

const HOLES = 18;
const SNAPSHOT_MINUTES = 30;
/** Birdies and bogeys are events for golfers this high on the leaderboard (before or after). */
const NOTABLE = 5;
const ROUNDS = 4;

export function golfFlow(rng: Rng, fixture: FlowFixture): MatchFlow {
  // In a stable order: the stored leaderboard is re-sorted as play goes on, and a simulator that
  // resumes a tournament after a restart must rebuild the same flow from it.
  const field = (fixture.participants ?? [])
    .flatMap((p) => golferOf(p, fixture.ratings))
    .sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  if (field.length === 0) throw new Error("golf flow needs participants");
  const par = typeof fixture.rules.par === "number" ? fixture.rules.par : rng.chance(0.7) ? 72 : 71;
  const board = playTournament(rng, field, par, cutTop(fixture.rules));
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
      timeline.add(end.minute ?? 0, `round_${round}`, event, participants);
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

/** The competition's cut (`rules.cut.top`: the top n and ties play the weekend), else the tour's. */
function cutTop(rules: FlowFixture["rules"]): number {
  const cut = rules.cut;
  if (typeof cut !== "object" || cut === null) return CUT_TOP;
  const top = (cut as Record<string, unknown>).top;
  return typeof top === "number" && top > 0 ? top : CUT_TOP;
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
  const day = dayStartMinute(round);
  const out = golfers.filter((g) => g.final.rounds.length >= round);
  // Thursday and Friday in a random draw; at the weekend the leaders go out last.
  const order = round <= 2 ? rng.shuffle(out) : [...out].sort((a, b) => standing(b) - standing(a));
  const draw = roundDraw(order.length, round);
  const holes: Hole[] = order.flatMap((golfer, i) => {
    golfer.thru = null;
    const tee = draw.groups[Math.floor(i / draw.groupSize)] ?? { minute: 0, firstHole: 1 };
    const strokes = holeStrokes(rng, pars, golfer.final.rounds[round - 1] ?? 0);
    return Array.from({ length: HOLES }, (_, k) => {
      const hole = holePlayed(tee.firstHole, k + 1);
      const minute = day + holeOutMinute(draw, tee, k + 1);
      return { minute, golfer, hole, strokes: strokes[hole] ?? pars[hole] ?? 4 };
    });
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
    const minor = kind === "birdie" || kind === "bogey";
    const before = minor ? rankOf(golfers, hole.golfer, round - 1) : 0;
    play(hole.golfer, hole.strokes, holePar);
    changed = true;
    if (kind === null) continue;
    if (minor && Math.min(before, rankOf(golfers, hole.golfer, round - 1)) >= NOTABLE) continue;
    const detail = { round, hole: hole.hole + 1, par: holePar, strokes: hole.strokes };
    const event = flowEvent(kind, null, { playerId: hole.golfer.final.player_id, detail });
    timeline.add(hole.minute, period, event, leaderboard(golfers, round - 1));
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

/** Extra holes on the 18th until the champion makes a birdie the others cannot match. */
function playoff(rng: Rng, timeline: Timeline, board: Leaderboard, pars: readonly number[]): void {
  const { start, end } = playoffMinutes(roundEndMinutes(board).at(-1) ?? 0);
  const champion = board.entries[0];
  const par = pars.at(-1) ?? 4;
  timeline.add(start, "playoff", flowEvent("period_start", null));
  const holes = rng.int(1, 3);
  const detail = { playoff_hole: holes, hole: pars.length, par, strokes: par - 1 };
  const event = flowEvent("birdie", null, { playerId: champion?.player_id ?? null, detail });
  timeline.add(start + 10 * holes, "playoff", event);
  timeline.add(end, "playoff", flowEvent("period_end", null), board.entries);
}
