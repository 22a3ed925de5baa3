/**
 * Results: finished fixtures with their final score, newest first. Without a date, season or
 * change filter: each competition's current season, except for one individual competitor (a
 * fighter, a tennis player: `team` naming an `individual` team), whose results span their career
 * (a season is one calendar year of a promotion or tour, a career many).
 */

import { invalidParameter } from "../errors/service-error.js";
import { FINISHED_STATUSES } from "../sports/statuses.js";
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
import { type LocalKickoff, requireTimeZone, withLocalKickoff } from "./local-times.js";
import { presentResult } from "./presenters/fixture.js";

export async function listResults(
  ctx: ServiceContext,
  sport: Sport,
  query: FixtureQuery,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentResult> & Partial<LocalKickoff>>> {
  const zone = requireTimeZone(query.timezone);
  const filters = await resolveFixtureFilters(ctx, sport, query);
  const finished = FINISHED_STATUSES as readonly string[];
  if (filters.statuses?.some((s) => !finished.includes(s))) {
    throw invalidParameter("status", `results have one of these statuses: ${finished.join(", ")}`);
  }
  filters.statuses ??= finished;
  if (!hasTimeFilter(query) && filters.individualTeam !== true) filters.currentSeasonOnly = true;
  const filtered = applyFixtureFilters(fixtureRows(ctx.store.db, sport), filters);
  const [total, rows] = await Promise.all([
    countRows(filtered),
    filtered
      .orderBy("f.kickoff", "desc")
      .orderBy("f.id")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  return {
    items: rows.map((row) => withLocalKickoff(presentResult(row), zone)),
    total,
    ...page,
    attribution: attributionOf(rows.map((row) => row.source)),
  };
}
