/** GET /v1/{sport}/head-to-head?team_a=…&team_b=… (ADR-0041). */
import { successEnvelope } from "../../../envelope/envelope.js";
import { headToHead } from "../../../services/head-to-head.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { HeadToHead, HeadToHeadQuery } from "../../schemas/head-to-head.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function headToHeadRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/head-to-head",
    {
      config: { cache: true, cacheClass: "table", reads: READS.headToHead },
      schema: {
        operationId: "getHeadToHead",
        summary: "Two sides' record, past meetings and upcoming meetings",
        description:
          "`team_a` and `team_b` (teams; in tennis and combat sports the two competitors) must differ and exist in the sport. `record` counts every finished meeting in scope; `meetings` is one page of them, newest first; `upcoming` the next ten. `league` and `season` narrow all three. Golf and horse racing are field sports: 404.",
        tags: ["head-to-head"],
        params: SportParams,
        querystring: HeadToHeadQuery,
        response: {
          200: Envelope(HeadToHead, { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const sport = request.params.sport;
      const answer = await headToHead(
        deps,
        sport,
        {
          teamA: q.team_a,
          teamB: q.team_b,
          league: aliased(q, "league", "competition_id"),
          season: q.season,
        },
        pageOf(q),
      );
      const extra =
        answer.attribution === undefined ? undefined : { attribution: answer.attribution };
      return successEnvelope(
        answer.data,
        request.id,
        deps.clock(),
        { sport, extra },
        {
          page: answer.page,
          perPage: answer.perPage,
          total: answer.total,
        },
      );
    },
  );
}
