/**
 * GET /v1/{sport}/odds: one fixture's prices, one entry per bookmaker × market line followed by
 * that line's consensus entry, in the requested price format (docs/odds.md).
 */

import { invalidParameter } from "../../errors/service-error.js";
import type { OddsFormat } from "../../odds/formats.js";
import { MARKETS, type Market, parseMarketParam } from "../../odds/market.js";
import type { ServiceContext, Sport } from "../context.js";
import { requireFixture } from "../fixtures.js";
import { resolveBookmaker } from "./bookmakers.js";
import { CONSENSUS, marketLines, type OddsRow } from "./lines.js";
import { participantNames } from "./participant-names.js";
import { type OddsEntry, presentQuote } from "./present.js";

export interface OddsQuery {
  matchId: string;
  market?: string | undefined;
  bookmaker?: string | undefined;
  format: OddsFormat;
}

export interface OddsList {
  fixtureId: string;
  entries: OddsEntry[];
  /** Latest `updated_at` of the fixture's odds; null when it has none. */
  updatedAt: string | null;
  format: OddsFormat;
}

function marketOf(text: string | undefined): Market | undefined {
  if (text === undefined) return undefined;
  const market = parseMarketParam(text);
  if (market === undefined) {
    throw invalidParameter(
      "market",
      `market ${JSON.stringify(text)} is not known; use one of: ${MARKETS.join(", ")}`,
    );
  }
  return market;
}

export async function listOdds(
  ctx: ServiceContext,
  sport: Sport,
  query: OddsQuery,
): Promise<OddsList> {
  const market = marketOf(query.market);
  const bookmaker =
    query.bookmaker === undefined ? undefined : await resolveBookmaker(ctx, query.bookmaker);
  const fixture = await requireFixture(ctx, sport, query.matchId);
  const [rows, updatedAt] = await Promise.all([
    oddsRows(ctx, sport, fixture.id, market, bookmaker),
    latestUpdate(ctx, sport, fixture.id),
  ]);
  const names = participantNames(fixture.participants);
  const entries: OddsEntry[] = [];
  for (const line of marketLines(rows)) {
    if (bookmaker !== CONSENSUS.slug) {
      for (const quote of line.quotes) entries.push(presentQuote(quote, query.format, names));
    }
    if (bookmaker === undefined || bookmaker === CONSENSUS.slug) {
      entries.push(presentQuote(line.consensus, query.format, names));
    }
  }
  return { fixtureId: fixture.id, entries, updatedAt, format: query.format };
}

function oddsRows(
  ctx: ServiceContext,
  sport: Sport,
  fixtureId: string,
  market: Market | undefined,
  bookmaker: string | undefined,
): Promise<OddsRow[]> {
  let query = ctx.store.db
    .selectFrom("odds as o")
    .innerJoin("bookmakers as b", "b.slug", "o.bookmaker")
    .select([
      "o.bookmaker",
      "b.name as bookmaker_name",
      "o.market",
      "o.market_key",
      "o.subject",
      "o.line",
      "o.selection",
      "o.price",
      "o.opening_price",
      "o.opened_at",
      "o.updated_at",
      "o.is_live",
    ])
    .where("o.sport", "=", sport)
    .where("o.fixture_id", "=", fixtureId);
  if (market !== undefined) query = query.where("o.market", "=", market);
  if (bookmaker !== undefined && bookmaker !== CONSENSUS.slug) {
    query = query.where("o.bookmaker", "=", bookmaker);
  }
  return query.execute();
}

async function latestUpdate(ctx: ServiceContext, sport: Sport, fixtureId: string) {
  const row = await ctx.store.db
    .selectFrom("odds")
    .select((eb) => eb.fn.max("updated_at").as("updated_at"))
    .where("sport", "=", sport)
    .where("fixture_id", "=", fixtureId)
    .executeTakeFirst();
  return row?.updated_at ?? null;
}
