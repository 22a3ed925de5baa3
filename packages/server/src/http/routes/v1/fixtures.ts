/** GET /v1/{sport}/fixtures and /v1/{sport}/fixtures/{id}. */
import { Type } from "@sinclair/typebox";
import { getFixture, listFixtures } from "../../../services/fixtures.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportIdParams, SportParams } from "../../schemas/common.js";
import { Fixture, FixtureDetail, FixtureListQuery } from "../../schemas/fixtures.js";
import type { RouteDeps } from "./deps.js";
import { fixtureQueryOf } from "./fixture-query.js";
import { READS } from "./reads.js";

export function fixtureRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/fixtures",
    {
      config: { cache: true, cacheClass: "match", reads: READS.fixtureList },
      schema: {
        operationId: "listFixtures",
        summary: "Upcoming and past fixtures",
        description:
          "Without date, season or updated_since filters: today to today + 14 days. Sorted by kickoff.",
        tags: ["fixtures"],
        params: SportParams,
        querystring: FixtureListQuery,
        response: {
          200: Envelope(Type.Array(Fixture), { paginated: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listFixtures(deps, request.params.sport, fixtureQueryOf(q), pageOf(q));
      return okPage(request, deps.clock, page, { sport: request.params.sport });
    },
  );

  app.get(
    "/v1/:sport/fixtures/:id",
    {
      config: { cache: true, cacheClass: "match", reads: READS.fixture },
      schema: {
        operationId: "getFixture",
        summary: "One fixture in full detail",
        tags: ["fixtures"],
        params: SportIdParams,
        response: { 200: Envelope(FixtureDetail), ...errorResponses(404) },
      },
    },
    async (request) => {
      const fixture = await getFixture(deps, request.params.sport, request.params.id);
      return ok(request, deps.clock, fixture, { sport: request.params.sport });
    },
  );
}
