/** Fixtures: the list (default window today … today + 14 days) and one fixture in full. */

import { notFound } from "../errors/service-error.js";
import { isoDate } from "../lib/time.js";
import { localDate } from "../lib/time-zones.js";
import { fixtureRows } from "../store/queries/fixture-rows.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { attributionOf } from "./data-sources.js";
import {
  applyFixtureFilters,
  countRows,
  dayStart,
  type FixtureQuery,
  hasTimeFilter,
  resolveFixtureFilters,
} from "./fixture-filters.js";
import { type LocalKickoff, requireTimeZone, withLocalKickoff } from "./local-times.js";
import { presentFixture, presentFixtureDetail } from "./presenters/fixture.js";

/**
 * Without a date, season or updated_since filter, fixtures cover today to today + 14 days: UTC
 * days, or the local days of the query's `timezone`.
 */
const DEFAULT_WINDOW_DAYS = 14;

type ListedFixture = ReturnType<typeof presentFixture> & Partial<LocalKickoff>;

export async function listFixtures(
  ctx: ServiceContext,
  sport: Sport,
  query: FixtureQuery,
  page: PageRequest,
): Promise<Page<ListedFixture>> {
  const zone = requireTimeZone(query.timezone);
  const filters = await resolveFixtureFilters(ctx, sport, query);
  if (!hasTimeFilter(query)) {
    const now = ctx.clock();
    const today = zone === undefined ? isoDate(now) : localDate(now, zone);
    filters.from = dayStart(today, zone);
    filters.to = dayStart(today, zone, DEFAULT_WINDOW_DAYS + 1);
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
    items: rows.map((row) => withLocalKickoff(presentFixture(row), zone)),
    total,
    ...page,
    attribution: attributionOf(rows.map((row) => row.source)),
  };
}

/** One fixture in full; with a `timezone`, its kickoff on that zone's clock too. */
export async function getFixture(
  ctx: ServiceContext,
  sport: Sport,
  id: string,
  timezone?: string | undefined,
) {
  const zone = requireTimeZone(timezone);
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
  const detail = presentFixtureDetail(row, {
    lineups: lineup !== undefined,
    events: row.sequence > 0,
    odds: odds !== undefined,
  });
  return withLocalKickoff(detail, zone);
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
