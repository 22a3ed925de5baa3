/**
 * Matches in play, read straight from the store on every call (never cached). `updatedAt` is
 * when this sport's fixtures last changed (a live event, a status change), for
 * `meta.updated_at`; it is present even when nothing is in play.
 */
import { LIVE_STATUSES } from "../sports/statuses.js";
import { fixtureRows } from "../store/queries/fixture-rows.js";
import type { ServiceContext, Sport } from "./context.js";
import { applyFixtureFilters, resolveFixtureFilters } from "./fixture-filters.js";
import { requireTimeZone, withLocalKickoff } from "./local-times.js";
import { presentLive } from "./presenters/fixture.js";

export async function listLive(
  ctx: ServiceContext,
  sport: Sport,
  query: { league?: string | undefined; timezone?: string | undefined },
) {
  const zone = requireTimeZone(query.timezone);
  const filters = await resolveFixtureFilters(ctx, sport, { league: query.league });
  filters.statuses = LIVE_STATUSES;
  const rows = await applyFixtureFilters(fixtureRows(ctx.store.db, sport), filters)
    .orderBy("f.kickoff")
    .orderBy("f.id")
    .execute();
  const latest = await ctx.store.db
    .selectFrom("fixtures")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .where("sport", "=", sport)
    .executeTakeFirst();
  const items = rows.map((row) => withLocalKickoff(presentLive(row), zone));
  return { items, updatedAt: latest?.at ?? undefined };
}
