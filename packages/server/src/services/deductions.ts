/**
 * Point deductions: recorded against a club in one competition season and subtracted by the
 * standings (ADR-0008), whose kept table is refreshed in the same transaction (ADR-0033).
 * Recording is idempotent: the id is derived from the league, season, team, points and reason,
 * so the same deduction recorded twice is stored once.
 */

import { invalidParameter, ServiceError } from "../errors/service-error.js";
import { derivedId } from "../lib/ids.js";
import { searchable, slugify } from "../lib/text.js";
import { isoSeconds } from "../lib/time.js";
import { SPORTS } from "../sports/types.js";
import { refreshTables } from "../store/standings/kept-tables.js";
import type { ServiceContext, Sport } from "./context.js";
import {
  type CompetitionRow,
  requireCompetition,
  resolveSeason,
  type SeasonRow,
  type TeamRow,
} from "./lookups.js";

export interface DeductionInput {
  sport: string;
  /** Competition slug or id. */
  league: string;
  /** Season name, e.g. `2023-2024`. */
  season: string;
  /** Team slug, id or exact name. */
  team: string;
  points: number;
  reason: string;
}

export interface Deduction {
  id: string;
  sport: string;
  competition_id: string;
  league: string;
  season_id: string;
  season: string;
  team_id: string;
  team: string;
  points: number;
  reason: string;
  created_at: string;
}

const MAX_DEDUCTION = 100;
const MAX_REASON = 500;

export async function recordDeduction(
  ctx: ServiceContext,
  input: DeductionInput,
): Promise<{ deduction: Deduction; created: boolean }> {
  const sport = requireSport(input.sport);
  const reason = input.reason.trim();
  const problems = [
    !Number.isInteger(input.points) || input.points < 1 || input.points > MAX_DEDUCTION
      ? invalidParameter(
          "points",
          `points must be a whole number from 1 to ${MAX_DEDUCTION}; got ${input.points}`,
        )
      : null,
    reason === "" || reason.length > MAX_REASON
      ? invalidParameter("reason", `reason must be 1 to ${MAX_REASON} characters`)
      : null,
  ].filter((p): p is ServiceError => p !== null);
  const [first] = problems;
  if (first !== undefined) {
    throw new ServiceError("invalid_parameter", first.message, {
      details: problems.flatMap((p) => p.details),
    });
  }
  const competition = await requireCompetition(ctx, sport, input.league, "league");
  const season = await resolveSeason(ctx, competition, input.season, "season");
  const team = await requireSeasonTeam(ctx, sport, competition, season, input.team);
  const id = derivedId("adj", sport, competition.id, season.id, team.id, input.points, reason);
  const stored = await ctx.store.db
    .selectFrom("standings_adjustments")
    .select("created_at")
    .where("id", "=", id)
    .executeTakeFirst();
  const createdAt = stored?.created_at ?? isoSeconds(ctx.clock());
  if (stored === undefined) {
    // The kept table (ADR-0033) changes in the deduction's own transaction.
    await ctx.store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("standings_adjustments")
        .values({
          id,
          sport,
          competition_id: competition.id,
          season_id: season.id,
          team_id: team.id,
          points: input.points,
          reason,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await refreshTables(
        trx,
        [{ competitionId: competition.id, seasonId: season.id }],
        isoSeconds(ctx.clock()),
      );
    });
  }
  return {
    created: stored === undefined,
    deduction: {
      id,
      sport,
      competition_id: competition.id,
      league: competition.name,
      season_id: season.id,
      season: season.name,
      team_id: team.id,
      team: team.name,
      points: input.points,
      reason,
      created_at: createdAt,
    },
  };
}

export async function listDeductions(
  ctx: ServiceContext,
  query: { sport: string; league: string; season?: string | undefined },
): Promise<Deduction[]> {
  const sport = requireSport(query.sport);
  const competition = await requireCompetition(ctx, sport, query.league, "league");
  let select = ctx.store.db
    .selectFrom("standings_adjustments as a")
    .innerJoin("teams as t", "t.id", "a.team_id")
    .innerJoin("seasons as s", "s.id", "a.season_id")
    .select([
      "a.id",
      "a.sport",
      "a.competition_id",
      "a.season_id",
      "s.name as season",
      "a.team_id",
      "t.name as team",
      "a.points",
      "a.reason",
      "a.created_at",
    ])
    .where("a.competition_id", "=", competition.id);
  if (query.season !== undefined) {
    const season = await resolveSeason(ctx, competition, query.season, "season");
    select = select.where("a.season_id", "=", season.id);
  }
  const rows = await select
    .orderBy("s.start_date", "desc")
    .orderBy("t.name")
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({ ...row, league: competition.name }));
}

function requireSport(value: string): Sport {
  if (!(SPORTS as readonly string[]).includes(value)) {
    throw invalidParameter(
      "sport",
      `sport must be one of ${SPORTS.join(", ")}; got ${JSON.stringify(value)}`,
    );
  }
  return value as Sport;
}

/**
 * A team that played in the season, by id, slug or name (exact, or ignoring case and accents,
 * or as its slug would read: "Everton" finds `everton`).
 */
async function requireSeasonTeam(
  ctx: ServiceContext,
  sport: Sport,
  competition: CompetitionRow,
  season: SeasonRow,
  ref: string,
): Promise<TeamRow> {
  const candidates = await ctx.store.db
    .selectFrom("teams as t")
    .innerJoin("team_competitions as tc", "tc.team_id", "t.id")
    .selectAll("t")
    .where("t.sport", "=", sport)
    .where("tc.competition_id", "=", competition.id)
    .where("tc.season_id", "=", season.id)
    .where((eb) =>
      eb.or([
        eb("t.id", "=", ref),
        eb("t.slug", "=", ref),
        eb("t.name", "=", ref),
        eb("t.search_name", "=", searchable(ref)),
        eb("t.slug", "=", slugify(ref)),
      ]),
    )
    .execute();
  const exact = candidates.filter((t) => t.id === ref || t.slug === ref || t.name === ref);
  const matches = exact.length > 0 ? exact : candidates;
  const [team, other] = matches;
  if (team === undefined) {
    throw invalidParameter(
      "team",
      `team ${JSON.stringify(ref)} is not a ${sport} team of ${competition.name} ${season.name}`,
    );
  }
  if (other !== undefined) {
    throw invalidParameter("team", `team ${JSON.stringify(ref)} is ambiguous: use its slug or id`);
  }
  return team;
}
