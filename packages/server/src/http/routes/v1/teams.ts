/** GET /v1/{sport}/teams and /v1/{sport}/teams/{id}. */
import { Type } from "@sinclair/typebox";
import { getTeam, listTeams } from "../../../services/teams.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportIdParams, SportParams } from "../../schemas/common.js";
import { Team, TeamDetail, TeamListQuery } from "../../schemas/directory.js";
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
        description: "Filter by competition (current season), country, or name (`search`).",
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
        { league: aliased(q, "league", "competition_id"), search: q.search, country: q.country },
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
        tags: ["teams"],
        params: SportIdParams,
        response: { 200: Envelope(TeamDetail), ...errorResponses(404) },
      },
    },
    async (request) => {
      const team = await getTeam(deps, request.params.sport, request.params.id);
      return ok(request, deps.clock, team, { sport: request.params.sport });
    },
  );
}
