/**
 * Reference data from the feed — `competition`, `team`, `player` — upserted by the producer's
 * ids. A slug already taken by another record of the sport is a rejection, not an overwrite.
 */
import { searchable, slugify } from "../../lib/text.js";
import type { Sport } from "../../sports/types.js";
import type { StaleTables } from "../../store/standings/kept-tables.js";
import type { Batch } from "../batch.js";
import type { FeedMessage } from "../messages.js";
import { sourceOf } from "../producer-scope.js";
import { FeedRejection } from "../rejection.js";

type Of<K extends FeedMessage["type"]> = Extract<FeedMessage, { type: K }>;

async function checkSlugFree(
  trx: Batch["trx"],
  table: "competitions" | "teams" | "players",
  sport: Sport,
  slug: string,
  id: string,
  field: string,
): Promise<void> {
  const holder = await trx
    .selectFrom(table)
    .select("id")
    .where("sport", "=", sport)
    .where("slug", "=", slug)
    .where("id", "!=", id)
    .executeTakeFirst();
  if (holder !== undefined) {
    throw new FeedRejection(field, `slug "${slug}" already belongs to ${holder.id}`);
  }
}

async function requireOwn(
  trx: Batch["trx"],
  table: "competitions" | "teams" | "seasons",
  sport: Sport,
  id: string,
  field: string,
): Promise<void> {
  const row = await trx.selectFrom(table).select("sport").where("id", "=", id).executeTakeFirst();
  if (row === undefined || row.sport !== sport) {
    throw new FeedRejection(
      field,
      `no ${sport} ${table.replace(/s$/, "")} has id "${id}"`,
      "not_found",
    );
  }
}

/**
 * The season a message means in `competitionId`: the one it names (which must be a season of
 * that competition), or else the competition's current season.
 */
export async function seasonFor(
  trx: Batch["trx"],
  competitionId: string,
  seasonId: string | undefined,
): Promise<string> {
  if (seasonId !== undefined) {
    const season = await trx
      .selectFrom("seasons")
      .select("competition_id")
      .where("id", "=", seasonId)
      .executeTakeFirst();
    if (season === undefined || season.competition_id !== competitionId) {
      throw new FeedRejection(
        "data.season_id",
        `competition ${competitionId} has no season "${seasonId}"`,
        "not_found",
      );
    }
    return seasonId;
  }
  const competition = await trx
    .selectFrom("competitions")
    .select("current_season_id")
    .where("id", "=", competitionId)
    .executeTakeFirstOrThrow();
  if (competition.current_season_id === null) {
    throw new FeedRejection(
      "data.season_id",
      `competition ${competitionId} has no current season; name one`,
    );
  }
  return competition.current_season_id;
}

export async function applyCompetition(
  batch: Batch,
  message: Of<"competition">,
  stale: StaleTables,
): Promise<void> {
  const { data, sport } = message;
  const { trx, stamp } = batch;
  const other = await trx
    .selectFrom("competitions")
    .select(["sport", "type", "rules"])
    .where("id", "=", data.id)
    .executeTakeFirst();
  if (other !== undefined && other.sport !== sport) {
    throw new FeedRejection("data.id", `id "${data.id}" is a ${other.sport} competition`);
  }
  const slug = data.slug ?? slugify(data.name);
  await checkSlugFree(
    trx,
    "competitions",
    sport,
    slug,
    data.id,
    data.slug ? "data.slug" : "data.name",
  );
  if (data.season !== undefined) {
    const season = await trx
      .selectFrom("seasons")
      .select(["competition_id"])
      .where("id", "=", data.season.id)
      .executeTakeFirst();
    if (season !== undefined && season.competition_id !== data.id) {
      throw new FeedRejection(
        "data.season.id",
        `season "${data.season.id}" belongs to another competition`,
      );
    }
    // A competition's seasons have distinct names (`season=` selects by name).
    const namesake = await trx
      .selectFrom("seasons")
      .select("id")
      .where("competition_id", "=", data.id)
      .where("name", "=", data.season.name)
      .where("id", "!=", data.season.id)
      .executeTakeFirst();
    if (namesake !== undefined) {
      throw new FeedRejection(
        "data.season.name",
        `competition ${data.id} already has a season named "${data.season.name}" (${namesake.id})`,
      );
    }
  }
  const country = await trx
    .selectFrom("countries")
    .select("code")
    .where("code", "=", data.country_code)
    .executeTakeFirst();
  if (country === undefined) {
    if (data.country_name === undefined) {
      throw new FeedRejection(
        "data.country_code",
        `country "${data.country_code}" is not known; send country_name to add it`,
      );
    }
    await trx
      .insertInto("countries")
      .values({ code: data.country_code, name: data.country_name, updated_at: stamp })
      .execute();
  }
  const row = {
    sport,
    slug,
    name: data.name,
    country_code: data.country_code,
    tier: data.tier ?? 1,
    type: data.type ?? "league",
    gender: data.gender ?? "men",
    rules: JSON.stringify(data.rules ?? {}),
    search_name: searchable(data.name),
    updated_at: stamp,
  };
  await trx
    .insertInto("competitions")
    .values({ id: data.id, ...row, current_season_id: null, source: sourceOf(batch.scope) })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  // Its type and rules decide the table of every season it has.
  if (other !== undefined && (other.type !== row.type || other.rules !== row.rules))
    stale.competition(data.id);
  if (data.season !== undefined) {
    const season = {
      name: data.season.name,
      start_date: data.season.start_date,
      end_date: data.season.end_date,
      updated_at: stamp,
    };
    await trx
      .insertInto("seasons")
      .values({ id: data.season.id, sport, competition_id: data.id, ...season })
      .onConflict((oc) => oc.column("id").doUpdateSet(season))
      .execute();
    if (data.season.current !== false) {
      await trx
        .updateTable("competitions")
        .set({ current_season_id: data.season.id })
        .where("id", "=", data.id)
        .execute();
    }
  }
}

export async function applyTeam(
  batch: Batch,
  message: Of<"team">,
  stale: StaleTables,
): Promise<void> {
  const { data, sport } = message;
  const { trx, stamp } = batch;
  const other = await trx
    .selectFrom("teams")
    .select(["sport", "name"])
    .where("id", "=", data.id)
    .executeTakeFirst();
  if (other !== undefined && other.sport !== sport) {
    throw new FeedRejection("data.id", `id "${data.id}" is a ${other.sport} team`);
  }
  const slug = slugify(data.name);
  await checkSlugFree(trx, "teams", sport, slug, data.id, "data.name");
  let seasonId: string | undefined;
  if (data.competition_id !== undefined) {
    await requireOwn(trx, "competitions", sport, data.competition_id, "data.competition_id");
    seasonId = await seasonFor(trx, data.competition_id, data.season_id);
  } else if (data.season_id !== undefined) {
    throw new FeedRejection("data.season_id", "season_id needs competition_id");
  }
  const row = {
    sport,
    slug,
    name: data.name,
    short_name: data.short_name ?? data.name,
    abbreviation:
      data.abbreviation ??
      data.name
        .replace(/[^A-Za-z]/g, "")
        .slice(0, 3)
        .toUpperCase(),
    kind: data.kind ?? "team",
    country_code: data.country_code ?? null,
    city: data.city ?? null,
    founded: data.founded ?? null,
    venue: data.venue === undefined ? null : JSON.stringify(data.venue),
    search_name: searchable(data.name),
    updated_at: stamp,
  };
  await trx
    .insertInto("teams")
    .values({ id: data.id, ...row, player_id: null })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
  // The fixtures it plays in carry its name: a later message reads them again.
  batch.forgetTeam(data.id);
  // Its name is in the rows (and breaks ties) of every season's table it is in.
  if (other !== undefined && other.name !== row.name) stale.team(data.id);
  if (data.competition_id !== undefined && seasonId !== undefined) {
    const link = { team_id: data.id, competition_id: data.competition_id, season_id: seasonId };
    const linked = await trx
      .selectFrom("team_competitions")
      .select("team_id")
      .where("team_id", "=", link.team_id)
      .where("competition_id", "=", link.competition_id)
      .where("season_id", "=", link.season_id)
      .executeTakeFirst();
    if (linked === undefined) {
      await trx.insertInto("team_competitions").values(link).execute();
      stale.season(link.competition_id, link.season_id);
    }
  }
}

export async function applyPlayer(batch: Batch, message: Of<"player">): Promise<void> {
  const { data, sport } = message;
  const { trx, stamp } = batch;
  const other = await trx
    .selectFrom("players")
    .select("sport")
    .where("id", "=", data.id)
    .executeTakeFirst();
  if (other !== undefined && other.sport !== sport) {
    throw new FeedRejection("data.id", `id "${data.id}" is a ${other.sport} player`);
  }
  if (data.team_id !== undefined && data.team_id !== null) {
    await requireOwn(trx, "teams", sport, data.team_id, "data.team_id");
  }
  const slug = slugify(`${data.name} ${data.id}`);
  const [first, ...rest] = data.name.split(" ");
  const row = {
    sport,
    team_id: data.team_id ?? null,
    slug,
    name: data.name,
    first_name: data.first_name ?? first ?? data.name,
    last_name: data.last_name ?? (rest.join(" ") || data.name),
    position: data.position ?? null,
    nationality: data.nationality ?? null,
    date_of_birth: data.date_of_birth ?? null,
    shirt_number: data.shirt_number ?? null,
    height_cm: data.height_cm ?? null,
    detail: JSON.stringify(data.detail ?? {}),
    search_name: searchable(data.name),
    updated_at: stamp,
  };
  await trx
    .insertInto("players")
    .values({ id: data.id, ...row })
    .onConflict((oc) => oc.column("id").doUpdateSet(row))
    .execute();
}

export { requireOwn };
