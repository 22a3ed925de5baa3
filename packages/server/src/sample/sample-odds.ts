/**
 * Sample odds: every bookmaker prices every market of an upcoming fixture. Books disagree a
 * little and each keeps its own margin, but none quotes a selection above its fair price, so the
 * best prices across books never add up to an arbitrage (src/odds/no-arbitrage.ts). Outright
 * markets are the exception that needs no cap: their ladder books carry margins of 15 % and more.
 */
import { addDays, isoSeconds } from "../lib/time.js";
import { atMostFair, fairCeilings } from "../odds/no-arbitrage.js";
import type { GenContext } from "./context.js";
import { type MarketQuote, type PricedSelection, priceMarket } from "./odds-pricing.js";
import { BOOKMAKERS, type BookmakerPool } from "./pools/index.js";
import type { Rng } from "./rng.js";

export function addOdds(
  ctx: GenContext,
  rng: Rng,
  sport: string,
  fixtureId: string,
  quotes: MarketQuote[],
): void {
  const opened = isoSeconds(addDays(ctx.anchor, -rng.int(3, 10)));
  for (const { book, priced, price, openingPrice } of bookPrices(rng, quotes)) {
    ctx.dataset.odds.push({
      sport,
      fixture_id: fixtureId,
      bookmaker: book.slug,
      market: priced.market,
      market_key: `${priced.market}|${priced.subject}|${priced.line ?? ""}`,
      subject: priced.subject,
      line: priced.line,
      selection: priced.selection,
      price,
      // Every book opened at the same moment, so the opening prices are held to it too.
      opening_price: openingPrice,
      opened_at: opened,
      updated_at: ctx.stamp,
      is_live: 0,
    });
  }
}

/**
 * Every bookmaker's prices for the quotes, each selection's price and opening price held to at
 * most its fair price (outright markets aside).
 */
export function* bookPrices(
  rng: Rng,
  quotes: readonly MarketQuote[],
): Generator<{
  book: BookmakerPool;
  priced: PricedSelection;
  price: number;
  openingPrice: number;
}> {
  // Outright books sit on the fractional ladder with wide margins (outright-pricing.ts).
  const ceilings = quotes.map((quote) =>
    quote.outright === undefined ? fairCeilings(quote.selections) : {},
  );
  for (const book of BOOKMAKERS) {
    for (const [index, quote] of quotes.entries()) {
      const ceiling = ceilings[index] ?? {};
      for (const priced of priceMarket(rng, book, quote)) {
        const price = atMostFair(priced.price, ceiling[priced.selection]);
        const openingPrice = atMostFair(priced.openingPrice, ceiling[priced.selection]);
        yield { book, priced, price, openingPrice };
      }
    }
  }
}
