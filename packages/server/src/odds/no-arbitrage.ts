/**
 * No arbitrage across bookmakers, by construction. If no book ever quotes a selection above the
 * fair price of its chance (1 / chance, rounded down to the cent), then for any market the best
 * prices across all books imply at least the fair chances, which sum to 1: backing every
 * selection at its best price can never lock in a profit.
 *
 * One catch: 1.01 is the lowest price there is, so a favourite above 1 / 1.01 cannot be priced
 * fairly. Its chance is capped at MAX_QUOTABLE_CHANCE first and the rest shared out over the
 * other selections in proportion, which keeps the fair chances summing to 1 and lowers the
 * outsiders' ceilings by exactly what the favourite's price cannot carry.
 */

/** The most likely selection's chance as far as prices go: 1.01 implies 0.990, so below that. */
export const MAX_QUOTABLE_CHANCE = 0.985;

/** The chances prices are held to: the fair chances, the favourite capped (see above). */
export function quotableChances(chances: Readonly<Record<string, number>>): Record<string, number> {
  const entries = Object.entries(chances);
  const total = entries.reduce((sum, [, p]) => sum + p, 0);
  const fair = entries.map(([k, p]) => [k, p / total] as const);
  const top = fair.reduce((a, b) => (b[1] > a[1] ? b : a), ["", 0] as const);
  if (top[1] <= MAX_QUOTABLE_CHANCE || fair.length < 2) return Object.fromEntries(fair);
  const rest = 1 - top[1];
  const share = (p: number) =>
    rest > 0
      ? (p / rest) * (1 - MAX_QUOTABLE_CHANCE)
      : (1 - MAX_QUOTABLE_CHANCE) / (fair.length - 1);
  return Object.fromEntries(
    fair.map(([k, p]) => [k, k === top[0] ? MAX_QUOTABLE_CHANCE : share(p)] as const),
  );
}

/** The highest price any book may quote per selection: the fair price, rounded down to the cent. */
export function fairCeilings(chances: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(quotableChances(chances)).map(([k, p]) => [
      k,
      p > 0 ? Math.floor(100 / p) / 100 : Number.POSITIVE_INFINITY,
    ]),
  );
}

/** A price held to its selection's ceiling (a selection without one is left alone). */
export function atMostFair(price: number, ceiling: number | undefined): number {
  return ceiling === undefined ? price : Math.min(price, ceiling);
}

/** Sum of the implied chances of the best prices across books: below 1 is an arbitrage. */
export function bestImpliedSum(books: ReadonlyArray<Readonly<Record<string, number>>>): number {
  const best = new Map<string, number>();
  for (const prices of books) {
    for (const [selection, price] of Object.entries(prices)) {
      best.set(selection, Math.max(best.get(selection) ?? 0, price));
    }
  }
  let sum = 0;
  for (const price of best.values()) sum += 1 / price;
  return sum;
}
