/**
 * The traditional fractional price ladder (2/5, 4/6, evens, 7/4, 5/2, 4/1 … 33/1, 66/1, 1000/1)
 * as decimal prices, and books made on it: a race's starting prices and the bookmakers' outright
 * prices in racing and golf are quoted on this ladder, not to the penny.
 */

/** Profit per unit staked: [numerator, denominator] of each fractional price, shortest first. */
// biome-ignore format: a few prices a line reads better than one number a line
const FRACTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 20], [1, 10], [1, 8], [2, 13], [1, 6], [2, 11], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10],
  [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11], [4, 5],
  [5, 6], [10, 11], [1, 1], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8],
  [2, 1], [9, 4], [5, 2], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2],
  [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1],
  [16, 1], [18, 1], [20, 1], [22, 1], [25, 1], [28, 1], [33, 1], [40, 1], [50, 1], [66, 1],
  [80, 1], [100, 1], [125, 1], [150, 1], [200, 1], [250, 1], [300, 1], [400, 1], [500, 1],
  [750, 1], [1000, 1],
];

/** The ladder as decimal prices quoted to two decimals (7/4 → 2.75, 66/1 → 67). */
const PRICE_LADDER: readonly number[] = FRACTIONS.map(
  ([num, den]) => Math.round((1 + num / den) * 100) / 100,
);

/** The ladder price nearest `price` (by ratio), at most `max`. */
function onLadder(price: number, max: number): number {
  // Binary search for the first step at or above the price, then the nearer of it and the one below.
  let low = 0;
  let high = PRICE_LADDER.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((PRICE_LADDER[mid] ?? 0) < price) low = mid + 1;
    else high = mid;
  }
  const above = PRICE_LADDER[low] ?? price;
  const below = PRICE_LADDER[low - 1] ?? above;
  const nearest = above * below < price * price ? above : below;
  return Math.min(nearest, ladderAtMost(max));
}

/** The longest ladder price not over `max`. */
function ladderAtMost(max: number): number {
  return PRICE_LADDER.findLast((step) => step <= max) ?? PRICE_LADDER[0] ?? max;
}

/**
 * Bookmakers shade long shots: a selection's implied chance is its fair chance to this power
 * before the book is scaled up, so outsiders carry more of the margin than the favourite
 * (the favourite–longshot bias of real win markets).
 */
const LONGSHOT_BIAS = 0.92;

/** Σ 1/price: 1 + the margin. */
function bookOf(prices: readonly number[]): number {
  return prices.reduce((sum, price) => sum + 1 / price, 0);
}

/** How near the wanted overround a ladder book must come (the ladder is coarse at the top). */
const TOLERANCE = 0.008;

/**
 * Ladder prices for `chances` (fair, summing to 1) whose book is within a point of `overround`:
 * the scale is corrected a few times for the rounding onto the ladder, then single prices are
 * moved a step where rounding a short price still leaves the book out.
 */
export function ladderBook(chances: readonly number[], overround: number, max: number): number[] {
  const tilted = chances.map((p) => Math.max(p, 1e-9) ** LONGSHOT_BIAS);
  let scale = overround / tilted.reduce((sum, t) => sum + t, 0);
  let best: number[] = [];
  let bestMiss = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 8; attempt++) {
    const prices = tilted.map((t) => onLadder(1 / (t * scale), max));
    const book = bookOf(prices);
    const miss = Math.abs(book - overround);
    if (miss < bestMiss) [best, bestMiss] = [prices, miss];
    if (miss < TOLERANCE / 2) break;
    scale *= overround / book;
  }
  return nudge(best, overround, max);
}

/** Moves one price at a time a step along the ladder, the move nearest the target first. */
function nudge(prices: number[], overround: number, max: number): number[] {
  const out = [...prices];
  const top = PRICE_LADDER.findLastIndex((step) => step <= max);
  for (let moves = 0; moves < out.length * 2; moves++) {
    const book = bookOf(out);
    if (Math.abs(book - overround) <= TOLERANCE) break;
    const shorten = book < overround;
    let pick = -1;
    let pickPrice = 0;
    let pickMiss = Math.abs(book - overround);
    out.forEach((price, i) => {
      const at = PRICE_LADDER.indexOf(price);
      const next = shorten ? at - 1 : at + 1;
      if (at < 0 || next < 0 || next > top) return;
      const moved = PRICE_LADDER[next] ?? price;
      const miss = Math.abs(book - 1 / price + 1 / moved - overround);
      if (miss < pickMiss) [pick, pickPrice, pickMiss] = [i, moved, miss];
    });
    if (pick < 0) break;
    out[pick] = pickPrice;
  }
  return out;
}
