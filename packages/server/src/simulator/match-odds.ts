/**
 * The prices a simulated match re-quotes as it runs: each bookmaker's match-winner line (1X2,
 * or the moneyline where the sport has no draw), moved by the score and the time left — and by
 * nothing else. Three rules keep the in-play market honest:
 *
 * - One view of the match: every book prices the same chances (the books' consensus from their
 *   pre-match prices) with its own margin, and none quotes above the fair price, so the best
 *   prices across books never form an arbitrage (src/odds/no-arbitrage.ts).
 * - No noise: the same score at the same moment gives the same prices.
 * - Requotes follow the match and are worth sending: after a score change that matters, or
 *   on the clock once a twelfth of the match, at most twice a twelfth (src/simulator/requote.ts).
 */
import { fairCeilings, quotableChances } from "../odds/no-arbitrage.js";
import type { Rng } from "../sample/rng.js";
import type { Score, Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { cricketMargin } from "./cricket-odds.js";
import { edgeFrom, liveChances, pricesFor, type WinChances } from "./live-odds.js";
import { type LiveQuote, requoteReason, slotOf } from "./requote.js";

/** Margins are kept between these (a book's opening overround, clamped). */
const OVERROUND = { min: 1.02, max: 1.25 };

export interface LiveLine {
  bookmaker: string;
  market: "1x2" | "moneyline";
  /** Home edge in margin units: the books' consensus from their pre-match prices. */
  edge: number;
  /** This book's overround (sum of implied probabilities). */
  overround: number;
  /** What the line last quoted in play; null until the in-play market opens. */
  quoted: LiveQuote | null;
}

/** One stored match-winner price (a row of `odds`). */
export interface StoredPrice {
  bookmaker: string;
  market: string;
  selection: string;
  price: number;
  /** Where the price opened, and 1 when it is in play (its price already has the score in it). */
  opening_price?: number;
  is_live?: number;
}

export async function loadLiveLines(
  store: Store,
  sport: Sport,
  fixtureId: string,
): Promise<LiveLine[]> {
  const rows = await store.db
    .selectFrom("odds")
    .select(["bookmaker", "market", "selection", "price", "opening_price", "is_live"])
    .where("fixture_id", "=", fixtureId)
    .where("sport", "=", sport)
    .where("market", "in", ["1x2", "moneyline"])
    .where("subject", "=", "")
    .execute();
  return liveLinesFrom(sport, rows);
}

/**
 * The in-play lines of a fixture's match-winner prices (books missing a selection are left out).
 * The edge comes from the pre-match prices: the current ones before kick-off, the opening ones
 * for a match already in play (a simulator taking it over), whose prices carry the score.
 */
export function liveLinesFrom(sport: Sport, rows: readonly StoredPrice[]): LiveLine[] {
  type Book = {
    market: "1x2" | "moneyline";
    prices: Record<string, number>;
    basis: Record<string, number>;
  };
  const books = new Map<string, Book>();
  for (const row of rows) {
    if (row.market !== "1x2" && row.market !== "moneyline") continue;
    const market = row.market;
    const book = books.get(`${row.bookmaker}|${market}`) ?? { market, prices: {}, basis: {} };
    book.prices[row.selection] = row.price;
    book.basis[row.selection] = row.is_live === 1 ? (row.opening_price ?? row.price) : row.price;
    books.set(`${row.bookmaker}|${market}`, book);
  }
  const lines: LiveLine[] = [];
  for (const [key, book] of books) {
    const draws = book.market === "1x2";
    const basis = chancesOf(book.basis, draws);
    const now = chancesOf(book.prices, draws);
    if (basis === undefined || now === undefined) continue;
    lines.push({
      bookmaker: key.split("|")[0] as string,
      market: book.market,
      edge: edgeFrom(sport, basis.fair, draws),
      overround: Math.min(OVERROUND.max, Math.max(OVERROUND.min, now.overround)),
      quoted: null,
    });
  }
  return withConsensusEdges(lines);
}

/** A book's fair chances (its margin taken out in proportion) and overround, if it is complete. */
function chancesOf(
  prices: Record<string, number>,
  draws: boolean,
): { fair: WinChances; overround: number } | undefined {
  const { home, away, draw } = prices;
  if (home === undefined || away === undefined || (draws && draw === undefined)) return undefined;
  const implied = { home: 1 / home, draw: draws && draw ? 1 / draw : 0, away: 1 / away };
  const overround = implied.home + implied.draw + implied.away;
  const fair: WinChances = {
    home: implied.home / overround,
    draw: implied.draw / overround,
    away: implied.away / overround,
  };
  return { fair, overround };
}

/** Every line of a market gets the mean edge of that market's lines. */
function withConsensusEdges(lines: LiveLine[]): LiveLine[] {
  const byMarket = new Map<string, number[]>();
  for (const line of lines)
    byMarket.set(line.market, [...(byMarket.get(line.market) ?? []), line.edge]);
  return lines.map((line) => {
    const edges = byMarket.get(line.market) ?? [line.edge];
    return { ...line, edge: edges.reduce((a, b) => a + b, 0) / edges.length };
  });
}

/**
 * One `odds` message per line that requotes, priced for the lead (home minus away in the score's
 * units) and the share of the match left. The lines remember their quotes (`quoted`), so pass the
 * same lines every call. `score` (optional) is the score the lead comes from: cricket needs it
 * (runs so far mean little without the wickets and overs behind them) and, without it, prices
 * cricket par against par. `rng` is unused: prices carry no noise.
 */
export function liveOddsMessages(
  sport: Sport,
  lines: readonly LiveLine[],
  lead: number,
  left: number,
  _rng: Rng,
  score?: Score | null,
): Array<Record<string, unknown>> {
  const margin = sport !== "cricket" ? lead : score ? cricketMargin(score) : 0;
  const slot = slotOf(left);
  const messages: Array<Record<string, unknown>> = [];
  for (const line of lines) {
    const draws = line.market === "1x2";
    const chances = liveChances(sport, line.edge, margin, left, draws);
    const fair = quotableChances(
      draws
        ? { home: chances.home, draw: chances.draw, away: chances.away }
        : { home: chances.home, away: chances.away },
    );
    const reason = requoteReason(line.quoted, fair, margin, slot);
    if (reason === null) continue;
    const ceilings = fairCeilings(fair);
    const prices = Object.fromEntries(
      Object.entries(pricesFor(fair, line.overround)).map(([k, price]) => [
        k,
        Math.min(price, ceilings[k] ?? price),
      ]),
    );
    const changed = line.quoted === null || !samePrices(line.quoted.prices, prices);
    const scoreUsed = reason === "score" || (line.quoted?.slot === slot && line.quoted.scoreUsed);
    line.quoted = { chances: fair, prices, margin, slot, scoreUsed };
    if (!changed) continue;
    messages.push({ bookmaker: line.bookmaker, market: line.market, is_live: true, prices });
  }
  return messages;
}

function samePrices(a: Record<string, number>, b: Record<string, number>): boolean {
  return Object.entries(b).every(([k, price]) => a[k] === price);
}
