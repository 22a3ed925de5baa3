/** Competitions (with country, tier and current season) and the countries a sport covers. */
import { sql } from "kysely";
import { parseJson } from "../store/json-columns.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { attributionOf, dataSource, sourceObject } from "./data-sources.js";
import { searchPattern } from "./search.js";

export interface CompetitionQuery {
  country?: string | undefined;
  type?: string | undefined;
  search?: string | undefined;
}

export async function listCompetitions(
  ctx: ServiceContext,
  sport: Sport,
  query: CompetitionQuery,
  page: PageRequest,
) {
  let q = ctx.store.db
    .selectFrom("competitions as c")
    .innerJoin("countries as k", "k.code", "c.country_code")
    .leftJoin("seasons as s", "s.id", "c.current_season_id")
    .where("c.sport", "=", sport);
  if (query.country !== undefined) q = q.where("c.country_code", "=", query.country.toUpperCase());
  if (query.type !== undefined) q = q.where("c.type", "=", query.type.toLowerCase());
  if (query.search !== undefined) {
    q = q.where(sql<boolean>`c.search_name like ${searchPattern(query.search)} escape '\\'`);
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    q
      .select([
        "c.id",
        "c.sport",
        "c.slug",
        "c.name",
        "c.tier",
        "c.type",
        "c.gender",
        "c.rules",
        "c.source",
        "c.updated_at",
        "k.code as country_code",
        "k.name as country_name",
        "s.id as season_id",
        "s.name as season_name",
        "s.start_date",
        "s.end_date",
      ])
      .orderBy("k.name")
      .orderBy("c.tier")
      .orderBy("c.name")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  const items = rows.map((r) => ({
    competition_id: r.id,
    sport: r.sport,
    name: r.name,
    slug: r.slug,
    country: { code: r.country_code, name: r.country_name },
    tier: r.tier,
    type: r.type,
    gender: r.gender,
    current_season:
      r.season_id === null
        ? null
        : {
            season_id: r.season_id,
            name: r.season_name,
            start_date: r.start_date,
            end_date: r.end_date,
          },
    rules: parseJson<Record<string, unknown>>(r.rules) ?? {},
    source: sourceObject(r.source),
    attribution: dataSource(r.source).attribution,
    updated_at: r.updated_at,
  }));
  return {
    items,
    total: Number(count?.n ?? 0),
    ...page,
    attribution: attributionOf(rows.map((r) => r.source)),
  } satisfies Page<unknown>;
}

export async function listCountries(ctx: ServiceContext, sport: Sport) {
  const rows = await ctx.store.db
    .selectFrom("countries as k")
    .innerJoin("competitions as c", "c.country_code", "k.code")
    .where("c.sport", "=", sport)
    .select(["k.code", "k.name", (eb) => eb.fn.countAll<number | string>().as("competitions")])
    .groupBy(["k.code", "k.name"])
    .orderBy("k.name")
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, competitions: Number(r.competitions) }));
}

export type { PageRequest };
