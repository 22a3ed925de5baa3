/**
 * Stores one file's records in one transaction: countries, competitions (current season = the
 * latest stored season), seasons, teams, team memberships, fixtures and the season's known point
 * deductions, and the kept league tables those change (ADR-0033). A failure rolls the whole file
 * back. Slugs never change once stored, so URLs stay stable.
 */
import type { Kysely } from "kysely";
import type { Store } from "../../store/database.js";
import { toRow } from "../../store/json-columns.js";
import { StaleTables } from "../../store/standings/kept-tables.js";
import type { Tables } from "../../store/tables.js";
import type { FileRecords, SectionRecords, TeamRecord } from "./build-records.js";
import { clubIdentity, preferredName } from "./teams.js";
import { type RowChanges, upsertRows } from "./upsert-rows.js";

export interface FileChanges {
  competitions: RowChanges;
  seasons: RowChanges;
  teams: RowChanges;
  fixtures: RowChanges;
  standings_adjustments: RowChanges;
}

const empty = (): RowChanges => ({ created: [], updated: [], unchanged: [] });

function merge(into: RowChanges, from: RowChanges): void {
  into.created.push(...from.created);
  into.updated.push(...from.updated);
  into.unchanged.push(...from.unchanged);
}

export async function writeFileRecords(
  store: Store,
  records: FileRecords,
  stamp: string,
): Promise<FileChanges> {
  return store.db.transaction().execute(async (trx) => {
    for (const country of records.countries) {
      await trx
        .insertInto("countries")
        .values({ code: country.code, name: country.name, updated_at: stamp })
        .onConflict((oc) => oc.column("code").doNothing())
        .execute();
    }
    const changes: FileChanges = {
      competitions: empty(),
      seasons: empty(),
      teams: empty(),
      fixtures: empty(),
      standings_adjustments: empty(),
    };
    const stale = new StaleTables();
    for (const section of records.sections) {
      merge(changes.competitions, await upsertCompetition(trx, section, stale));
      merge(changes.seasons, await upsertRows(trx, "seasons", [section.season]));
      merge(changes.teams, await upsertTeams(trx, section.teams, stamp));
      await trx
        .insertInto("team_competitions")
        .values(
          section.teams.map((team) => ({
            team_id: team.id,
            competition_id: section.competition.id,
            season_id: section.season.id,
          })),
        )
        .onConflict((oc) => oc.columns(["competition_id", "season_id", "team_id"]).doNothing())
        .execute();
      merge(changes.fixtures, await upsertRows(trx, "fixtures", section.fixtures));
      merge(
        changes.standings_adjustments,
        await upsertRows(trx, "standings_adjustments", section.adjustments),
      );
      stale.season(section.competition.id, section.season.id);
    }
    // A renamed club's name is in the rows of every season it played.
    for (const team of changes.teams.updated) stale.team(team);
    await stale.refresh(trx, stamp);
    return changes;
  });
}

/**
 * The competition's current season is its latest one, stored or in this file; an older file
 * changes neither that nor the name, so importing seasons in any order gives the same row.
 */
async function upsertCompetition(
  trx: Kysely<Tables>,
  section: SectionRecords,
  stale: StaleTables,
): Promise<RowChanges> {
  const next = { ...section.competition };
  const stored = await trx
    .selectFrom("competitions")
    .select(["slug", "name", "search_name", "type", "rules"])
    .where("id", "=", next.id)
    .executeTakeFirst();
  const seasons = await trx
    .selectFrom("seasons")
    .select(["id", "name", "start_date"])
    .where("competition_id", "=", next.id)
    .where("id", "!=", section.season.id)
    .execute();
  const latest = [...seasons, section.season].sort(
    (a, b) => b.start_date.localeCompare(a.start_date) || b.name.localeCompare(a.name),
  )[0];
  next.current_season_id = latest?.id ?? section.season.id;
  if (stored !== undefined) {
    // Its type and rules decide the table of every season it has.
    if (stored.type !== next.type || stored.rules !== toRow("competitions", next).rules)
      stale.competition(next.id);
    next.slug = stored.slug;
    if (next.current_season_id !== section.season.id) {
      next.name = stored.name;
      next.search_name = stored.search_name;
    }
  } else {
    next.slug = await freeSlug(trx, "competitions", next.slug, next.id);
  }
  return upsertRows(trx, "competitions", [next]);
}

/**
 * New clubs are inserted. A stored club takes a preferred spelling of its name
 * (`preferredName`), and a country: a domestic competition's always, a name suffix's only when
 * it has none. Both rules converge, so the order files are imported in never matters.
 */
async function upsertTeams(
  trx: Kysely<Tables>,
  teams: readonly TeamRecord[],
  stamp: string,
): Promise<RowChanges> {
  const changes = empty();
  for (const team of teams) {
    const stored = await trx
      .selectFrom("teams")
      .select(["id", "name", "country_code"])
      .where("id", "=", team.id)
      .executeTakeFirst();
    if (stored === undefined) {
      await insertTeam(trx, team, stamp);
      changes.created.push(team.id);
      continue;
    }
    const name = preferredName(stored.name, team.name);
    const country =
      team.domestic || stored.country_code === null ? team.country_code : stored.country_code;
    if (name === stored.name && country === stored.country_code) {
      changes.unchanged.push(team.id);
      continue;
    }
    const spelling = name === team.name ? team : clubIdentity(stored.name);
    await trx
      .updateTable("teams")
      .set({
        name: spelling.name,
        short_name: spelling.short_name,
        abbreviation: spelling.abbreviation,
        search_name: spelling.search_name,
        country_code: country,
        updated_at: stamp,
      })
      .where("id", "=", team.id)
      .execute();
    changes.updated.push(team.id);
  }
  return changes;
}

async function insertTeam(trx: Kysely<Tables>, team: TeamRecord, stamp: string): Promise<void> {
  const row = {
    id: team.id,
    sport: "football",
    slug: await freeSlug(trx, "teams", team.slug, team.id),
    name: team.name,
    short_name: team.short_name,
    abbreviation: team.abbreviation,
    kind: "team",
    country_code: team.country_code,
    city: null,
    founded: null,
    venue: null,
    player_id: null,
    search_name: team.search_name,
    updated_at: stamp,
  };
  await trx
    .insertInto("teams")
    .values(toRow("teams", row) as never)
    .execute();
}

/** The slug, or the slug with a piece of the id when another row already has it. */
async function freeSlug(
  trx: Kysely<Tables>,
  table: "teams" | "competitions",
  slug: string,
  id: string,
): Promise<string> {
  const holder = await trx
    .selectFrom(table)
    .select("id")
    .where("sport", "=", "football")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return holder === undefined || holder.id === id ? slug : `${slug}-${id.slice(-6)}`;
}
