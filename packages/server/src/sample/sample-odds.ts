/** Sample odds: every bookmaker prices every market of an upcoming fixture. */
import { addDays, isoSeconds } from "../lib/time.js";
import type { GenContext } from "./context.js";
import { type MarketQuote, priceMarket } from "./odds-pricing.js";
import { BOOKMAKERS } from "./pools/index.js";
import type { Rng } from "./rng.js";

export function addOdds(
  ctx: GenContext,
  rng: Rng,
  sport: string,
  fixtureId: string,
  quotes: MarketQuote[],
): void {
  const opened = isoSeconds(addDays(ctx.anchor, -rng.int(3, 10)));
  for (const book of BOOKMAKERS) {
    for (const quote of quotes) {
      for (const priced of priceMarket(rng, book, quote)) {
        ctx.dataset.odds.push({
          sport,
          fixture_id: fixtureId,
          bookmaker: book.slug,
          market: priced.market,
          market_key: `${priced.market}|${priced.subject}|${priced.line ?? ""}`,
          subject: priced.subject,
          line: priced.line,
          selection: priced.selection,
          price: priced.price,
          opening_price: priced.openingPrice,
          opened_at: opened,
          updated_at: ctx.stamp,
          is_live: 0,
        });
      }
    }
  }
}
