/**
 * Fixture filters shared by fixtures, results, history and live: dates, competition, team,
 * season, status and `updated_since`, resolved and validated once, then applied to the read
 * model. Dates are UTC days, or the local days of `timezone` (ADR-0042): `date_to` includes its
 * whole day.
 */

import { invalidParameter } from "../errors/service-error.js";
import { addDays, isoSeconds } from "../lib/time.js";
import { localDayStart } from "../lib/time-zones.js";
import { FIXTURE_STATUSES } from "../sports/types.js";
import type { FixtureRowQuery } from "../store/queries/fixture-rows.js";
import type { ServiceContext, Sport } from "./context.js";
import { requireTimeZone } from "./local-times.js";
import { requireCompetition, requireTeam } from "./lookups.js";

export interface FixtureQuery {
  date?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  league?: string | undefined;
  team?: string | undefined;
  season?: string | undefined;
  status?: string | undefined;
  updated_since?: string | undefined;
  /** An IANA zone: `date`, `date_from` and `date_to` are its local calendar days. */
  timezone?: string | undefined;
}

export interface FixtureFilters {
  /** Inclusive lower bound of kickoff. */
  from?: string;
  /** Exclusive upper bound of kickoff. */
  to?: string;
  competitionId?: string;
  teamId?: string;
  /** `teamId` is an `individual` competitor (a fighter, a tennis player), not a team. */
  individualTeam?: boolean;
  seasonName?: string;
  statuses?: readonly string[];
  updatedSince?: string;
  /** Only each competition's current season. */
  currentSeasonOnly?: boolean;
}

export async function resolveFixtureFilters(
  ctx: ServiceContext,
  sport: Sport,
  query: FixtureQuery,
): Promise<FixtureFilters> {
  const filters: FixtureFilters = {};
  const zone = requireTimeZone(query.timezone);
  if (query.date !== undefined && (query.date_from !== undefined || query.date_to !== undefined)) {
    throw invalidParameter("date", "use either date or date_from/date_to, not both");
  }
  if (query.date !== undefined) {
    filters.from = dayStart(query.date, zone);
    filters.to = dayStart(query.date, zone, 1);
  }
  if (query.date_from !== undefined) filters.from = dayStart(query.date_from, zone);
  if (query.date_to !== undefined) filters.to = dayStart(query.date_to, zone, 1);
  if (
    query.date_from !== undefined &&
    query.date_to !== undefined &&
    query.date_from > query.date_to
  ) {
    throw invalidParameter("date_from", "date_from must not be after date_to");
  }
  if (query.league !== undefined) {
    filters.competitionId = (await requireCompetition(ctx, sport, query.league)).id;
  }
  if (query.team !== undefined) {
    const team = await requireTeam(ctx, sport, query.team);
    filters.teamId = team.id;
    if (team.kind === "individual") filters.individualTeam = true;
  }
  if (query.season !== undefined) filters.seasonName = query.season;
  if (query.status !== undefined) filters.statuses = parseStatuses(query.status);
  if (query.updated_since !== undefined) {
    filters.updatedSince = isoSeconds(new Date(Date.parse(query.updated_since)));
  }
  return filters;
}

/** True when the caller gave any date, season or change filter. */
export function hasTimeFilter(query: FixtureQuery): boolean {
  return [query.date, query.date_from, query.date_to, query.season, query.updated_since].some(
    (v) => v !== undefined,
  );
}

export function applyFixtureFilters(
  query: FixtureRowQuery,
  filters: FixtureFilters,
): FixtureRowQuery {
  let q = query;
  if (filters.from !== undefined) q = q.where("f.kickoff", ">=", filters.from);
  if (filters.to !== undefined) q = q.where("f.kickoff", "<", filters.to);
  if (filters.competitionId !== undefined)
    q = q.where("f.competition_id", "=", filters.competitionId);
  const teamId = filters.teamId;
  if (teamId !== undefined) {
    q = q.where((eb) =>
      eb.or([eb("f.home_team_id", "=", teamId), eb("f.away_team_id", "=", teamId)]),
    );
  }
  if (filters.seasonName !== undefined) q = q.where("s.name", "=", filters.seasonName);
  if (filters.statuses !== undefined) q = q.where("f.status", "in", [...filters.statuses]);
  if (filters.updatedSince !== undefined) q = q.where("f.updated_at", ">=", filters.updatedSince);
  if (filters.currentSeasonOnly) q = q.whereRef("f.season_id", "=", "c.current_season_id");
  return q;
}

/** Total rows of a filtered read-model query. */
export async function countRows(query: FixtureRowQuery): Promise<number> {
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function parseStatuses(text: string): string[] {
  const statuses = text.split(",").map((s) => s.trim().toLowerCase());
  const unknown = statuses.filter((s) => !(FIXTURE_STATUSES as readonly string[]).includes(s));
  if (unknown.length > 0 || statuses.length === 0) {
    throw invalidParameter(
      "status",
      `status must be one or more (comma-separated) of: ${FIXTURE_STATUSES.join(", ")}`,
    );
  }
  return statuses;
}

/** The first instant of a calendar day: in UTC, or in `zone`. */
export function dayStart(date: string, zone: string | undefined, plusDays = 0): string {
  if (zone !== undefined) return isoSeconds(localDayStart(date, zone, plusDays));
  return isoSeconds(addDays(new Date(`${date}T00:00:00Z`), plusDays));
}
