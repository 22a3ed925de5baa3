/**
 * Turns fair probabilities into bookmaker prices: each bookmaker adds its own margin
 * (proportionally, so the overround is 1 + margin) and a little disagreement, rounded as books do.
 * Outright markets (a race's winner, a golf tournament's) go to `outright-pricing.ts` instead.
 */
import { roundPrice } from "../odds/pricing.js";
import { type OutrightBand, outrightPrices } from "./outright-pricing.js";
import type { BookmakerPool } from "./pools/index.js";
import type { Rng } from "./rng.js";

export interface MarketQuote {
  market: string;
  subject: string;
  line: number | null;
  /** Fair probabilities per selection; they sum to 1. */
  selections: Record<string, number>;
  /** Outright markets of the field sports: priced on the ladder with a margin in this band. */
  outright?: OutrightBand;
}

export interface PricedSelection {
  market: string;
  subject: string;
  line: number | null;
  selection: string;
  price: number;
  openingPrice: number;
}

export function priceMarket(rng: Rng, book: BookmakerPool, quote: MarketQuote): PricedSelection[] {
  const { market, subject, line } = quote;
  if (quote.outright !== undefined) {
    const prices = outrightPrices(rng, book.marginTarget, quote.selections, quote.outright);
    return prices.map((priced) => ({ market, subject, line, ...priced }));
  }
  const entries = Object.entries(quote.selections);
  // Each book sees the event slightly differently, then applies its margin.
  const noisy = entries.map(([name, p]) => [name, p * Math.exp(rng.normal(0, 0.03))] as const);
  const total = noisy.reduce((sum, [, p]) => sum + p, 0);
  const margin = book.marginTarget * rng.float(0.85, 1.15);
  return noisy.map(([selection, p]) => {
    const price = roundPrice(1 / ((p / total) * (1 + margin)));
    const openingPrice = roundPrice(price * Math.exp(rng.normal(0, 0.04)));
    return {
      market: quote.market,
      subject: quote.subject,
      line: quote.line,
      selection,
      price,
      openingPrice,
    };
  });
}

/** Probabilities of a Poisson count: P(X = k) for k = 0..max. */
export function poissonTable(mean: number, max: number): number[] {
  const table: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k++) {
    table.push(p);
    p = (p * mean) / (k + 1);
  }
  return table;
}

/** Logistic win probability from a rating difference. */
export function winProbability(ratingDiff: number, scale = 1): number {
  return 1 / (1 + Math.exp(-ratingDiff * scale));
}

/** A market quote without a subject (not a player prop). */
export function quote(
  market: string,
  line: number | null,
  selections: Record<string, number>,
): MarketQuote {
  return { market, subject: "", line, selections };
}

/** The x.5 line just above `x`'s whole part: 4.3 → 4.5, −2.7 → −2.5. */
export function halfPoint(x: number): number {
  return Math.floor(x) + 0.5;
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Margin (home − away) and total distributions of two independent scores (index = points). */
export function scoreLines(home: readonly number[], away: readonly number[]) {
  const margins = new Map<number, number>();
  const totals = new Map<number, number>();
  home.forEach((ph, h) => {
    away.forEach((pa, a) => {
      margins.set(h - a, (margins.get(h - a) ?? 0) + ph * pa);
      totals.set(h + a, (totals.get(h + a) ?? 0) + ph * pa);
    });
  });
  return { margins, totals };
}

/** Total probability of the keys passing `test`. */
export function chance(map: ReadonlyMap<number, number>, test: (key: number) => boolean): number {
  let sum = 0;
  for (const [key, p] of map) if (test(key)) sum += p;
  return sum;
}
