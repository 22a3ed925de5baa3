/**
 * Outright (win) markets of the field sports: a race's win market, a golf tournament's winner.
 * Real books on many runners carry far more margin than a two- or three-way market: 15–30 % on
 * a race, 20–40 % on a golf outright. Each bookmaker's margin sits in the market's band where its
 * general margin target puts it (a sharp book near the bottom), with some spread; prices are
 * quoted on the fractional ladder, the current and the opening book each from its own reading of
 * the chances. Books disagree by a few percent per selection only, so taking every selection's
 * best price across bookmakers still leaves a book over 100 %: no cross-book arbitrage.
 */
import { ladderBook } from "./price-ladder.js";
import type { Rng } from "./rng.js";

/** A market's overround band (margins: 0.15 = 15 %) and the longest price quoted. */
export interface OutrightBand {
  minMargin: number;
  maxMargin: number;
  longest: number;
}

export const RACE_WIN_BAND: OutrightBand = { minMargin: 0.15, maxMargin: 0.3, longest: 251 };
export const GOLF_OUTRIGHT_BAND: OutrightBand = { minMargin: 0.2, maxMargin: 0.4, longest: 1001 };

/** Bookmakers' general margin targets run from about 3 % (sharp) to 8 % (soft). */
const SHARPEST = 0.03;
const SOFTEST = 0.08;
/** How far one book's reading of a selection's chance strays from the fair one, at most. */
const DISAGREEMENT = { sd: 0.035, limit: 0.08 };

export interface OutrightPrice {
  selection: string;
  price: number;
  openingPrice: number;
}

/** One bookmaker's outright prices for `selections` (fair chances summing to 1). */
export function outrightPrices(
  rng: Rng,
  marginTarget: number,
  selections: Readonly<Record<string, number>>,
  band: OutrightBand,
): OutrightPrice[] {
  const names = Object.keys(selections);
  const fair = names.map((name) => selections[name] ?? 0);
  const overround = 1 + bookMargin(rng, marginTarget, band);
  const price = ladderBook(reading(rng, fair), overround, band.longest);
  const opening = ladderBook(reading(rng, fair), overround, band.longest);
  return names.map((selection, i) => ({
    selection,
    price: price[i] ?? band.longest,
    openingPrice: opening[i] ?? band.longest,
  }));
}

/** The book's margin: its place in the band by how generous it is generally, ± a little. */
function bookMargin(rng: Rng, marginTarget: number, band: OutrightBand): number {
  const softness = Math.min(1, Math.max(0, (marginTarget - SHARPEST) / (SOFTEST - SHARPEST)));
  const place = 0.15 + 0.6 * softness + rng.float(-0.1, 0.1);
  return band.minMargin + (band.maxMargin - band.minMargin) * place;
}

/** The book's own view of the chances: each a few percent off the fair one, renormalised. */
function reading(rng: Rng, fair: readonly number[]): number[] {
  const { sd, limit } = DISAGREEMENT;
  const seen = fair.map((p) => p * Math.exp(Math.max(-limit, Math.min(limit, rng.normal(0, sd)))));
  const total = seen.reduce((sum, p) => sum + p, 0);
  return seen.map((p) => p / total);
}
