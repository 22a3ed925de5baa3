/** Teams: the directory (by competition, country, name search) and one team's profile. */

import { sql } from "kysely";
import { notFound } from "../errors/service-error.js";
import { parseJson } from "../store/json-columns.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { columnOrder, type OrderTerm, parseSort, type SortKey, statOrder } from "./list-sort.js";
import type { TeamRow } from "./lookups.js";
import { requireCompetition } from "./lookups.js";
import { searchPattern } from "./search.js";

export interface TeamQuery {
  league?: string | undefined;
  search?: string | undefined;
  country?: string | undefined;
  /** `sort` (list-sort.ts): fields, a leading `-` for descending. */
  sort?: string | undefined;
}

export function presentTeam(row: TeamRow) {
  return {
    team_id: row.id,
    sport: row.sport,
    name: row.name,
    short_name: row.short_name,
    abbreviation: row.abbreviation,
    slug: row.slug,
    kind: row.kind,
    country: row.country_code,
    city: row.city,
    founded: row.founded,
    venue: parseJson<Record<string, unknown>>(row.venue),
    player_id: row.player_id,
    updated_at: row.updated_at,
    links: {
      self: `/v1/${row.sport}/teams/${row.id}`,
      players: `/v1/${row.sport}/players?team_id=${row.id}`,
      statistics: `/v1/${row.sport}/statistics/team/${row.id}`,
    },
  };
}

export async function listTeams(
  ctx: ServiceContext,
  sport: Sport,
  query: TeamQuery,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentTeam>>> {
  const sort = parseSort(sport, "team", query.sort);
  let q = ctx.store.db.selectFrom("teams as t").where("t.sport", "=", sport);
  let competitionId: string | undefined;
  if (query.league !== undefined) {
    const competition = await requireCompetition(ctx, sport, query.league);
    competitionId = competition.id;
    q = q.where("t.id", "in", (eb) =>
      eb
        .selectFrom("team_competitions")
        .select("team_id")
        .where("competition_id", "=", competition.id)
        .where("season_id", "=", competition.current_season_id ?? ""),
    );
  }
  if (query.search !== undefined) {
    q = q.where(sql<boolean>`t.search_name like ${searchPattern(query.search)} escape '\\'`);
  }
  if (query.country !== undefined) q = q.where("t.country_code", "=", query.country.toUpperCase());
  let ordered = q.selectAll("t");
  for (const term of sort.flatMap((key) => teamOrder(ctx, key, competitionId))) {
    ordered = ordered.orderBy(term.expression, term.direction);
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    ordered
      .orderBy("t.name")
      .orderBy("t.id")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  return { items: rows.map(presentTeam), total: Number(count?.n ?? 0), ...page };
}

/** What one sort key orders the teams by. */
function teamOrder(
  ctx: ServiceContext,
  key: SortKey,
  competitionId: string | undefined,
): OrderTerm[] {
  if (key.statistic) {
    return statOrder(key, {
      dialect: ctx.store.dialect,
      table: "team_season_stats",
      ownerColumn: "team_id",
      owner: sql.ref<string>("t.id"),
      competitionId,
    });
  }
  const column = key.field === "country" ? "country_code" : key.field;
  return columnOrder(key, sql.ref(`t.${column}`));
}

export async function getTeam(ctx: ServiceContext, sport: Sport, id: string) {
  const db = ctx.store.db;
  const team = await db
    .selectFrom("teams")
    .selectAll()
    .where("sport", "=", sport)
    .where("id", "=", id)
    .executeTakeFirst();
  if (team === undefined) throw notFound(`${sport} team ${id}`);
  const [squad, competitions] = await Promise.all([
    db
      .selectFrom("players")
      .select(["id", "name", "position", "shirt_number", "nationality", "date_of_birth"])
      .where("team_id", "=", id)
      .orderBy("shirt_number")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("team_competitions as tc")
      .innerJoin("competitions as c", "c.id", "tc.competition_id")
      .innerJoin("seasons as s", "s.id", "tc.season_id")
      .select(["c.id as competition_id", "c.name as competition", "s.name as season"])
      .where("tc.team_id", "=", id)
      .orderBy("s.start_date", "desc")
      .execute(),
  ]);
  return {
    ...presentTeam(team),
    squad: squad.map((p) => ({
      player_id: p.id,
      name: p.name,
      position: p.position,
      shirt_number: p.shirt_number,
      nationality: p.nationality,
      date_of_birth: p.date_of_birth,
    })),
    competitions: competitions.map((c) => ({
      ...c,
      statistics: `/v1/${sport}/statistics/team/${id}?competition=${c.competition_id}&season=${c.season}`,
    })),
  };
}
