/** Fixtures: the list (default window today … today + 14 days) and one fixture in full. */

import { notFound } from "../errors/service-error.js";
import { addDays, isoSeconds, startOfUtcDay } from "../lib/time.js";
import { fixtureRows } from "../store/queries/fixture-rows.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { attributionOf } from "./data-sources.js";
import {
  applyFixtureFilters,
  countRows,
  type FixtureQuery,
  hasTimeFilter,
  resolveFixtureFilters,
} from "./fixture-filters.js";
import { presentFixture, presentFixtureDetail } from "./presenters/fixture.js";

/** Without a date, season or updated_since filter, fixtures cover today to today + 14 days. */
const DEFAULT_WINDOW_DAYS = 14;

export async function listFixtures(
  ctx: ServiceContext,
  sport: Sport,
  query: FixtureQuery,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentFixture>>> {
  const filters = await resolveFixtureFilters(ctx, sport, query);
  if (!hasTimeFilter(query)) {
    const today = startOfUtcDay(ctx.clock());
    filters.from = isoSeconds(today);
    filters.to = isoSeconds(addDays(today, DEFAULT_WINDOW_DAYS + 1));
  }
  const filtered = applyFixtureFilters(fixtureRows(ctx.store.db, sport), filters);
  const [total, rows] = await Promise.all([
    countRows(filtered),
    filtered
      .orderBy("f.kickoff")
      .orderBy("f.id")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  return {
    items: rows.map(presentFixture),
    total,
    ...page,
    attribution: attributionOf(rows.map((row) => row.source)),
  };
}

export async function getFixture(ctx: ServiceContext, sport: Sport, id: string) {
  const row = await fixtureRows(ctx.store.db, sport).where("f.id", "=", id).executeTakeFirst();
  if (row === undefined) throw notFound(`${sport} fixture ${id}`);
  const db = ctx.store.db;
  const [lineup, odds] = await Promise.all([
    db
      .selectFrom("lineups")
      .select("team_id")
      .where("fixture_id", "=", id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("odds")
      .select("bookmaker")
      .where("fixture_id", "=", id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return presentFixtureDetail(row, {
    lineups: lineup !== undefined,
    events: row.sequence > 0,
    odds: odds !== undefined,
  });
}

/** The fixture row itself, for verbs that hang off a fixture (events, lineups, odds). */
export async function requireFixture(
  ctx: ServiceContext,
  sport: Sport,
  id: string,
  what = "fixture",
) {
  const row = await fixtureRows(ctx.store.db, sport).where("f.id", "=", id).executeTakeFirst();
  if (row === undefined) throw notFound(`${sport} ${what} ${id}`);
  return row;
}
