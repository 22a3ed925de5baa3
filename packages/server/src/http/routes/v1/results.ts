/** GET /v1/{sport}/results. */
import { Type } from "@sinclair/typebox";
import { requireTimeZone, timeZoneMeta } from "../../../services/local-times.js";
import { listResults } from "../../../services/results.js";
import type { App } from "../../app-type.js";
import { okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { FixtureListQuery, Result, TimeZoneMeta } from "../../schemas/fixtures.js";
import type { RouteDeps } from "./deps.js";
import { fixtureQueryOf } from "./fixture-query.js";
import { READS } from "./reads.js";

export function resultRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/results",
    {
      config: { cache: true, cacheClass: "table", reads: READS.results },
      schema: {
        operationId: "listResults",
        summary: "Completed matches with final score",
        description:
          "Newest first. Without date, season or updated_since filters: each competition's current season; but for `team` naming an individual competitor (a fighter, a tennis player): every season of their career.",
        tags: ["results"],
        params: SportParams,
        querystring: FixtureListQuery,
        response: {
          200: Envelope(Type.Array(Result), { paginated: true, meta: TimeZoneMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const zone = requireTimeZone(q.timezone);
      const page = await listResults(deps, request.params.sport, fixtureQueryOf(q), pageOf(q));
      return okPage(request, deps.clock, page, {
        sport: request.params.sport,
        extra: timeZoneMeta(zone),
      });
    },
  );
}
