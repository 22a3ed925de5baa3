/**
 * Resolving references a caller gives (a slug or an id) to rows of one sport. An unknown
 * reference in a filter is a 400 naming the parameter; ids from another sport are unknown.
 * A competition is found by its exact id or slug first; only when none has it, by the text in
 * slug form (`NBA`, `Premier League`) and then by the league aliases (`mlb`, `epl`: see
 * league-aliases.ts). An unknown competition's message names the closest slugs and aliases.
 */
import type { Selectable } from "kysely";
import { invalidParameter } from "../errors/service-error.js";
import { boundedEditDistance } from "../lib/edit-distance.js";
import { slugify } from "../lib/text.js";
import type { CompetitionsTable, SeasonsTable, TeamsTable } from "../store/tables.js";
import type { ServiceContext, Sport } from "./context.js";
import { leagueAlias, leagueAliases } from "./league-aliases.js";

export type CompetitionRow = Selectable<CompetitionsTable>;
export type SeasonRow = Selectable<SeasonsTable>;
export type TeamRow = Selectable<TeamsTable>;

async function findCompetition(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
): Promise<CompetitionRow | undefined> {
  return ctx.store.db
    .selectFrom("competitions")
    .selectAll()
    .where("sport", "=", sport)
    .where((eb) => eb.or([eb("id", "=", ref), eb("slug", "=", ref)]))
    .executeTakeFirst();
}

/**
 * The competition a text names when it is no exact slug or id: the text in slug form as a slug,
 * else the competition of the alias it is (by the id its importer gives it, else by its slug).
 */
async function findByAlias(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
): Promise<CompetitionRow | undefined> {
  const key = slugify(ref);
  if (key === "") return undefined;
  const target = leagueAlias(sport, key);
  if (target === undefined && key === ref) return undefined;
  const rows = await ctx.store.db
    .selectFrom("competitions")
    .selectAll()
    .where("sport", "=", sport)
    .where((eb) =>
      eb.or([
        eb("slug", "=", key),
        ...(target === undefined ? [] : [eb("id", "=", target.id), eb("slug", "=", target.slug)]),
      ]),
    )
    .execute();
  return (
    rows.find((row) => row.slug === key) ??
    rows.find((row) => row.id === target?.id) ??
    rows.find((row) => row.slug === target?.slug)
  );
}

/** Suggestions named at most. */
const SUGGESTIONS = 3;

/**
 * The sport's competition slugs and the aliases that resolve, closest to `ref` first: those
 * within a few edits (more for a longer text), then those holding its words (`premier`).
 */
async function closestCompetitions(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
): Promise<string[]> {
  const key = slugify(ref);
  // No slug is that long: nothing is close to it.
  if (key === "" || key.length > 100) return [];
  const rows = await ctx.store.db
    .selectFrom("competitions")
    .select(["id", "slug"])
    .where("sport", "=", sport)
    .execute();
  const ids = new Set(rows.map((row) => row.id));
  const candidates = new Set(rows.map((row) => row.slug));
  for (const target of leagueAliases(sport)) {
    if (ids.has(target.id) || candidates.has(target.slug)) candidates.add(target.alias);
  }
  const max = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  const scored: Array<[string, number]> = [];
  for (const candidate of candidates) {
    const distance = boundedEditDistance(key, candidate, max);
    if (distance <= max) scored.push([candidate, distance]);
    else if (key.length >= 3 && `-${candidate}-`.includes(`-${key}-`))
      scored.push([candidate, max + 1]);
  }
  return scored
    .sort(([a, da], [b, db]) => da - db || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, SUGGESTIONS)
    .map(([candidate]) => candidate);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
function orList(names: readonly string[]): string {
  const quoted = names.map((name) => JSON.stringify(name));
  const last = quoted.pop();
  return quoted.length === 0 ? String(last) : `${quoted.join(", ")} or ${last}`;
}

export async function requireCompetition(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
  field = "league",
): Promise<CompetitionRow> {
  const competition =
    (await findCompetition(ctx, sport, ref)) ?? (await findByAlias(ctx, sport, ref));
  if (competition === undefined) {
    const closest = await closestCompetitions(ctx, sport, ref);
    const hint = closest.length === 0 ? "" : `; did you mean ${orList(closest)}?`;
    throw invalidParameter(
      field,
      `${field} ${JSON.stringify(ref)} is not a ${sport} competition${hint}`,
    );
  }
  return competition;
}

export async function requireTeam(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
  field = "team",
): Promise<TeamRow> {
  const team = await ctx.store.db
    .selectFrom("teams")
    .selectAll()
    .where("sport", "=", sport)
    .where((eb) => eb.or([eb("id", "=", ref), eb("slug", "=", ref)]))
    .executeTakeFirst();
  if (team === undefined) {
    throw invalidParameter(field, `${field} ${JSON.stringify(ref)} is not a ${sport} team`);
  }
  return team;
}

/** The named season of a competition, or its current one when `name` is absent. */
export async function resolveSeason(
  ctx: ServiceContext,
  competition: CompetitionRow,
  name: string | undefined,
  field = "season",
): Promise<SeasonRow> {
  const query = ctx.store.db
    .selectFrom("seasons")
    .selectAll()
    .where("competition_id", "=", competition.id);
  const season =
    name !== undefined
      ? await query.where("name", "=", name).executeTakeFirst()
      : competition.current_season_id !== null
        ? await query.where("id", "=", competition.current_season_id).executeTakeFirst()
        : await query.orderBy("start_date", "desc").executeTakeFirst();
  if (season === undefined) {
    throw invalidParameter(
      field,
      name === undefined
        ? `${competition.name} has no seasons`
        : `${competition.name} has no season ${JSON.stringify(name)}`,
    );
  }
  return season;
}
