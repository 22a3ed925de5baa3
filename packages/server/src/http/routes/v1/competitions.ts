/** GET /v1/{sport}/competitions and /v1/{sport}/countries. */
import { Type } from "@sinclair/typebox";
import { listCompetitions, listCountries } from "../../../services/competitions.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { Competition, CompetitionListQuery, Country } from "../../schemas/directory.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function competitionRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/competitions",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.competitions },
      schema: {
        operationId: "listCompetitions",
        summary: "Leagues, tournaments, tours and meetings",
        description: "Each with its country, tier, type, current season and data attribution.",
        tags: ["competitions"],
        params: SportParams,
        querystring: CompetitionListQuery,
        response: {
          200: Envelope(Type.Array(Competition), { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listCompetitions(
        deps,
        request.params.sport,
        { country: q.country, type: q.type, search: q.search },
        pageOf(q),
      );
      return okPage(request, deps.clock, page, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/countries",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.countries },
      schema: {
        operationId: "listCountries",
        summary: "Countries and regions the sport's competitions belong to",
        tags: ["countries"],
        params: SportParams,
        response: { 200: Envelope(Type.Array(Country)), ...errorResponses(404) },
      },
    },
    async (request) => {
      const countries = await listCountries(deps, request.params.sport);
      return ok(request, deps.clock, countries, { sport: request.params.sport });
    },
  );
}
