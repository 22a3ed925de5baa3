/** GET /v1/{sport}/standings?league=… — computed from results by the sport's rules. */
import { Type } from "@sinclair/typebox";
import { invalidParameter } from "../../../errors/service-error.js";
import { getStandings } from "../../../services/standings.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SeasonText, SportParams } from "../../schemas/common.js";
import { StandingsRow } from "../../schemas/fixtures.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

const StandingsQuery = Type.Object({
  league: Type.Optional(
    Type.String({ minLength: 1, description: "Competition slug or id (required)" }),
  ),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  season: Type.Optional(SeasonText),
});

export function standingsRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/standings",
    {
      config: { cache: true, cacheClass: "table", reads: READS.standings },
      schema: {
        operationId: "getStandings",
        summary: "League table",
        description:
          "Computed from finished results by the sport's rules (points or win percentage, tie-breakers, form), with point deductions. `league` is required; `season` defaults to the current one.",
        tags: ["standings"],
        params: SportParams,
        querystring: StandingsQuery,
        response: {
          200: Envelope(Type.Array(StandingsRow), {
            meta: {
              competition_id: Type.String(),
              competition: Type.String(),
              season: Type.String(),
            },
          }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const league = aliased(request.query, "league", "competition_id");
      if (league === undefined) throw invalidParameter("league", "league is required");
      const table = await getStandings(deps, request.params.sport, {
        league,
        season: request.query.season,
      });
      return ok(request, deps.clock, table.rows, {
        sport: request.params.sport,
        extra: {
          competition_id: table.competition.id,
          competition: table.competition.name,
          season: table.season.name,
        },
      });
    },
  );
}
