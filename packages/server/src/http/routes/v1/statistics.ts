/** GET /v1/{sport}/statistics, /statistics/team/{team_id} and /statistics/player/{player_id}. */
import { Type } from "@sinclair/typebox";
import { listStatistics, playerStatistics, teamStatistics } from "../../../services/statistics.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import {
  Envelope,
  errorResponses,
  SportParams,
  SportPlayerParams,
  SportTeamParams,
} from "../../schemas/common.js";
import {
  PlayerStatistics,
  StatisticsListQuery,
  StatisticsRow,
  StatisticsScopeQuery,
  TeamStatistics,
} from "../../schemas/statistics.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function statisticsRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/statistics",
    {
      config: { cache: true, cacheClass: "table", reads: READS.statistics },
      schema: {
        operationId: "listStatistics",
        summary: "Team and player statistics for the current season",
        description:
          "`type=team` (default) or `type=player`; each competition's current season unless `season` is given.",
        tags: ["statistics"],
        params: SportParams,
        querystring: StatisticsListQuery,
        response: {
          200: Envelope(Type.Array(StatisticsRow), { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listStatistics(
        deps,
        request.params.sport,
        {
          type: q.type === "player" ? "player" : "team",
          league: aliased(q, "league", "competition_id"),
          team: aliased(q, "team", "team_id"),
          season: q.season,
        },
        pageOf(q),
      );
      return okPage(request, deps.clock, page, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/statistics/team/:team_id",
    {
      config: { cache: true, cacheClass: "table", reads: READS.statistics },
      schema: {
        operationId: "getTeamStatistics",
        summary: "Season statistics of one team",
        description:
          "Per competition; `competition` narrows to one, `season` picks another season.",
        tags: ["statistics"],
        params: SportTeamParams,
        querystring: StatisticsScopeQuery,
        response: { 200: Envelope(TeamStatistics), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const stats = await teamStatistics(
        deps,
        request.params.sport,
        request.params.team_id,
        request.query,
      );
      return ok(request, deps.clock, stats, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/statistics/player/:player_id",
    {
      config: { cache: true, cacheClass: "table", reads: READS.statistics },
      schema: {
        operationId: "getPlayerStatistics",
        summary: "Season statistics of one player",
        tags: ["statistics"],
        params: SportPlayerParams,
        querystring: StatisticsScopeQuery,
        response: { 200: Envelope(PlayerStatistics), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const stats = await playerStatistics(
        deps,
        request.params.sport,
        request.params.player_id,
        request.query,
      );
      return ok(request, deps.clock, stats, { sport: request.params.sport });
    },
  );
}
