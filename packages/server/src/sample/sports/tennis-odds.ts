/**
 * Tennis prices from the same point model the matches are played with (`tennis-serve.ts`): the
 * exact distribution of (winner, total games, home − away games) over games and tie-breaks,
 * serve alternating, the first server a coin toss. Retirements are left out.
 */
import { otherSide } from "../../sports/module-parts.js";
import type { Side } from "../../sports/types.js";
import type { MarketQuote } from "../odds-pricing.js";
import { twoWay } from "./individual-sports.js";
import { type Court, holdChance, serveModel, tiebreakChance } from "./tennis-serve.js";

interface SetOutcome {
  p: number;
  home: number;
  away: number;
  /** Who serves first in the next set. */
  nextServer: Side;
}

/** How a set that `first` opens can end, and how likely each score is. */
function setOutcomes(point: Record<Side, number>, first: Side, tiebreakTo: number): SetOutcome[] {
  const hold = { home: holdChance(point.home), away: holdChance(point.away) };
  const done: SetOutcome[] = [];
  let open = new Map([["0|0", 1]]);
  for (let played = 0; open.size > 0; played++) {
    const server = played % 2 === 0 ? first : otherSide(first);
    const nextServer = otherSide(server);
    const next = new Map<string, number>();
    for (const [key, p] of open) {
      const [h, a] = key.split("|").map(Number) as [number, number];
      if (h === 6 && a === 6) {
        const tiebreak = tiebreakChance(point, server, tiebreakTo);
        done.push({ p: p * tiebreak, home: 7, away: 6, nextServer });
        done.push({ p: p * (1 - tiebreak), home: 6, away: 7, nextServer });
        continue;
      }
      const homeWins = server === "home" ? hold.home : 1 - hold.away;
      const moves: Array<[number, number, number]> = [
        [h + 1, a, homeWins],
        [h, a + 1, 1 - homeWins],
      ];
      for (const [nh, na, q] of moves) {
        if (Math.max(nh, na) >= 6 && Math.abs(nh - na) >= 2) {
          done.push({ p: p * q, home: nh, away: na, nextServer });
        } else next.set(`${nh}|${na}`, (next.get(`${nh}|${na}`) ?? 0) + p * q);
      }
    }
    open = next;
  }
  return done;
}

type Outcome = { p: number; homeWins: boolean; total: number; diff: number };

/** The match's outcomes, set by set from either first server. */
function matchDistribution(
  point: Record<Side, number>,
  bestOf: number,
  grandSlam: boolean,
): Outcome[] {
  const need = (bestOf + 1) / 2;
  const sets = new Map<string, SetOutcome[]>();
  const outcomesOf = (first: Side, tiebreakTo: number) => {
    const key = `${first}|${tiebreakTo}`;
    const known = sets.get(key) ?? setOutcomes(point, first, tiebreakTo);
    sets.set(key, known);
    return known;
  };
  const done: Outcome[] = [];
  // State: sets won by each, total games, home − away games, next first server.
  let open = new Map<string, number>([
    ["0|0|0|0|home", 0.5],
    ["0|0|0|0|away", 0.5],
  ]);
  while (open.size > 0) {
    const next = new Map<string, number>();
    for (const [key, p] of open) {
      const [h, a, total, diff, first] = key.split("|") as [string, string, string, string, Side];
      const [sh, sa] = [Number(h), Number(a)];
      const tiebreakTo = sh + sa + 1 === bestOf && grandSlam ? 10 : 7;
      for (const set of outcomesOf(first, tiebreakTo)) {
        const q = p * set.p;
        const [nh, na] = set.home > set.away ? [sh + 1, sa] : [sh, sa + 1];
        const games = Number(total) + set.home + set.away;
        const margin = Number(diff) + set.home - set.away;
        if (nh === need || na === need) {
          done.push({ p: q, homeWins: nh === need, total: games, diff: margin });
        } else {
          const state = `${nh}|${na}|${games}|${margin}|${set.nextServer}`;
          next.set(state, (next.get(state) ?? 0) + q);
        }
      }
    }
    open = next;
  }
  return done;
}

/** The x.5 line that splits the distribution most evenly, and P(value > line). */
function evenLine(dist: readonly Outcome[], value: (o: Outcome) => number): [number, number] {
  const chance = new Map<number, number>();
  for (const d of dist) chance.set(value(d), (chance.get(value(d)) ?? 0) + d.p);
  const values = [...chance.keys()].sort((a, b) => a - b);
  let over = 1;
  let best: [number, number] = [0.5, 0];
  // Sweep the lines upwards: P(value > v + 0.5) drops by the chance of v at each step.
  for (const v of values) {
    over -= chance.get(v) ?? 0;
    if (Math.abs(over - 0.5) < Math.abs(best[1] - 0.5)) best = [v + 0.5, over];
  }
  return best;
}

/** Moneyline, total games and games handicap for a match between players rated `home`/`away`. */
export function tennisQuotes(
  ratings: { home: number; away: number },
  format: { bestOf: number; court: Court; grandSlam: boolean },
): MarketQuote[] {
  const { point } = serveModel(ratings.home, ratings.away, format.court);
  const dist = matchDistribution(point, format.bestOf, format.grandSlam);
  const pHome = dist.reduce((sum, d) => sum + (d.homeWins ? d.p : 0), 0);
  const [totalLine, over] = evenLine(dist, (d) => d.total);
  // Home covers a line of −x when it wins more than x games more than the opponent.
  const [diffLine, covers] = evenLine(dist, (d) => d.diff);
  return [
    { market: "moneyline", subject: "", line: null, selections: twoWay(pHome, "home", "away") },
    { market: "totals", subject: "", line: totalLine, selections: twoWay(over, "over", "under") },
    {
      market: "handicap",
      subject: "",
      line: -diffLine,
      selections: twoWay(covers, "home", "away"),
    },
  ];
}

/** The chance that `home` wins the match, for checks and calibration. */
export function matchWinChance(
  ratings: { home: number; away: number },
  format: { bestOf: number; court: Court; grandSlam: boolean },
): number {
  const { point } = serveModel(ratings.home, ratings.away, format.court);
  return matchDistribution(point, format.bestOf, format.grandSlam)
    .filter((d) => d.homeWins)
    .reduce((sum, d) => sum + d.p, 0);
}
