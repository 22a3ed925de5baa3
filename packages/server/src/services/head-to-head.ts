/**
 * Head-to-head (ADR-0041): two sides of one head-to-head sport — teams, or in tennis and combat
 * sports the two competitors — with the record of all their finished meetings, their next
 * meetings and a page of past meetings, newest first. `league` and `season` narrow all three.
 * Field sports (golf, horse racing) have no sides to compare: a 404 that says so.
 */
import { invalidParameter, ServiceError } from "../errors/service-error.js";
import { SPORT_MODULES } from "../sports/registry.js";
import { FINISHED_STATUSES } from "../sports/statuses.js";
import { fixtureRows } from "../store/queries/fixture-rows.js";
import type { PageRequest, ServiceContext, Sport } from "./context.js";
import { attributionOf } from "./data-sources.js";
import { countRows } from "./fixture-filters.js";
import { headToHeadRecord } from "./head-to-head-record.js";
import { requireCompetition, resolveSeason, type TeamRow } from "./lookups.js";
import { presentFixture, presentResult } from "./presenters/fixture.js";
import { presentTeam } from "./teams.js";

/** Statuses of a meeting still to be played (a postponed one has no date until rescheduled). */
const UPCOMING_STATUSES = ["tbd", "scheduled", "delayed"];
/** How many upcoming meetings are shown, soonest first. */
const UPCOMING_LIMIT = 10;

export interface HeadToHeadQuery {
  teamA: string;
  teamB: string;
  league?: string | undefined;
  season?: string | undefined;
}

export async function headToHead(
  ctx: ServiceContext,
  sport: Sport,
  query: HeadToHeadQuery,
  page: PageRequest,
) {
  if (SPORT_MODULES[sport].format === "field") {
    throw new ServiceError(
      "not_found",
      `${sport} has no head-to-head: a field sport has no two sides to compare (each event's finishing order is in /v1/${sport}/results)`,
    );
  }
  const teamA = await requireCompetitor(ctx, sport, query.teamA, "team_a");
  const teamB = await requireCompetitor(ctx, sport, query.teamB, "team_b");
  if (teamA.id === teamB.id) {
    throw invalidParameter("team_b", "team_b must name a different side from team_a");
  }
  let competitionId: string | undefined;
  let seasonId: string | undefined;
  if (query.league !== undefined) {
    const competition = await requireCompetition(ctx, sport, query.league);
    competitionId = competition.id;
    if (query.season !== undefined)
      seasonId = (await resolveSeason(ctx, competition, query.season)).id;
  }
  let pair = fixtureRows(ctx.store.db, sport).where((eb) =>
    eb.or([
      eb.and([eb("f.home_team_id", "=", teamA.id), eb("f.away_team_id", "=", teamB.id)]),
      eb.and([eb("f.home_team_id", "=", teamB.id), eb("f.away_team_id", "=", teamA.id)]),
    ]),
  );
  if (competitionId !== undefined) pair = pair.where("f.competition_id", "=", competitionId);
  if (seasonId !== undefined) pair = pair.where("f.season_id", "=", seasonId);
  else if (query.season !== undefined) pair = pair.where("s.name", "=", query.season);
  const past = pair.where("f.status", "in", [...FINISHED_STATUSES]);
  const [total, meetings, facts, upcoming] = await Promise.all([
    countRows(past),
    past
      .orderBy("f.kickoff", "desc")
      .orderBy("f.id")
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    past
      .clearSelect()
      .select(["f.home_team_id", "f.home_score", "f.away_score", "f.score", "f.result"])
      .execute(),
    pair
      .where("f.status", "in", UPCOMING_STATUSES)
      .orderBy("f.kickoff")
      .orderBy("f.id")
      .limit(UPCOMING_LIMIT)
      .execute(),
  ]);
  return {
    data: {
      team_a: presentTeam(teamA),
      team_b: presentTeam(teamB),
      record: headToHeadRecord(sport, teamA.id, facts),
      upcoming: upcoming.map(presentFixture),
      meetings: meetings.map(presentResult),
    },
    total,
    ...page,
    attribution: attributionOf([...meetings, ...upcoming].map((row) => row.source)),
  };
}

/**
 * A side by id or slug; in tennis and combat sports also by the competitor's player id. Unknown
 * in this sport: a 404 naming the parameter.
 */
async function requireCompetitor(
  ctx: ServiceContext,
  sport: Sport,
  ref: string,
  field: string,
): Promise<TeamRow> {
  const team = await ctx.store.db
    .selectFrom("teams")
    .selectAll()
    .where("sport", "=", sport)
    .where((eb) => eb.or([eb("id", "=", ref), eb("slug", "=", ref), eb("player_id", "=", ref)]))
    .orderBy("id")
    .executeTakeFirst();
  if (team === undefined) {
    throw new ServiceError(
      "not_found",
      `${field} ${JSON.stringify(ref)}: no ${sport} team or competitor has this id`,
      {
        field,
      },
    );
  }
  return team;
}
