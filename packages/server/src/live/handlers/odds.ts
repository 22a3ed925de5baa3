/**
 * `odds` messages: one bookmaker's prices for one line of a market. Names are normalised to the
 * canonical market and selections (the same tables the odds endpoint uses), prices to decimal.
 * Every changed price is an `odds.changed`; a price that has moved by at least the threshold
 * from its reference (the opening price, then the price at the last move) is also an `odds.moved`.
 */
import { PriceFormatError, parsePrice } from "../../odds/formats.js";
import { MARKET_SELECTIONS } from "../../odds/market.js";
import { normaliseMarketName, normaliseSelection } from "../../odds/market-names.js";
import type { Batch, EventDraft } from "../batch.js";
import { saveSequence } from "../fixture-writes.js";
import type { FeedMessage } from "../messages.js";
import { FeedRejection } from "../rejection.js";

type OddsMessage = Extract<FeedMessage, { type: "odds" }>;

const LINE_MARKETS = new Set(["totals", "handicap"]);

interface PriceChange {
  selection: string;
  price: number;
  previous_price: number | null;
  opening_price: number;
}

interface PriceMove {
  selection: string;
  price: number;
  previous_price: number;
  change: number;
}

export async function applyOdds(batch: Batch, message: OddsMessage): Promise<void> {
  const { data, sport } = message;
  const state = await batch.fixture(sport, data.fixture_id);
  const market = normaliseMarketName(data.market, sport);
  if (market === undefined) {
    throw new FeedRejection("data.market", `market "${data.market}" is not one Scoreline knows`);
  }
  const line = data.line ?? null;
  if (LINE_MARKETS.has(market) && line === null) {
    throw new FeedRejection("data.line", `a ${market} price needs its line`);
  }
  const subject = data.subject ?? "";
  if (market === "player_props" && subject === "") {
    throw new FeedRejection("data.subject", "a player prop needs its subject (the player)");
  }
  const format = data.format ?? "decimal";
  const prices = new Map<string, number>();
  for (const [name, raw] of Object.entries(data.prices)) {
    const selection = normaliseSelection(market, name);
    if (selection === undefined) {
      const known = (MARKET_SELECTIONS[market] ?? []).map((s) => s.join("/")).join(" or ");
      throw new FeedRejection(
        `data.prices.${name}`,
        `"${name}" is not a selection of ${market}${known ? ` (${known})` : ""}`,
      );
    }
    try {
      prices.set(selection, parsePrice(raw, format));
    } catch (error) {
      if (error instanceof PriceFormatError)
        throw new FeedRejection(`data.prices.${name}`, error.message);
      throw error;
    }
  }
  await ensureBookmaker(batch, data.bookmaker, data.bookmaker_name, format);

  const marketKey = `${market}|${subject}|${line ?? ""}`;
  const known = await batch.odds.line(state.id, data.bookmaker, marketKey);
  const isLive = data.is_live ?? state.status === "live";
  const changes: PriceChange[] = [];
  const moves: PriceMove[] = [];
  for (const [selection, price] of prices) {
    const row = known.get(selection);
    if (row === undefined) {
      batch.odds.open({
        sport,
        fixture_id: state.id,
        bookmaker: data.bookmaker,
        market,
        market_key: marketKey,
        subject,
        line,
        selection,
        price,
        opening_price: price,
        opened_at: batch.stamp,
        updated_at: batch.stamp,
        is_live: isLive ? 1 : 0,
        reference_price: null,
      });
      changes.push({ selection, price, previous_price: null, opening_price: price });
      continue;
    }
    if (row.price === price) continue;
    const reference = row.reference_price ?? row.opening_price;
    const change = price / reference - 1;
    const moved = Math.abs(change) >= batch.settings.oddsMoveThreshold - 1e-12;
    batch.odds.change(
      [state.id, data.bookmaker, marketKey, selection],
      {
        price,
        updated_at: batch.stamp,
        is_live: isLive ? 1 : 0,
        ...(moved ? { reference_price: price } : {}),
      },
      row,
    );
    changes.push({ selection, price, previous_price: row.price, opening_price: row.opening_price });
    if (moved) {
      moves.push({
        selection,
        price,
        previous_price: reference,
        change: Math.round(change * 10_000) / 10_000,
      });
    }
  }
  if (changes.length === 0) return;
  const line_fields = {
    bookmaker: data.bookmaker,
    market,
    line,
    subject: subject || null,
    is_live: isLive,
  };
  const drafts: EventDraft[] = [
    { type: "odds.changed", fields: { ...line_fields, prices: changes } },
  ];
  if (moves.length > 0) {
    const largest = moves.reduce((a, b) => (Math.abs(b.change) > Math.abs(a.change) ? b : a));
    drafts.push({
      type: "odds.moved",
      fields: {
        ...line_fields,
        moves,
        change: largest.change,
        threshold: batch.settings.oddsMoveThreshold,
      },
    });
  }
  const sequence = batch.emit(state, drafts);
  saveSequence(batch, state, sequence);
}

async function ensureBookmaker(
  batch: Batch,
  slug: string,
  name: string | undefined,
  format: string,
) {
  if (await batch.odds.hasBookmaker(slug)) return;
  if (name === undefined) {
    throw new FeedRejection(
      "data.bookmaker",
      `bookmaker "${slug}" is not known; send bookmaker_name to add it`,
    );
  }
  await batch.trx.insertInto("bookmakers").values({ slug, name, native_format: format }).execute();
  batch.odds.addedBookmaker(slug);
}
