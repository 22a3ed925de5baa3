/**
 * An individual competitor's career record (a fighter's W-L-D and no contests, a tennis player's
 * wins and losses): every finished fixture of their `individual` team in the store, across all
 * competitions and seasons, counted in one aggregate query. How each bout counts, from its
 * `result`:
 *
 * - `decided_by: "no_contest"` → a no contest, whoever the result names (an overturned win is
 *   stored this way, its original winner aside);
 * - a `winner_team_id` → a win when it is the competitor, otherwise a loss;
 * - `decided_by: "draw"` or `outcome: "draw"` → a draw; `outcome: "no_result"` → a no contest;
 * - else `outcome: "home"`/`"away"` → a win or a loss by the competitor's side.
 *
 * A finished fixture with none of these (no result stored) is not counted; `awarded` and
 * `walkover` fixtures were not contested and are not counted either.
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../store/database.js";
import type { ServiceContext, Sport } from "./context.js";

export interface CareerRecord {
  wins: number;
  losses: number;
  draws: number;
  no_contests: number;
  /** `"20-3-1"`, with `" (1 NC)"` when there are no contests. */
  text: string;
}

/** A string at one top-level key of a JSON document stored as text, or NULL. */
function jsonText(
  dialect: Dialect,
  document: Expression<string | null>,
  key: string,
): RawBuilder<string | null> {
  if (dialect === "sqlite") {
    const path = `$.${JSON.stringify(key)}`;
    return sql<
      string | null
    >`(case when json_type(${document}, ${path}) = 'text' then json_extract(${document}, ${path}) end)`;
  }
  return sql<
    string | null
  >`(case when jsonb_typeof(cast(${document} as jsonb) -> ${key}::text) = 'string' then cast(${document} as jsonb) ->> ${key}::text end)`;
}

/** The record of the `individual` team `teamId` (a fighter's or a tennis player's). */
export async function careerRecord(
  ctx: ServiceContext,
  sport: Sport,
  teamId: string,
): Promise<CareerRecord> {
  const { db, dialect } = ctx.store;
  const result = sql.ref<string | null>("f.result");
  const winner = jsonText(dialect, result, "winner_team_id");
  const outcome = jsonText(dialect, result, "outcome");
  const decidedBy = jsonText(dialect, result, "decided_by");
  const home = sql.ref<string | null>("f.home_team_id");
  const away = sql.ref<string | null>("f.away_team_id");
  const kind = sql<string | null>`case
    when ${decidedBy} = 'no_contest' then 'nc'
    when ${winner} is not null then (case when ${winner} = ${teamId} then 'w' else 'l' end)
    when ${decidedBy} = 'draw' or ${outcome} = 'draw' then 'd'
    when ${outcome} = 'no_result' then 'nc'
    when ${outcome} = 'home' then (case when ${home} = ${teamId} then 'w' else 'l' end)
    when ${outcome} = 'away' then (case when ${away} = ${teamId} then 'w' else 'l' end)
  end`;
  const bouts = db
    .selectFrom("fixtures as f")
    .select(kind.as("kind"))
    .where("f.sport", "=", sport)
    .where("f.status", "=", "finished")
    .where((eb) => eb.or([eb("f.home_team_id", "=", teamId), eb("f.away_team_id", "=", teamId)]));
  const count = (k: string) =>
    sql<number | string | null>`sum(case when ${sql.ref("b.kind")} = ${k} then 1 else 0 end)`;
  const row = await db
    .selectFrom(bouts.as("b"))
    .select([
      count("w").as("wins"),
      count("l").as("losses"),
      count("d").as("draws"),
      count("nc").as("no_contests"),
    ])
    .executeTakeFirst();
  const wins = Number(row?.wins ?? 0);
  const losses = Number(row?.losses ?? 0);
  const draws = Number(row?.draws ?? 0);
  const noContests = Number(row?.no_contests ?? 0);
  const nc = noContests === 0 ? "" : ` (${noContests} NC)`;
  return {
    wins,
    losses,
    draws,
    no_contests: noContests,
    text: `${wins}-${losses}-${draws}${nc}`,
  };
}
