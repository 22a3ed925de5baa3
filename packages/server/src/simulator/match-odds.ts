/**
 * The prices a simulated match re-quotes as it runs: each bookmaker's match-winner line (1X2,
 * or the moneyline where the sport has no draw), moved by the score and the time left.
 */
import type { Rng } from "../sample/rng.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { edgeFrom, liveChances, pricesFor, type WinChances } from "./live-odds.js";

export interface LiveLine {
  bookmaker: string;
  market: "1x2" | "moneyline";
  /** Home edge in margin units, from this book's opening prices. */
  edge: number;
  /** This book's overround (sum of implied probabilities). */
  overround: number;
}

export async function loadLiveLines(
  store: Store,
  sport: Sport,
  fixtureId: string,
): Promise<LiveLine[]> {
  const rows = await store.db
    .selectFrom("odds")
    .select(["bookmaker", "market", "selection", "price"])
    .where("fixture_id", "=", fixtureId)
    .where("sport", "=", sport)
    .where("market", "in", ["1x2", "moneyline"])
    .where("subject", "=", "")
    .execute();
  const books = new Map<string, { market: "1x2" | "moneyline"; prices: Record<string, number> }>();
  for (const row of rows) {
    const market = row.market as "1x2" | "moneyline";
    const book = books.get(`${row.bookmaker}|${market}`) ?? { market, prices: {} };
    book.prices[row.selection] = row.price;
    books.set(`${row.bookmaker}|${market}`, book);
  }
  const lines: LiveLine[] = [];
  for (const [key, book] of books) {
    const { home, away, draw } = book.prices;
    if (home === undefined || away === undefined) continue;
    const draws = book.market === "1x2";
    if (draws && draw === undefined) continue;
    const implied = { home: 1 / home, draw: draws && draw ? 1 / draw : 0, away: 1 / away };
    const overround = implied.home + implied.draw + implied.away;
    const fair: WinChances = {
      home: implied.home / overround,
      draw: implied.draw / overround,
      away: implied.away / overround,
    };
    lines.push({
      bookmaker: key.split("|")[0] as string,
      market: book.market,
      edge: edgeFrom(sport, fair, draws),
      overround,
    });
  }
  return lines;
}

/** One `odds` message per line, priced for the lead and the share of the match left. */
export function liveOddsMessages(
  sport: Sport,
  lines: readonly LiveLine[],
  lead: number,
  left: number,
  rng: Rng,
): Array<Record<string, unknown>> {
  return lines.map((line) => {
    const draws = line.market === "1x2";
    const chances = liveChances(sport, line.edge, lead, left, draws);
    // Books disagree a little, and reprice a little on every quote.
    const fair: Record<string, number> = draws
      ? { home: chances.home, draw: chances.draw, away: chances.away }
      : { home: chances.home, away: chances.away };
    const noisy = Object.fromEntries(
      Object.entries(fair).map(([k, p]) => [k, p * Math.exp(rng.normal(0, 0.015))]),
    );
    return {
      bookmaker: line.bookmaker,
      market: line.market,
      is_live: true,
      prices: pricesFor(noisy, line.overround),
    };
  });
}
