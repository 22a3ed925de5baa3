/** GET /v1/{sport}/players and /v1/{sport}/players/{id}. */
import { Type } from "@sinclair/typebox";
import { getPlayer, listPlayers } from "../../../services/players.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportIdParams, SportParams } from "../../schemas/common.js";
import { Player, PlayerDetail, PlayerListQuery } from "../../schemas/directory.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function playerRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/players",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.players },
      schema: {
        operationId: "listPlayers",
        summary: "Player directory",
        description:
          "Filter by competition (current season), team, position, nationality or name (`search`); `sort` orders by profile fields or season statistic totals.",
        tags: ["players"],
        params: SportParams,
        querystring: PlayerListQuery,
        response: {
          200: Envelope(Type.Array(Player), { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listPlayers(
        deps,
        request.params.sport,
        {
          league: aliased(q, "league", "competition_id"),
          team: aliased(q, "team", "team_id"),
          search: q.search,
          position: q.position,
          nationality: q.nationality,
          sort: q.sort,
        },
        pageOf(q),
      );
      return okPage(request, deps.clock, page, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/players/:id",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.player },
      schema: {
        operationId: "getPlayer",
        summary:
          "One player: profile, season statistics and, for an individual competitor, career record",
        tags: ["players"],
        params: SportIdParams,
        response: { 200: Envelope(PlayerDetail), ...errorResponses(404) },
      },
    },
    async (request) => {
      const player = await getPlayer(deps, request.params.sport, request.params.id);
      return ok(request, deps.clock, player, { sport: request.params.sport });
    },
  );
}
