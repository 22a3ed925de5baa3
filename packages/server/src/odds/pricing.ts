/** How a price is quoted: decimal, to two decimals, never below 1.01 (docs/odds.md). */

export function roundPrice(price: number): number {
  return Math.max(1.01, Math.round(price * 100) / 100);
}

/** A fair chance priced with a book's overround (1 + margin), quoted as a price. */
export function priceForChance(chance: number, overround: number): number {
  return roundPrice(1 / (chance * overround));
}
