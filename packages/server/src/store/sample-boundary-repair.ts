/**
 * Repairs a store written before the sample world had a boundary (ADR-0047). Until then the
 * simulator's calendar treated every competition as the sample world's: it scheduled seasons
 * for imported leagues (NBA "2023-2024", Premier League "2024-2025", IPL "2019 (2)"…), copied
 * cards and meetings into imported promotions and racecourses, and played them. And the tennis
 * tournaments the sample world adds as it goes were recorded as a feed's, not the sample's.
 *
 * Everything the calendar made has an id derived from what it was made from, so it is found
 * exactly, never guessed:
 * - a league's next season: `se(sport, competition, "edition", start_date)`; a year's season of
 *   a promotion or a course: `se(sport, competition, year)`;
 * - a copied fixture: `fx(sport, "edition", template id, kick-off ms)`, its template an earlier
 *   fixture of the same competition;
 * - a rotation's tennis tournament: `co("tennis", "tour", slug of its name)`.
 *
 * The repair removes those seasons and fixtures of imported competitions with all that hangs off
 * them (events, line-ups, prices, tables, enrolments, statistics), gives each competition back
 * its latest real season as the current one, refreshes the tables of the real seasons that had
 * copies in them, and marks the rotation's tournaments (and the sample world's fixtures a feed
 * source was recorded for) as the sample world's. It runs at every start (`scoreline serve`,
 * `scoreline migrate`), finds nothing on a store that needs nothing, and says what it removed.
 */
import type { Kysely } from "kysely";
import { derivedId } from "../lib/ids.js";
import { slugify } from "../lib/text.js";
import { isoSeconds } from "../lib/time.js";
import { deleteFixtures, SEASON_TABLES } from "./fixture-removal.js";
import { StaleTables } from "./standings/kept-tables.js";
import type { Tables } from "./tables.js";

export interface BoundaryRepair {
  /** Seasons the simulator had added to imported competitions, removed. */
  seasons: number;
  /** Fixtures the simulator had added to imported competitions, removed (those seasons' too). */
  fixtures: number;
  /** Competitions and fixtures of the sample world recorded as a feed's, now the sample's. */
  relabelled: number;
}

/** How far back a copy's template may be (the calendar copies a week or a fortnight on). */
const TEMPLATE_WINDOW_MS = 60 * 86_400_000;
const BATCH = 200;
/** Not the sample world, not a live feed: imported. */
const NOT_IMPORTED = ["sample", "feed"];

export async function repairSampleBoundary(db: Kysely<Tables>): Promise<BoundaryRepair> {
  const relabelled = await relabelSampleWorld(db);
  const imported = await db
    .selectFrom("competitions")
    .select(["id", "sport"])
    .where("source", "not in", NOT_IMPORTED)
    .execute();
  let seasons = 0;
  let fixtures = 0;
  for (const competition of imported) {
    const made = await simulatedSeasons(db, competition.id, competition.sport);
    const copies = await simulatedCopies(db, competition.id, competition.sport);
    if (made.length === 0 && copies.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      const inSeasons =
        made.length === 0
          ? []
          : (
              await trx.selectFrom("fixtures").select("id").where("season_id", "in", made).execute()
            ).map((row) => row.id);
      const ids = [...new Set([...inSeasons, ...copies.map((c) => c.id)])];
      for (let i = 0; i < ids.length; i += BATCH)
        await deleteFixtures(trx, ids.slice(i, i + BATCH));
      for (const table of SEASON_TABLES) {
        if (made.length > 0) await trx.deleteFrom(table).where("season_id", "in", made).execute();
      }
      if (made.length > 0) await trx.deleteFrom("seasons").where("id", "in", made).execute();
      await restoreCurrentSeason(trx, competition.id);
      const stale = new StaleTables();
      const gone = new Set(made);
      for (const copy of copies) {
        if (!gone.has(copy.season_id)) stale.season(competition.id, copy.season_id);
      }
      await stale.refresh(trx, isoSeconds(new Date()));
      seasons += made.length;
      fixtures += ids.length;
    });
  }
  return { seasons, fixtures, relabelled };
}

/** The competition's seasons whose ids the calendar derived. */
async function simulatedSeasons(db: Kysely<Tables>, competitionId: string, sport: string) {
  const rows = await db
    .selectFrom("seasons")
    .select(["id", "name", "start_date"])
    .where("competition_id", "=", competitionId)
    .execute();
  return rows
    .filter(
      (s) =>
        s.id === derivedId("se", sport, competitionId, "edition", s.start_date) ||
        (/^\d{4}$/.test(s.name) && s.id === derivedId("se", sport, competitionId, s.name)),
    )
    .map((s) => s.id);
}

/** Fixtures recorded as a feed's whose ids are the calendar's copies of the competition's own. */
async function simulatedCopies(db: Kysely<Tables>, competitionId: string, sport: string) {
  const fed = await db
    .selectFrom("fixtures")
    .select(["id", "season_id", "kickoff"])
    .where("competition_id", "=", competitionId)
    .where("source", "=", "feed")
    .execute();
  if (fed.length === 0) return [];
  const all = await db
    .selectFrom("fixtures")
    .select(["id", "kickoff"])
    .where("competition_id", "=", competitionId)
    .orderBy("kickoff")
    .execute();
  const times = all.map((f) => Date.parse(f.kickoff));
  return fed.filter((fixture) => {
    const at = Date.parse(fixture.kickoff);
    for (let i = 0; i < all.length; i++) {
      const t = times[i] as number;
      if (t >= at) break;
      if (at - t > TEMPLATE_WINDOW_MS) continue;
      if (fixture.id === derivedId("fx", sport, "edition", (all[i] as { id: string }).id, at))
        return true;
    }
    return false;
  });
}

/** The rotation's tournaments, and the sample world's fixtures, recorded as a feed's. */
async function relabelSampleWorld(db: Kysely<Tables>): Promise<number> {
  const fed = await db
    .selectFrom("competitions")
    .select(["id", "name"])
    .where("sport", "=", "tennis")
    .where("source", "=", "feed")
    .execute();
  const ours = fed
    .filter((c) => c.id === derivedId("co", "tennis", "tour", slugify(c.name)))
    .map((c) => c.id);
  let relabelled = 0;
  if (ours.length > 0) {
    const result = await db
      .updateTable("competitions")
      .set({ source: "sample" })
      .where("id", "in", ours)
      .executeTakeFirst();
    relabelled += Number(result.numUpdatedRows);
  }
  const fixtures = await db
    .updateTable("fixtures")
    .set({ source: "sample" })
    .where("source", "=", "feed")
    .where("competition_id", "in", (eb) =>
      eb.selectFrom("competitions").select("id").where("source", "=", "sample"),
    )
    .executeTakeFirst();
  return relabelled + Number(fixtures.numUpdatedRows);
}

/** The competition's current season: its latest by start date, or none. */
async function restoreCurrentSeason(db: Kysely<Tables>, competitionId: string): Promise<void> {
  const latest = await db
    .selectFrom("seasons")
    .select("id")
    .where("competition_id", "=", competitionId)
    .orderBy("start_date", "desc")
    .orderBy("name", "desc")
    .executeTakeFirst();
  await db
    .updateTable("competitions")
    .set({ current_season_id: latest?.id ?? null })
    .where("id", "=", competitionId)
    .execute();
}
