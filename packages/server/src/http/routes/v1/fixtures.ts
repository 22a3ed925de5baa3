/**
 * GET /v1/{sport}/fixtures and /v1/{sport}/fixtures/{id}, both with `timezone`; the single
 * fixture with `include` too (ADR-0042).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { getFixture, listFixtures } from "../../../services/fixtures.js";
import {
  FIXTURE_INCLUDES,
  fixtureIncluded,
  includesOdds,
  parseIncludes,
} from "../../../services/includes.js";
import { requireTimeZone, timeZoneMeta } from "../../../services/local-times.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses, SportIdParams, SportParams } from "../../schemas/common.js";
import { Fixture, FixtureListQuery, TimeZoneMeta } from "../../schemas/fixtures.js";
import { FixtureDetailQuery, FixtureDetailWithIncludes } from "../../schemas/includes.js";
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
          200: Envelope(Type.Array(Fixture), { paginated: true, meta: TimeZoneMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const zone = requireTimeZone(q.timezone);
      const page = await listFixtures(deps, request.params.sport, fixtureQueryOf(q), pageOf(q));
      return okPage(request, deps.clock, page, {
        sport: request.params.sport,
        extra: timeZoneMeta(zone),
      });
    },
  );

  app.get(
    "/v1/:sport/fixtures/:id",
    {
      config: {
        cache: true,
        cacheClass: "match",
        reads: READS.fixture,
        parameterEntitlement: oddsIncluded,
      },
      schema: {
        operationId: "getFixture",
        summary: "One fixture in full detail",
        description:
          "`include` embeds what would otherwise take more calls, under `included`: `lineups`, `events` and `odds` are the data of those endpoints for this fixture, `statistics` the season statistics of its two teams in its competition and season. `include=odds` on a plan without odds is a 403 naming `include`. `timezone` adds `kickoff_local`.",
        tags: ["fixtures"],
        params: SportIdParams,
        querystring: FixtureDetailQuery,
        response: {
          200: Envelope(FixtureDetailWithIncludes, { meta: TimeZoneMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const { sport, id } = request.params;
      const zone = requireTimeZone(request.query.timezone);
      const include = parseIncludes(request.query.include, FIXTURE_INCLUDES);
      const fixture = await getFixture(deps, sport, id, zone);
      const data =
        include.length === 0
          ? fixture
          : { ...fixture, included: await fixtureIncluded(deps, sport, fixture, include) };
      return ok(request, deps.clock, data, { sport, extra: timeZoneMeta(zone) });
    },
  );
}

/** `include=odds` needs a plan with odds, checked with the key before the read cache. */
function oddsIncluded(request: FastifyRequest) {
  const include = (request.query as { include?: unknown } | undefined)?.include;
  return includesOdds(include) ? { entitlement: "odds" as const, field: "include" } : undefined;
}
