/**
 * In-play odds follow the match (issue 18): replayed matches of every priced sport, priced the
 * way the simulator drives it at its most eager (after every step and every match minute), show
 *
 * - no noise: the same score at the same moment quotes the same prices, a repeat call sends none;
 * - prices move only right after a score change, or once a twelfth of the match for the clock;
 * - a score moves prices its way (a goal for home shortens home), late goals more than early;
 * - `odds.moved` (at the default 5 % threshold) per bookmaker line per match is at most
 *   MAX_REQUOTES = 25: the opening quote and, per twelfth of the match, one requote for the
 *   score and one for the clock (measured: about 6–14 on average, by sport);
 * - the best prices across books never form an arbitrage, at any moment.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { bestImpliedSum } from "../../src/odds/no-arbitrage.js";
import { Rng } from "../../src/sample/rng.js";
import { cricketMargin } from "../../src/simulator/cricket-odds.js";
import { type LiveLine, liveLinesFrom, liveOddsMessages } from "../../src/simulator/match-odds.js";
import { MAX_REQUOTES, slotOf } from "../../src/simulator/requote.js";
import type { Score, Sport } from "../../src/sports/types.js";
import { PRICED_SPORTS, prematchRows, type Replay, replayMatch } from "./odds-replay.js";

const SEEDS = ["a", "b", "c", "d", "e", "f"];
const STRENGTHS = [-1.6, -0.4, 0, 0.8, 2];

const replays: Replay[] = PRICED_SPORTS.flatMap((sport) =>
  SEEDS.map((seed, i) => replayMatch(sport, seed, STRENGTHS[i % STRENGTHS.length] ?? 0)),
);

type Quote = Array<{ bookmaker: string; prices: Record<string, number> }>;

/** Every book's fresh quote (no memory of earlier quotes) for a score at a moment. */
function freshQuote(sport: Sport, lines: readonly LiveLine[], score: Score, left: number): Quote {
  const fresh = lines.map((line) => ({ ...line, quoted: null }));
  const lead = score.home - score.away;
  return liveOddsMessages(sport, fresh, lead, left, new Rng("unused"), score) as Quote;
}

const marginOf = (sport: Sport, score: Score) =>
  sport === "cricket" ? cricketMargin(score) : score.home - score.away;
const linesFor = (sport: Sport, strength: number) =>
  liveLinesFrom(sport, prematchRows(sport, strength, new Rng(`lines:${sport}:${strength}`)));

describe("in-play odds follow the match", () => {
  test("no noise: the same score at the same moment gives the same prices; a repeat sends none", () => {
    for (const sport of PRICED_SPORTS) {
      const score = { home: 1, away: 0 };
      const lines = linesFor(sport, 0.5);
      const first = liveOddsMessages(sport, lines, 1, 0.5, new Rng(1), score);
      assert.equal(first.length, lines.length, `${sport}: the market opens on every line`);
      const again = liveOddsMessages(sport, linesFor(sport, 0.5), 1, 0.5, new Rng(2), score);
      assert.deepEqual(again, first, `${sport}: same state, same prices`);
      assert.deepEqual(liveOddsMessages(sport, lines, 1, 0.5, new Rng(3), score), [], sport);
    }
  });

  test("prices move only after a score change, or once a twelfth of the match for the clock", () => {
    for (const replay of replays) {
      const perSlot = new Map<number, { clock: number; all: number }>();
      for (const call of replay.calls.slice(1)) {
        if (call.messages.length === 0) continue;
        const slot = slotOf(call.left);
        const count = perSlot.get(slot) ?? { clock: 0, all: 0 };
        count.all++;
        if (!call.scoreChanged) count.clock++;
        perSlot.set(slot, count);
      }
      for (const [slot, count] of perSlot) {
        const what = `${replay.sport} slot ${slot}: ${JSON.stringify(count)}`;
        assert.ok(count.clock <= 1, `${what}: one clock requote a slot at most`);
        assert.ok(count.all <= 2, `${what}: one for the score and one for the clock at most`);
      }
    }
  });

  test("a score moves prices its way: more for home shortens home and lengthens away", () => {
    let strict = 0;
    for (const sport of PRICED_SPORTS) {
      const replay = replayMatch(sport, "direction", 0.3);
      const lines = linesFor(sport, 0.3);
      for (const [i, call] of replay.calls.entries()) {
        const before = replay.calls[i - 1];
        if (!call.scoreChanged || before === undefined) continue;
        const change = marginOf(sport, call.score) - marginOf(sport, before.score);
        if (change === 0) continue;
        const was = freshQuote(sport, lines, before.score, call.left);
        const now = freshQuote(sport, lines, call.score, call.left);
        for (const [b, quote] of now.entries()) {
          const old = was[b]?.prices ?? {};
          const [gainer, loser] = change > 0 ? ["home", "away"] : ["away", "home"];
          const what = `${sport} minute ${call.minute} ${quote.bookmaker}`;
          assert.ok((quote.prices[gainer] ?? 0) <= (old[gainer] ?? 0), `${what} ${gainer}`);
          assert.ok((quote.prices[loser] ?? 0) >= (old[loser] ?? 0), `${what} ${loser}`);
          if ((quote.prices[gainer] ?? 0) < (old[gainer] ?? 0)) strict++;
        }
      }
    }
    assert.ok(strict > 100, `scores moved prices (${strict} strict moves)`);
  });

  test("football: a goal's requote shortens the scorer, and a late goal moves more than an early one", () => {
    let goals = 0;
    for (const replay of replays.filter((r) => r.sport === "football")) {
      for (const [i, call] of replay.calls.entries()) {
        const before = replay.calls[i - 1];
        if (before === undefined || call.messages.length === 0) continue;
        const change = marginOf("football", call.score) - marginOf("football", before.score);
        if (change === 0) continue;
        const scorer = change > 0 ? "home" : "away";
        for (const message of call.messages) {
          const old = before.held.get(message.bookmaker)?.[scorer] ?? 0;
          assert.ok((message.prices[scorer] ?? 0) < old, `${message.bookmaker} ${scorer}`);
        }
        goals++;
      }
    }
    assert.ok(goals >= 10, `${goals} goals requoted`);
    const lines = linesFor("football", 0);
    const move = (left: number) => {
      const level = freshQuote("football", lines, { home: 0, away: 0 }, left)[0]?.prices ?? {};
      const ahead = freshQuote("football", lines, { home: 1, away: 0 }, left)[0]?.prices ?? {};
      return Math.log((level.home ?? 1) / (ahead.home ?? 1));
    };
    assert.ok(move(0.1) > move(0.5) && move(0.5) > move(0.9) && move(0.9) > 0);
  });

  test(`odds.moved per bookmaker line per match ≤ ${MAX_REQUOTES}, in every sport`, () => {
    for (const replay of replays) {
      const most = Math.max(...replay.movesPerLine.values());
      assert.ok(most <= MAX_REQUOTES, `${replay.sport}: ${most} odds.moved on one line`);
      const requotes = replay.calls.filter((call) => call.messages.length > 0).length;
      assert.ok(requotes <= MAX_REQUOTES, `${replay.sport}: ${requotes} requotes`);
    }
    // Prices do move with the match: every sport fires some odds.moved.
    for (const sport of PRICED_SPORTS) {
      const moved = replays
        .filter((r) => r.sport === sport)
        .reduce((sum, r) => sum + [...r.movesPerLine.values()].reduce((a, b) => a + b, 0), 0);
      assert.ok(moved > 0, `${sport}: no odds.moved at all`);
    }
  });

  test("a simulator taking a match over reads the edge from the opening prices, not in-play ones", () => {
    const rows = prematchRows("football", 0.6, new Rng("takeover"));
    const kickOff = liveLinesFrom("football", rows);
    // In play the home side scored: its price is short now, but the edge must not count it twice.
    const inPlay = rows.map((row) => ({
      ...row,
      price: row.selection === "home" ? 1.25 : row.price * 3,
      opening_price: row.price,
      is_live: 1,
    }));
    const takenOver = liveLinesFrom("football", inPlay);
    assert.deepEqual(
      takenOver.map((line) => line.edge),
      kickOff.map((line) => line.edge),
    );
  });

  test("cricket: runs shorten the batting side, a wicket lengthens it, par after an innings", () => {
    const batting = (runs: number, wickets: number, overs: string): Score => ({
      home: runs,
      away: 0,
      innings: [{ team: "home", runs, wickets, overs, in_progress: true }],
    });
    assert.equal(cricketMargin({ home: 0, away: 0, innings: [] }), 0);
    assert.ok(cricketMargin(batting(70, 1, "8.0")) > cricketMargin(batting(60, 1, "8.0")));
    assert.ok(cricketMargin(batting(60, 1, "8.0")) > cricketMargin(batting(60, 3, "8.0")));
    // 60 for none after six overs is ahead of par; 60 for six behind it.
    assert.ok(cricketMargin(batting(60, 0, "6.0")) > 0);
    assert.ok(cricketMargin(batting(60, 6, "6.0")) < 0);
    // A completed 140 is below par with the chase to come; the old fold (no innings in progress).
    const posted = {
      home: 140,
      away: 0,
      innings: [{ team: "home", runs: 140, wickets: 9, overs: "20.0" }],
    };
    assert.ok(cricketMargin(posted) < 0 && cricketMargin(posted) > -40);
  });

  test("the best prices across books never form an arbitrage, at any moment of a match", () => {
    for (const replay of replays) {
      for (const call of replay.calls) {
        const sum = bestImpliedSum([...call.held.values()]);
        assert.ok(sum >= 1 - 1e-9, `${replay.sport} minute ${call.minute}: ${sum}`);
      }
    }
  });

  test("property: in-play quotes of any state leave no arbitrage across books", () => {
    const state = fc.record({
      sport: fc.constantFrom(...PRICED_SPORTS),
      strength: fc.double({ min: -4, max: 4, noNaN: true }),
      lead: fc.integer({ min: -40, max: 40 }),
      left: fc.double({ min: 0, max: 1, noNaN: true }),
      runs: fc.integer({ min: 0, max: 260 }),
      wickets: fc.integer({ min: 0, max: 10 }),
      balls: fc.integer({ min: 0, max: 120 }),
    });
    fc.assert(
      fc.property(state, ({ sport, strength, lead, left, runs, wickets, balls }) => {
        const score: Score =
          sport === "cricket"
            ? {
                home: runs,
                away: 0,
                innings: [
                  { team: "home", runs, wickets, overs: `${Math.floor(balls / 6)}.${balls % 6}` },
                ],
              }
            : { home: Math.max(0, lead), away: Math.max(0, -lead) };
        const quote = freshQuote(sport, linesFor(sport, strength), score, left);
        const sum = bestImpliedSum(quote.map((q) => q.prices));
        return (
          sum >= 1 - 1e-9 && quote.every((q) => Object.values(q.prices).every((p) => p >= 1.01))
        );
      }),
      { seed: 42, numRuns: 400 },
    );
  });
});
