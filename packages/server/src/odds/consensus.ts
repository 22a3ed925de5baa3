/**
 * Margin, no-vig probabilities and the consensus line (docs/odds.md). Pure functions over
 * decimal prices keyed by selection; results are rounded to 4 decimals, consensus prices to 2.
 */

import { roundPrice } from "./pricing.js";

/** Decimal prices of one market line, keyed by selection. */
export type Prices = Readonly<Record<string, number>>;

export interface LinePricing {
  /** Σ(1/price) − 1: the bookmaker's overround. */
  margin: number;
  /** (1/price) / Σ(1/price) per selection: the probabilities with the margin taken out. */
  implied_probability: Record<string, number>;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function bookSum(prices: Prices): number {
  return Object.values(prices).reduce((sum, price) => sum + 1 / price, 0);
}

/** Σ(1/price) − 1, e.g. 2.00 / 3.40 / 3.80 → 0.0573. */
export function marginOf(prices: Prices): number {
  return round4(bookSum(prices) - 1);
}

/** (1/price) / Σ(1/price) per selection. */
export function impliedProbabilities(prices: Prices): Record<string, number> {
  const sum = bookSum(prices);
  return Object.fromEntries(
    Object.entries(prices).map(([selection, price]) => [selection, round4(1 / price / sum)]),
  );
}

export function pricingOf(prices: Prices): LinePricing {
  return { margin: marginOf(prices), implied_probability: impliedProbabilities(prices) };
}

/**
 * The consensus of several books' prices for one line: per selection, the mean of 1/price over
 * the books that quote it, turned back into a price (1 / mean) quoted to two decimals.
 */
export function consensusPrices(books: readonly Prices[]): Record<string, number> {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const prices of books) {
    for (const [selection, price] of Object.entries(prices)) {
      const total = totals.get(selection) ?? { sum: 0, count: 0 };
      total.sum += 1 / price;
      total.count += 1;
      totals.set(selection, total);
    }
  }
  const out: Record<string, number> = {};
  for (const [selection, { sum, count }] of totals) {
    out[selection] = roundPrice(count / sum);
  }
  return out;
}
