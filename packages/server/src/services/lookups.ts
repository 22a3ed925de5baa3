/**
 * Resolving references a caller gives (a slug or an id) to rows of one sport. An unknown
 * reference in a filter is a 400 naming the parameter; ids from another sport are unknown.
 */
import type { Selectable } from "kysely";
import { invalidParameter } from "../errors/service-error.js";
import type { CompetitionsTable, SeasonsTable, TeamsTable } from "../store/tables.js";
import type { ServiceContext, Sport } from "./context.js";

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

export async function requireCompetition(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
  field = "league",
): Promise<CompetitionRow> {
  const competition = await findCompetition(ctx, sport, ref);
  if (competition === undefined) {
    throw invalidParameter(field, `${field} ${JSON.stringify(ref)} is not a ${sport} competition`);
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
