/** GET /v1/{sport}/teams and /v1/{sport}/teams/{id}. */
import { Type } from "@sinclair/typebox";
import { parseIncludes, TEAM_INCLUDES, teamIncluded } from "../../../services/includes.js";
import { getTeam, listTeams } from "../../../services/teams.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportIdParams, SportParams } from "../../schemas/common.js";
import { Team, TeamListQuery } from "../../schemas/directory.js";
import { TeamDetailQuery, TeamDetailWithIncludes } from "../../schemas/includes.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function teamRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/teams",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.teams },
      schema: {
        operationId: "listTeams",
        summary: "Team directory",
        description:
          "Filter by competition (current season), country, or name (`search`); `sort` orders by profile fields or season statistic totals.",
        tags: ["teams"],
        params: SportParams,
        querystring: TeamListQuery,
        response: {
          200: Envelope(Type.Array(Team), { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listTeams(
        deps,
        request.params.sport,
        {
          league: aliased(q, "league", "competition_id"),
          search: q.search,
          country: q.country,
          sort: q.sort,
        },
        pageOf(q),
      );
      return okPage(request, deps.clock, page, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/teams/:id",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.teams },
      schema: {
        operationId: "getTeam",
        summary: "One team: profile, squad, competitions and season statistics links",
        description:
          "`include=squad` embeds every player of the team under `included.squad`, as /players?team_id= lists them.",
        tags: ["teams"],
        params: SportIdParams,
        querystring: TeamDetailQuery,
        response: { 200: Envelope(TeamDetailWithIncludes), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { sport, id } = request.params;
      const include = parseIncludes(request.query.include, TEAM_INCLUDES);
      const team = await getTeam(deps, sport, id);
      const data =
        include.length === 0
          ? team
          : { ...team, included: await teamIncluded(deps, sport, team.team_id, include) };
      return ok(request, deps.clock, data, { sport });
    },
  );
}
