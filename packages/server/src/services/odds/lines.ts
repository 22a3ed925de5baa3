/**
 * Stored odds rows (one per bookmaker × market line × selection) → market lines, each with one
 * quote per bookmaker and the consensus quote. Pure; prices stay decimal here.
 */
import type { Selectable } from "kysely";
import { consensusPrices, type Prices } from "../../odds/consensus.js";
import { marketRank, NAMED_SELECTIONS } from "../../odds/market.js";
import type { OddsTable } from "../../store/tables.js";

/** A stored odds row of one fixture, with its bookmaker's display name. */
export type OddsRow = Omit<Selectable<OddsTable>, "sport" | "fixture_id" | "reference_price"> & {
  bookmaker_name: string;
};

/** One bookmaker's (or the consensus') prices for one market line. */
export interface Quote {
  bookmaker: string;
  bookmakerName: string;
  market: string;
  subject: string;
  line: number | null;
  prices: Record<string, number>;
  opening: Record<string, number>;
  openedAt: string;
  updatedAt: string;
  isLive: boolean;
}

export interface MarketLine {
  market: string;
  subject: string;
  line: number | null;
  quotes: Quote[];
  consensus: Quote;
}

export const CONSENSUS = { slug: "consensus", name: "Consensus" } as const;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Named selections in their canonical order, then the rest (outright runners) by price. */
function orderedSelections(prices: Prices): string[] {
  const rank = (s: string) => {
    const index = (NAMED_SELECTIONS as readonly string[]).indexOf(s);
    return index === -1 ? NAMED_SELECTIONS.length : index;
  };
  return Object.keys(prices).sort(
    (a, b) => rank(a) - rank(b) || (prices[a] ?? 0) - (prices[b] ?? 0) || compareText(a, b),
  );
}

function reorder(prices: Prices, order: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const selection of order) {
    const price = prices[selection];
    if (price !== undefined) out[selection] = price;
  }
  return out;
}

const earliest = (a: string, b: string) => (b < a ? b : a);
const latest = (a: string, b: string) => (b > a ? b : a);

function quoteOf(rows: readonly OddsRow[]): Quote {
  const [first, ...rest] = rows as [OddsRow, ...OddsRow[]];
  const prices: Record<string, number> = {};
  const opening: Record<string, number> = {};
  let { opened_at: openedAt, updated_at: updatedAt } = first;
  let isLive = first.is_live !== 0;
  for (const row of rows) {
    prices[row.selection] = row.price;
    opening[row.selection] = row.opening_price;
  }
  for (const row of rest) {
    openedAt = earliest(openedAt, row.opened_at);
    updatedAt = latest(updatedAt, row.updated_at);
    isLive ||= row.is_live !== 0;
  }
  const order = orderedSelections(prices);
  return {
    bookmaker: first.bookmaker,
    bookmakerName: first.bookmaker_name,
    market: first.market,
    subject: first.subject,
    line: first.line,
    prices: reorder(prices, order),
    opening: reorder(opening, order),
    openedAt,
    updatedAt,
    isLive,
  };
}

/** The consensus quote of a line: mean implied probability per selection, back to a price. */
function consensusQuote(quotes: readonly Quote[]): Quote {
  const [first, ...rest] = quotes as [Quote, ...Quote[]];
  const prices = consensusPrices(quotes.map((q) => q.prices));
  const order = orderedSelections(prices);
  return {
    bookmaker: CONSENSUS.slug,
    bookmakerName: CONSENSUS.name,
    market: first.market,
    subject: first.subject,
    line: first.line,
    prices: reorder(prices, order),
    opening: reorder(consensusPrices(quotes.map((q) => q.opening)), order),
    openedAt: rest.reduce((at, q) => earliest(at, q.openedAt), first.openedAt),
    updatedAt: rest.reduce((at, q) => latest(at, q.updatedAt), first.updatedAt),
    isLive: quotes.some((q) => q.isLive),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return groups;
}

/** No line first, then numerically. */
function compareLineValue(a: number | null, b: number | null): number {
  if (a === null || b === null) return (a === null ? 0 : 1) - (b === null ? 0 : 1);
  return a - b;
}

function compareLines(a: MarketLine, b: MarketLine): number {
  return (
    marketRank(a.market) - marketRank(b.market) ||
    compareText(a.market, b.market) ||
    compareText(a.subject, b.subject) ||
    compareLineValue(a.line, b.line)
  );
}

/** Rows → market lines ordered by market, subject and line; quotes ordered by bookmaker. */
export function marketLines(rows: readonly OddsRow[]): MarketLine[] {
  const lines: MarketLine[] = [];
  for (const lineRows of groupBy(rows, (r) => r.market_key).values()) {
    const quotes = [...groupBy(lineRows, (r) => r.bookmaker).values()]
      .map(quoteOf)
      .sort((a, b) => compareText(a.bookmaker, b.bookmaker));
    const [first] = quotes as [Quote];
    lines.push({
      market: first.market,
      subject: first.subject,
      line: first.line,
      quotes,
      consensus: consensusQuote(quotes),
    });
  }
  return lines.sort(compareLines);
}
