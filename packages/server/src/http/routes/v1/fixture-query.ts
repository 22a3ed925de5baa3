/**
 * The fixture filters of a request's query, both vocabularies folded (fixtures, results,
 * history), with the `timezone` its dates are days of.
 */
import type { Static } from "@sinclair/typebox";
import type { FixtureQuery } from "../../../services/fixture-filters.js";
import { aliased } from "../../aliases.js";
import type { FixtureListQuery } from "../../schemas/fixtures.js";

export function fixtureQueryOf(q: Static<typeof FixtureListQuery>): FixtureQuery {
  return {
    date: q.date,
    date_from: q.date_from,
    date_to: q.date_to,
    league: aliased(q, "league", "competition_id"),
    team: aliased(q, "team", "team_id"),
    season: q.season,
    status: q.status,
    updated_since: q.updated_since,
    timezone: q.timezone,
  };
}
