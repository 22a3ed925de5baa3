/**
 * Tennis rules a match's record must obey, whoever produced it (the generator's stored events,
 * the simulator's flow): best of three or five with the winner on ⌈best_of / 2⌉ sets; every set a
 * legal score (6-0 … 6-4, 7-5, or 7-6 with a tie-break won by two from 7, or from 10 in a Grand
 * Slam's deciding set); and the games consistent with serve alternating: a player's games are his
 * holds plus his breaks, so a 6-4 or 7-5 set needs a break by its winner, and each set's first
 * server follows from the set before.
 */
import assert from "node:assert/strict";

type Side = "home" | "away";
type Pair = { home: number; away: number };

/** A match event as both sources have it: type, side, set (period) and detail. */
export interface TennisEvent {
  type: string;
  side: Side | null;
  period: string | null;
  detail?: Record<string, unknown>;
}

export interface TennisFormat {
  bestOf: number;
  grandSlam: boolean;
}

const other = (side: Side): Side => (side === "home" ? "away" : "home");
const pair = (value: unknown): Pair => value as Pair;

/** The completed sets (games, tie-break) and the games of a set a retirement cut short. */
function setsOf(events: readonly TennisEvent[]) {
  const sets = events
    .filter((e) => e.type === "set_end")
    .map((e) => ({
      period: e.period,
      winner: e.side as Side,
      games: pair(e.detail?.games),
      tiebreak: e.detail?.tiebreak === undefined ? null : pair(e.detail.tiebreak),
    }));
  const retirement = events.find((e) => e.type === "retirement");
  return { sets, retirement };
}

/** Sets won to ⌈best_of / 2⌉, each set a legal score, as `label` names the match. */
export function assertLegalMatch(
  events: readonly TennisEvent[],
  format: TennisFormat,
  label: string,
): void {
  const { sets, retirement } = setsOf(events);
  const need = Math.ceil(format.bestOf / 2);
  const won = { home: 0, away: 0 };
  sets.forEach((set, i) => {
    const { games, tiebreak, winner } = set;
    const [w, l] = [games[winner], games[other(winner)]];
    assert.equal(set.period, `set_${i + 1}`, `${label}: set ${i + 1} period`);
    const legal = (w === 6 && l <= 4) || (w === 7 && l === 5) || (w === 7 && l === 6);
    assert.ok(legal, `${label}: set ${i + 1} is ${w}-${l}`);
    assert.equal(tiebreak !== null, w === 7 && l === 6, `${label}: set ${i + 1} tie-break`);
    if (tiebreak !== null) {
      const deciding = i + 1 === format.bestOf;
      const target = deciding && format.grandSlam ? 10 : 7;
      const [tw, tl] = [tiebreak[winner], tiebreak[other(winner)]];
      assert.ok(tw >= target && tw - tl >= 2, `${label}: tie-break ${tw}-${tl} to ${target}`);
      assert.ok(tw === target || tw - tl === 2, `${label}: tie-break ${tw}-${tl} went on`);
    }
    won[winner]++;
    assert.ok(Math.max(won.home, won.away) <= need, `${label}: a set after the match was won`);
  });
  assert.ok(sets.length <= format.bestOf, `${label}: ${sets.length} sets of ${format.bestOf}`);
  if (retirement === undefined) {
    assert.equal(Math.max(won.home, won.away), need, `${label}: the winner's sets`);
    assert.ok(Math.min(won.home, won.away) < need, `${label}: the loser's sets`);
  } else {
    assert.ok(Math.max(won.home, won.away) < need, `${label}: a retirement after the match`);
    assert.equal(events.at(-1), retirement, `${label}: events after the retirement`);
  }
}

/** Breaks of serve by side in each set, and every break's running games in order. */
function breaksBySet(events: readonly TennisEvent[], label: string): Map<string, Pair> {
  const breaks = new Map<string, Pair>();
  const running = new Map<string, Pair>();
  for (const e of events) {
    if (e.type !== "break_of_serve" || e.period === null || e.side === null) continue;
    const count = breaks.get(e.period) ?? { home: 0, away: 0 };
    count[e.side]++;
    breaks.set(e.period, count);
    const games = pair(e.detail?.games);
    const before = running.get(e.period) ?? { home: 0, away: 0 };
    assert.ok(games[e.side] > before[e.side], `${label}: a break without a game won`);
    assert.ok(games[other(e.side)] >= before[other(e.side)], `${label}: games went back`);
    running.set(e.period, games);
  }
  return breaks;
}

/**
 * The games agree with serve alternating for one of the two first servers: in each set each
 * player's games are the games he served less those broken, plus his breaks; the next set opens
 * with the player who did not serve its last game (a tie-break counts as the 13th game).
 */
export function assertServeConsistent(events: readonly TennisEvent[], label: string): void {
  const { sets, retirement } = setsOf(events);
  const breaks = breaksBySet(events, label);
  const played = sets.map((s) => ({
    period: s.period ?? "",
    games: s.games,
    tiebreak: s.tiebreak,
  }));
  if (retirement?.detail?.games !== undefined) {
    const games = pair(retirement.detail.games);
    played.push({ period: retirement.period ?? "", games, tiebreak: null });
  }
  const fits = (first: Side): boolean => {
    let server = first;
    for (const set of played) {
      const count = set.tiebreak === null ? set.games.home + set.games.away : 12;
      const served = {
        [server]: Math.ceil(count / 2),
        [other(server)]: Math.floor(count / 2),
      } as Pair;
      const broke = breaks.get(set.period) ?? { home: 0, away: 0 };
      for (const side of ["home", "away"] as const) {
        const tiebreakGame = set.tiebreak !== null && set.games[side] === 7 ? 1 : 0;
        const games = served[side] - broke[other(side)] + broke[side] + tiebreakGame;
        if (games !== set.games[side]) return false;
      }
      server = set.tiebreak !== null || count % 2 === 1 ? other(server) : server;
    }
    return true;
  };
  assert.ok(fits("home") || fits("away"), `${label}: games and breaks do not fit serve`);
}
