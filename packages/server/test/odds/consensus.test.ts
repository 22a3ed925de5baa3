import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  consensusPrices,
  impliedProbabilities,
  marginOf,
  pricingOf,
} from "../../src/odds/consensus.js";
import { marketLines, type OddsRow } from "../../src/services/odds/lines.js";

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

describe("margin and implied probabilities", () => {
  test("a 1X2 line at 2.00 / 3.40 / 3.80", () => {
    // 1/2 + 1/3.4 + 1/3.8 = 0.5 + 0.294118 + 0.263158 = 1.057276
    const prices = { home: 2, draw: 3.4, away: 3.8 };
    assert.equal(marginOf(prices), 0.0573);
    assert.deepEqual(impliedProbabilities(prices), {
      home: 0.4729, // 0.5 / 1.057276
      draw: 0.2782, // 0.294118 / 1.057276
      away: 0.2489, // 0.263158 / 1.057276
    });
  });

  test("a fair two-way line has no margin and even probabilities", () => {
    assert.deepEqual(pricingOf({ over: 2, under: 2 }), {
      margin: 0,
      implied_probability: { over: 0.5, under: 0.5 },
    });
  });

  test("a typical -110 / -110 line (1.91 each)", () => {
    const { margin, implied_probability } = pricingOf({ home: 1.91, away: 1.91 });
    assert.equal(margin, round4(2 / 1.91 - 1)); // 0.0471
    assert.deepEqual(implied_probability, { home: 0.5, away: 0.5 });
  });
});

describe("consensus", () => {
  test("the mean implied probability per selection, back to a price", () => {
    // home: (1/2 + 1/2.2) / 2 = 0.477273 → 2.0952 → 2.10
    // away: (1/1.8 + 1/1.7) / 2 = 0.571895 → 1.7486 → 1.75
    const consensus = consensusPrices([
      { home: 2.0, away: 1.8 },
      { home: 2.2, away: 1.7 },
    ]);
    assert.deepEqual(consensus, { home: 2.1, away: 1.75 });
    // 1/2.1 + 1/1.75 − 1 = 0.476190 + 0.571429 − 1
    assert.equal(marginOf(consensus), 0.0476);
  });

  test("a selection only some books quote averages over those books", () => {
    const consensus = consensusPrices([{ a: 2, b: 4 }, { a: 4 }]);
    // a: (0.5 + 0.25) / 2 = 0.375 → 2.67; b: only 4
    assert.deepEqual(consensus, { a: 2.67, b: 4 });
  });

  test("rows group into lines ordered by market, subject and line, each with a consensus", () => {
    const row = (over: Partial<OddsRow>): OddsRow => ({
      bookmaker: "b1",
      bookmaker_name: "Book One",
      market: "totals",
      market_key: "totals||2.5",
      subject: "",
      line: 2.5,
      selection: "over",
      price: 1.9,
      opening_price: 1.95,
      opened_at: "2026-11-15T00:00:00Z",
      updated_at: "2026-11-21T00:00:00Z",
      is_live: 0,
      ...over,
    });
    const lines = marketLines([
      row({ bookmaker: "b2", bookmaker_name: "Book Two", selection: "under", price: 1.9 }),
      row({ bookmaker: "b2", bookmaker_name: "Book Two", price: 1.9, is_live: 1 }),
      row({ selection: "under", price: 2.0, updated_at: "2026-11-21T09:00:00Z" }),
      row({}),
      row({ market_key: "totals||1.5", line: 1.5, price: 1.3 }),
      row({ market_key: "totals||1.5", line: 1.5, selection: "under", price: 3.4 }),
      row({ market: "1x2", market_key: "1x2||", line: null, selection: "away", price: 3 }),
      row({ market: "1x2", market_key: "1x2||", line: null, selection: "home", price: 2.5 }),
      row({ market: "1x2", market_key: "1x2||", line: null, selection: "draw", price: 3.2 }),
    ]);
    assert.deepEqual(
      lines.map((l) => [l.market, l.line, l.quotes.map((q) => q.bookmaker)]),
      [
        ["1x2", null, ["b1"]],
        ["totals", 1.5, ["b1"]],
        ["totals", 2.5, ["b1", "b2"]],
      ],
    );
    assert.deepEqual(Object.keys(lines[0]?.quotes[0]?.prices ?? {}), ["home", "draw", "away"]);
    const totals = lines[2];
    assert.ok(totals !== undefined);
    assert.equal(totals.quotes[0]?.updatedAt, "2026-11-21T09:00:00Z");
    assert.equal(totals.consensus.bookmaker, "consensus");
    assert.equal(totals.consensus.isLive, true);
    assert.equal(totals.consensus.updatedAt, "2026-11-21T09:00:00Z");
    // over: 1.90 and 1.90 → 1.90; under: (1/2 + 1/1.9) / 2 = 0.513158 → 1.9487 → 1.95
    assert.deepEqual(totals.consensus.prices, { over: 1.9, under: 1.95 });
  });
});
