/** Players: the directory (by competition, team, position, name search) and one profile. */
import { type Selectable, sql } from "kysely";
import { notFound } from "../errors/service-error.js";
import { parseJson } from "../store/json-columns.js";
import type { PlayersTable } from "../store/tables.js";
import { careerRecord } from "./career-record.js";
import type { Page, PageRequest, ServiceContext, Sport } from "./context.js";
import { columnOrder, type OrderTerm, parseSort, type SortKey, statOrder } from "./list-sort.js";
import { requireCompetition, requireTeam } from "./lookups.js";
import { searchPattern } from "./search.js";

export interface PlayerQuery {
  league?: string | undefined;
  team?: string | undefined;
  search?: string | undefined;
  position?: string | undefined;
  nationality?: string | undefined;
  /** `sort` (list-sort.ts): fields, a leading `-` for descending. */
  sort?: string | undefined;
}

type PlayerRow = Selectable<PlayersTable> & { team_name: string | null };

export function presentPlayer(row: PlayerRow) {
  return {
    player_id: row.id,
    sport: row.sport,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    slug: row.slug,
    position: row.position,
    nationality: row.nationality,
    date_of_birth: row.date_of_birth,
    shirt_number: row.shirt_number,
    height_cm: row.height_cm,
    team_id: row.team_id,
    team: row.team_name,
    profile: parseJson<Record<string, unknown>>(row.detail) ?? {},
    updated_at: row.updated_at,
    links: {
      self: `/v1/${row.sport}/players/${row.id}`,
      statistics: `/v1/${row.sport}/statistics/player/${row.id}`,
    },
  };
}

function players(ctx: ServiceContext, sport: Sport) {
  return ctx.store.db
    .selectFrom("players as p")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .where("p.sport", "=", sport);
}

export async function listPlayers(
  ctx: ServiceContext,
  sport: Sport,
  query: PlayerQuery,
  page: PageRequest,
): Promise<Page<ReturnType<typeof presentPlayer>>> {
  const sort = parseSort(sport, "player", query.sort);
  let q = players(ctx, sport);
  let competitionId: string | undefined;
  if (query.league !== undefined) {
    const competition = await requireCompetition(ctx, sport, query.league);
    competitionId = competition.id;
    q = q.where("p.team_id", "in", (eb) =>
      eb
        .selectFrom("team_competitions")
        .select("team_id")
        .where("competition_id", "=", competition.id)
        .where("season_id", "=", competition.current_season_id ?? ""),
    );
  }
  if (query.team !== undefined)
    q = q.where("p.team_id", "=", (await requireTeam(ctx, sport, query.team)).id);
  if (query.search !== undefined) {
    q = q.where(sql<boolean>`p.search_name like ${searchPattern(query.search)} escape '\\'`);
  }
  if (query.position !== undefined) q = q.where("p.position", "=", query.position.toLowerCase());
  if (query.nationality !== undefined)
    q = q.where("p.nationality", "=", query.nationality.toUpperCase());
  let ordered = q.selectAll("p").select("t.name as team_name");
  for (const term of sort.flatMap((key) => playerOrder(ctx, key, competitionId))) {
    ordered = ordered.orderBy(term.expression, term.direction);
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst(),
    ordered
      .orderBy("p.last_name")
      .orderBy("p.first_name")
      .orderBy("p.id")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
  ]);
  return { items: rows.map(presentPlayer), total: Number(count?.n ?? 0), ...page };
}

/** What one sort key orders the players by. */
function playerOrder(
  ctx: ServiceContext,
  key: SortKey,
  competitionId: string | undefined,
): OrderTerm[] {
  if (key.statistic) {
    return statOrder(key, {
      dialect: ctx.store.dialect,
      table: "player_season_stats",
      ownerColumn: "player_id",
      owner: sql.ref<string>("p.id"),
      competitionId,
    });
  }
  if (key.field === "name")
    return columnOrder(key, sql.ref("p.last_name"), sql.ref("p.first_name"));
  return columnOrder(key, sql.ref(`p.${key.field}`));
}

export async function getPlayer(ctx: ServiceContext, sport: Sport, id: string) {
  const row = await players(ctx, sport)
    .selectAll("p")
    .select(["t.name as team_name", "t.kind as team_kind", "t.player_id as team_player_id"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(`${sport} player ${id}`);
  // A competitor who is their own `individual` team (a fighter, a tennis player) has a career
  // record; a player of a team does not (the team's results are not theirs).
  const individualTeam =
    row.team_id !== null && row.team_kind === "individual" && row.team_player_id === row.id
      ? row.team_id
      : null;
  const [seasons, record] = await Promise.all([
    ctx.store.db
      .selectFrom("player_season_stats as ps")
      .innerJoin("competitions as c", "c.id", "ps.competition_id")
      .innerJoin("seasons as s", "s.id", "ps.season_id")
      .select(["c.id as competition_id", "c.name as competition", "s.name as season", "ps.stats"])
      .where("ps.player_id", "=", id)
      .orderBy("s.start_date", "desc")
      .execute(),
    individualTeam === null ? null : careerRecord(ctx, sport, individualTeam),
  ]);
  return {
    ...presentPlayer(row),
    record,
    season_stats: seasons.map((s) => ({
      competition_id: s.competition_id,
      competition: s.competition,
      season: s.season,
      stats: parseJson<Record<string, unknown>>(s.stats) ?? {},
    })),
  };
}
