/**
 * A tennis match played point by point (the point model is `tennis-serve.ts`): games to four
 * points won by two, serve alternating by game; sets to six games won by two, a tie-break at
 * 6-6 (to 7, or to 10 in a Grand Slam's deciding set) whose first receiver serves the next set.
 * So every set score comes with the breaks that made it: a 6-4 or 7-5 set has a break by its
 * winner, a 7-6 set a tie-break. The script's events are what the generator stores and the
 * simulator replays: aces, double faults, each break of serve (the set's games after it), each
 * `set_end` and the odd `retirement`.
 */
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { Rng } from "../rng.js";
import type { ScriptedEvent } from "../team-sport-profile.js";
import { type Court, type ServeModel, serveModel, tiebreakServer } from "./tennis-serve.js";

/** A scripted tennis match: its events, winner and the sets as the result text shows them. */
export interface TennisScript {
  events: ScriptedEvent[];
  winner: Side;
  decidedBy: "regulation" | "retirement";
  /** Set scores from the winner's side: "6-4 3-6 7-6(5)", "6-4 2-1 ret.". */
  setsText: string;
}

interface SetScore {
  games: Record<Side, number>;
  tiebreak?: Record<Side, number>;
}

/** Share of matches that end in a retirement. */
const RETIREMENT = 0.02;
/** Seconds a point takes, serve to serve, and the rests at changeovers and between sets. */
const POINT_SECONDS: [number, number] = [28, 42];
const CHANGEOVER_SECONDS = 90;
const SET_BREAK_SECONDS = 120;

/** The match clock in seconds; events carry its whole minutes. */
class Clock {
  seconds = 0;
  constructor(private readonly rng: Rng) {}
  point(): void {
    this.seconds += this.rng.int(...POINT_SECONDS);
  }
  rest(seconds: number): void {
    this.seconds += seconds;
  }
  get minute(): number {
    return Math.floor(this.seconds / 60);
  }
}

/** What one set is played with: the model, the clock, where events go and the set's number. */
interface SetPlay {
  rng: Rng;
  model: ServeModel;
  clock: Clock;
  events: ScriptedEvent[];
  period: string;
}

/** One point on `server`'s serve, with its ace or double fault; true when the server wins it. */
function playPoint(play: SetPlay, server: Side): boolean {
  const { rng, model, clock, events, period } = play;
  clock.point();
  const won = rng.chance(model.point[server]);
  const ace = won && rng.chance(model.ace);
  const doubleFault = !won && rng.chance(model.doubleFault);
  const type = ace ? "ace" : doubleFault ? "double_fault" : null;
  if (type !== null) events.push({ type, period, minute: clock.minute, side: server });
  return won;
}

/** A game on `server`'s serve; returns its winner. */
function playGame(play: SetPlay, server: Side): Side {
  const points = { server: 0, receiver: 0 };
  for (;;) {
    if (playPoint(play, server)) points.server++;
    else points.receiver++;
    const lead = points.server - points.receiver;
    if (points.server >= 4 && lead >= 2) return server;
    if (points.receiver >= 4 && lead <= -2) return otherSide(server);
  }
}

function playTiebreak(play: SetPlay, first: Side, target: number): Record<Side, number> {
  const points = { home: 0, away: 0 };
  for (let n = 0; ; n++) {
    const server = tiebreakServer(first, n);
    points[playPoint(play, server) ? server : otherSide(server)]++;
    const top = Math.max(points.home, points.away);
    if (top >= target && Math.abs(points.home - points.away) >= 2) return points;
  }
}

/** A set's score, or its games so far when a retirement stopped it. */
interface SetResult extends SetScore {
  /** Who serves the next set's first game. */
  nextServer: Side;
  /** True when the set stopped at `stopAfter` games instead of ending. */
  stopped: boolean;
}

/** A set that `firstServer` opens; stopped after `stopAfter` games (a retirement) if still on. */
function playSet(
  play: SetPlay,
  firstServer: Side,
  tiebreakTo: number,
  stopAfter: number | null,
): SetResult {
  const games = { home: 0, away: 0 };
  let server = firstServer;
  for (;;) {
    const played = games.home + games.away;
    if (played === stopAfter) return { games, nextServer: server, stopped: true };
    if (games.home === 6 && games.away === 6) {
      const tiebreak = playTiebreak(play, server, tiebreakTo);
      const winner: Side = tiebreak.home > tiebreak.away ? "home" : "away";
      games[winner]++;
      return { games, tiebreak, nextServer: otherSide(server), stopped: false };
    }
    const winner = playGame(play, server);
    games[winner]++;
    if (winner !== server) {
      const detail = { games: { ...games } };
      play.events.push({
        type: "break_of_serve",
        period: play.period,
        minute: play.clock.minute,
        side: winner,
        detail,
      });
    }
    const lead = Math.abs(games.home - games.away);
    if (Math.max(games.home, games.away) >= 6 && lead >= 2) {
      return { games, nextServer: otherSide(server), stopped: false };
    }
    server = otherSide(server);
    // Players change ends after every odd game, resting except after a set's first game.
    const done = played + 1;
    if (done > 1 && done % 2 === 1) play.clock.rest(CHANGEOVER_SECONDS);
  }
}

/** When a retirement ends the match: in which set, after how many of its games. */
function retirementPlan(rng: Rng, bestOf: number): { set: number; games: number } | null {
  if (!rng.chance(RETIREMENT)) return null;
  return { set: rng.int(1, bestOf), games: rng.int(1, 10) };
}

/**
 * Plays a match between players rated `home` and `away` (around 0, sd ~1) on `court`, best of
 * `bestOf` sets; `grandSlam` plays the deciding set's tie-break to 10.
 */
export function playMatch(
  rng: Rng,
  ratings: { home: number; away: number },
  format: { bestOf: 3 | 5; court: Court; grandSlam: boolean },
): TennisScript {
  const model = serveModel(ratings.home, ratings.away, format.court);
  const need = (format.bestOf + 1) / 2;
  const retire = retirementPlan(rng, format.bestOf);
  const clock = new Clock(rng);
  const events: ScriptedEvent[] = [];
  const sets: SetScore[] = [];
  const won = { home: 0, away: 0 };
  let server: Side = rng.chance(0.5) ? "home" : "away";
  for (let n = 1; won.home < need && won.away < need; n++) {
    const play: SetPlay = { rng, model, clock, events, period: `set_${n}` };
    const deciding = n === format.bestOf;
    const tiebreakTo = deciding && format.grandSlam ? 10 : 7;
    // A retirement planned for a set the match got past happens as the next set begins.
    const stopAfter =
      retire === null ? null : n === retire.set ? retire.games : n > retire.set ? 0 : null;
    const set = playSet(play, server, tiebreakTo, stopAfter);
    if (set.stopped) return retirement(play, sets, set.games);
    const setWinner: Side = set.games.home > set.games.away ? "home" : "away";
    const score: SetScore = set.tiebreak
      ? { games: set.games, tiebreak: set.tiebreak }
      : { games: set.games };
    events.push({
      type: "set_end",
      period: play.period,
      minute: clock.minute,
      side: setWinner,
      detail: { ...score },
    });
    sets.push(score);
    won[setWinner]++;
    server = set.nextServer;
    clock.rest(SET_BREAK_SECONDS);
  }
  const winner: Side = won.home === need ? "home" : "away";
  return { events, winner, decidedBy: "regulation", setsText: setsText(sets, winner) };
}

/** A player retires `games` into the current set: the match ends, his opponent the winner. */
function retirement(
  play: SetPlay,
  sets: readonly SetScore[],
  games: Record<Side, number>,
): TennisScript {
  const retired: Side = play.rng.chance(0.5) ? "home" : "away";
  const { events, period } = play;
  const detail = { retired, games };
  events.push({ type: "retirement", period, minute: play.clock.minute, side: null, detail });
  const winner = otherSide(retired);
  const partial = games.home + games.away > 0 ? [{ games }] : [];
  const text = `${setsText([...sets, ...partial], winner)} ret.`.trim();
  return { events, winner, decidedBy: "retirement", setsText: text };
}

function setsText(sets: readonly SetScore[], winner: Side): string {
  const loser = otherSide(winner);
  const text = ({ games, tiebreak }: SetScore) =>
    `${games[winner]}-${games[loser]}${tiebreak ? `(${Math.min(tiebreak.home, tiebreak.away)})` : ""}`;
  return sets.map(text).join(" ");
}
