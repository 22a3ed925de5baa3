/** GET /v1/{sport}/statistics/leaders?stat=… (ADR-0041). */
import { Type } from "@sinclair/typebox";
import { listLeaders } from "../../../services/leaders.js";
import { qualifierText } from "../../../sports/stat-kinds.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { LeaderEntry, LeadersMeta, LeadersQuery } from "../../schemas/leaders.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function leaderRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/statistics/leaders",
    {
      config: { cache: true, cacheClass: "table", reads: READS.statistics },
      schema: {
        operationId: "listStatisticsLeaders",
        summary: "The top players or teams for one statistic",
        description:
          "Season rows of `league` (or of every competition) ranked by `stat`, each competition's current season unless `season` is given. Totals rank highest first; rates rank in their better direction (`meta.order`: ERA, economy and bowling average lowest first) and list only rows meeting `meta.qualifier`. Ties share a rank (1, 2, 2, 4) and are ordered by name, then id. An unknown `stat` is a 400 naming the sport's statistics.",
        tags: ["statistics"],
        params: SportParams,
        querystring: LeadersQuery,
        response: {
          200: Envelope(Type.Array(LeaderEntry), { meta: LeadersMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const sport = request.params.sport;
      const type = q.type === "team" ? "team" : "player";
      const { definition, items } = await listLeaders(deps, sport, {
        stat: q.stat,
        type,
        league: aliased(q, "league", "competition_id"),
        season: q.season,
        limit: q.limit ?? 10,
      });
      return ok(request, deps.clock, items, {
        sport,
        extra: {
          stat: definition.stat,
          type,
          order: definition.order,
          qualifier: qualifierText(definition.qualifier),
        },
      });
    },
  );
}
