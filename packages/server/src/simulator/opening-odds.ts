/**
 * What every step opening a fixture's pre-match markets shares (tennis draws, `open-markets.ts`):
 * finding the scheduled fixtures within the odds horizon that have no prices yet, and turning the
 * generator's fair quotes into every bookmaker's `odds` messages with the generator's books
 * (`sample-odds.ts`), so live prices look like the ones generated with the world.
 */

import { isoSeconds } from "../lib/time.js";
import type { MarketQuote } from "../sample/odds-pricing.js";
import { Rng } from "../sample/rng.js";
import { bookPrices } from "../sample/sample-odds.js";
import type { Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { inSampleWorld } from "./sample-world.js";

export interface UnpricedFixture {
  id: string;
  sport: Sport;
  competition_id: string;
  round: string | null;
  home_team_id: string | null;
  away_team_id: string | null;
  participants: string | null;
  rules: string | null;
}

/**
 * Scheduled fixtures of `sports` kicking off by `until` with both sides known (or a field) and no
 * prices, soonest first, at most `limit`.
 */
export async function unpricedFixtures(
  store: Store,
  sports: readonly Sport[],
  until: Date,
  limit: number,
): Promise<UnpricedFixture[]> {
  if (sports.length === 0) return [];
  const rows = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select([
      "f.id",
      "f.sport",
      "f.competition_id",
      "f.round",
      "f.home_team_id",
      "f.away_team_id",
      "f.participants",
      "c.rules",
    ])
    .where("f.sport", "in", [...sports])
    .where("f.status", "=", "scheduled")
    .where("f.kickoff", "<=", isoSeconds(until))
    .where(inSampleWorld("f.competition_id"))
    .where((eb) =>
      eb.or([
        eb.and([eb("f.home_team_id", "is not", null), eb("f.away_team_id", "is not", null)]),
        eb("f.participants", "is not", null),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("odds as o").select("o.fixture_id").whereRef("o.fixture_id", "=", "f.id"),
        ),
      ),
    )
    .orderBy("f.kickoff")
    .orderBy("f.id")
    .limit(limit)
    .execute();
  return rows as UnpricedFixture[];
}

/**
 * The `odds` messages opening a fixture's markets: one per bookmaker and line, each book's
 * opening price from the generator's books. The books' noise is seeded by the fixture, so the
 * same fixture always opens at the same prices.
 */
export function openingOddsMessages(
  sport: Sport,
  fixtureId: string,
  quotes: readonly MarketQuote[],
): unknown[] {
  const lines = new Map<
    string,
    { data: Record<string, unknown>; prices: Record<string, number> }
  >();
  for (const { book, priced, openingPrice } of bookPrices(
    new Rng(`draw-odds:${fixtureId}`),
    quotes,
  )) {
    const key = `${book.slug}|${priced.market}|${priced.subject}|${priced.line ?? ""}`;
    const line = lines.get(key) ?? {
      data: {
        fixture_id: fixtureId,
        bookmaker: book.slug,
        market: priced.market,
        ...(priced.subject !== "" ? { subject: priced.subject } : {}),
        ...(priced.line !== null ? { line: priced.line } : {}),
        format: "decimal",
      },
      prices: {},
    };
    line.prices[priced.selection] = openingPrice;
    lines.set(key, line);
  }
  return [...lines.values()].map(({ data, prices }, i) => ({
    id: `cal:${fixtureId}:odds:${i}`,
    type: "odds",
    sport,
    data: { ...data, prices },
  }));
}
