/**
 * What the rolling calendar (`calendar.ts`) reads of the store besides its templates: seasons by
 * name and day, a competition's fixtures in a window, a tennis circuit's latest and oldest events.
 */
import { isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";
import { TEMPLATE_COLUMNS, type TemplateFixture } from "./template-fixture.js";

/**
 * `name`, or — where the competition already has a season so named (the sandbox's compressed
 * calendar plays several seasons a year) — `name (2)`, `name (3)`…
 */
export async function freeSeasonName(
  store: Store,
  competitionId: string,
  name: string,
): Promise<string> {
  const rows = await store.db
    .selectFrom("seasons")
    .select("name")
    .where("competition_id", "=", competitionId)
    .execute();
  const taken = new Set(rows.map((r) => r.name));
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} (${n})`)) return `${name} (${n})`;
}

/** A competition's fixtures kicking off after `from` and by `to`, in kick-off order. */
export async function fixturesBetween(
  store: Store,
  competitionId: string,
  from: number,
  to: number,
): Promise<TemplateFixture[]> {
  return await store.db
    .selectFrom("fixtures")
    .select(TEMPLATE_COLUMNS)
    .where("competition_id", "=", competitionId)
    .where("kickoff", ">", isoSeconds(new Date(from)))
    .where("kickoff", "<=", isoSeconds(new Date(to)))
    .where("status", "not in", ["cancelled"])
    .orderBy("kickoff")
    .orderBy("id")
    .execute();
}

/** A season's first day (ISO date). */
export async function seasonStart(store: Store, seasonId: string): Promise<string> {
  const row = await store.db
    .selectFrom("seasons")
    .select("start_date")
    .where("id", "=", seasonId)
    .executeTakeFirstOrThrow();
  return row.start_date;
}

/** Whether the competition's seasons follow the real calendar: once a year, same dates. */
export async function isAnnual(store: Store, competitionId: string): Promise<boolean> {
  const row = await store.db
    .selectFrom("competitions")
    .select("rules")
    .where("id", "=", competitionId)
    .executeTakeFirst();
  return parseJson<Record<string, unknown>>(row?.rules)?.annual_season === true;
}

/** The id of the competition's latest-starting season holding `day` (ISO date), if any. */
export async function seasonHolding(
  store: Store,
  competitionId: string,
  day: string,
): Promise<string | undefined> {
  const season = await store.db
    .selectFrom("seasons")
    .select("id")
    .where("competition_id", "=", competitionId)
    .where("start_date", "<=", day)
    .where("end_date", ">=", day)
    .orderBy("start_date", "desc")
    .limit(1)
    .executeTakeFirst();
  return season?.id;
}

/** The last kick-off (ms) among the competitions' fixtures, if they have any. */
export async function lastKickoffOf(
  store: Store,
  competitionIds: readonly string[],
): Promise<number | undefined> {
  const latest = await store.db
    .selectFrom("fixtures")
    .select((eb) => eb.fn.max("kickoff").as("kickoff"))
    .where("competition_id", "in", competitionIds)
    .executeTakeFirst();
  return latest?.kickoff ? Date.parse(latest.kickoff) : undefined;
}

/** Of the competitions, the one whose last fixture is the earliest, and that kick-off (ms). */
export async function oldestEdition(
  store: Store,
  competitionIds: readonly string[],
): Promise<{ competition_id: string; last: number } | undefined> {
  const oldest = await store.db
    .selectFrom(
      competitionsWithLastKickoff(store).where("c.id", "in", competitionIds).as("editions"),
    )
    .selectAll()
    .where("last", "is not", null)
    .orderBy("last")
    .orderBy("competition_id")
    .limit(1)
    .executeTakeFirst();
  if (oldest?.last == null) return undefined;
  return { competition_id: oldest.competition_id, last: Date.parse(oldest.last) };
}

/**
 * Competitions (`c`) with their last kick-off (`last`, null without fixtures): one index probe
 * per competition (migration 012), not a scan of their fixtures. The caller chooses the rows.
 */
export function competitionsWithLastKickoff(store: Store) {
  return store.db.selectFrom("competitions as c").select((eb) => [
    "c.id as competition_id",
    eb
      .selectFrom("fixtures as f")
      .select((f) => f.fn.max("f.kickoff").as("last"))
      .whereRef("f.competition_id", "=", "c.id")
      .as("last"),
  ]);
}
