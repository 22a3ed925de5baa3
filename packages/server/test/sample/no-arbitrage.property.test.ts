/**
 * Pre-match prices leave no cross-book arbitrage (issue 18): for every market of every fixture,
 * the best price of each selection across all bookmakers implies chances summing to at least 1,
 * for the current and the opening prices alike. Checked on the pricing itself over random
 * markets (extreme chances included) and on generated sample data over seeds. In-play prices
 * are checked in test/simulator/odds-follow-match.test.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  bestImpliedSum,
  fairCeilings,
  MAX_QUOTABLE_CHANCE,
  quotableChances,
} from "../../src/odds/no-arbitrage.js";
import { GenContext } from "../../src/sample/context.js";
import { quote } from "../../src/sample/odds-pricing.js";
import { Rng } from "../../src/sample/rng.js";
import { addOdds } from "../../src/sample/sample-odds.js";
import { generateAmericanFootball } from "../../src/sample/sports/american-football.js";
import { generateCombatSports } from "../../src/sample/sports/combat-sports.js";
import { generateCricket } from "../../src/sample/sports/cricket.js";
import { generateEsports } from "../../src/sample/sports/esports.js";
import { generateGolf } from "../../src/sample/sports/golf.js";
import type { Dataset } from "../../src/store/dataset.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const TOLERANCE = 1e-9;

/** Per market (fixture and market key): each bookmaker's current and opening prices. */
function markets(odds: Dataset["odds"]) {
  const byMarket = new Map<
    string,
    Map<string, { price: Record<string, number>; opening: Record<string, number> }>
  >();
  for (const row of odds) {
    const key = `${row.fixture_id}|${row.market_key}`;
    const books = byMarket.get(key) ?? new Map();
    const book = books.get(row.bookmaker) ?? { price: {}, opening: {} };
    book.price[row.selection] = row.price;
    book.opening[row.selection] = row.opening_price;
    books.set(row.bookmaker, book);
    byMarket.set(key, books);
  }
  return byMarket;
}

/** The markets whose best prices (current or opening) sum below 1 in implied chance. */
function arbitrages(odds: Dataset["odds"]): string[] {
  const found: string[] = [];
  for (const [key, books] of markets(odds)) {
    const all = [...books.values()];
    const now = bestImpliedSum(all.map((b) => b.price));
    const opening = bestImpliedSum(all.map((b) => b.opening));
    if (now < 1 - TOLERANCE || opening < 1 - TOLERANCE) found.push(`${key}: ${now} / ${opening}`);
  }
  return found;
}

describe("no arbitrage across bookmakers", () => {
  test("quotable chances: the fair ones, the favourite capped so 1.01 can carry it", () => {
    assert.deepEqual(quotableChances({ a: 0.6, b: 0.4 }), { a: 0.6, b: 0.4 });
    const capped = quotableChances({ home: 0.999, draw: 0.0008, away: 0.0002 });
    assert.equal(capped.home, MAX_QUOTABLE_CHANCE);
    assert.ok(Math.abs(Object.values(capped).reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.ok((capped.draw ?? 0) > (capped.away ?? 0));
    const ceilings = fairCeilings({ home: 0.999, away: 0.001 });
    assert.ok((ceilings.home ?? 0) >= 1.01, "the favourite can still be quoted");
  });

  test("property: every book's prices for random markets leave the best prices at ≥ 100 %", () => {
    const chance = fc.double({ min: 0.0005, max: 1, noNaN: true });
    const market = fc.array(chance, { minLength: 2, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(market, { minLength: 1, maxLength: 4 }),
        (seed, weights) => {
          const ctx = new GenContext(seed, ANCHOR);
          const quotes = weights.map((w, i) => {
            const total = w.reduce((a, b) => a + b, 0);
            const selections = Object.fromEntries(w.map((p, s) => [`s${s}`, p / total]));
            return quote(`market-${i}`, null, selections);
          });
          addOdds(ctx, new Rng(seed), "football", "fx-1", quotes);
          assert.deepEqual(arbitrages(ctx.dataset.odds), []);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  test("property: generated sample odds have no arbitrage in any market, over seeds", () => {
    // The quicker generators: two-way, three-way, totals, handicaps and outright markets.
    const generators = [
      generateCricket,
      generateEsports,
      generateCombatSports,
      generateAmericanFootball,
      generateGolf,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const ctx = new GenContext(seed, ANCHOR);
        for (const generate of generators) generate(ctx);
        assert.ok(ctx.dataset.odds.length > 0);
        assert.deepEqual(arbitrages(ctx.dataset.odds), []);
      }),
      { seed: 42, numRuns: 3 },
    );
  });
});
