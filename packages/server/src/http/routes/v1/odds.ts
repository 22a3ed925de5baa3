/** GET /v1/{sport}/odds?match_id=… — one fixture's prices, normalised across books. */
import { Type } from "@sinclair/typebox";
import type { preHandlerHookHandler } from "fastify";
import { invalidParameter } from "../../../errors/service-error.js";
import { listOdds } from "../../../services/odds/list-odds.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { OddsEntry, OddsMeta, OddsQuery } from "../../schemas/odds.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function oddsRoutes(app: App, deps: RouteDeps, beforeHandler?: preHandlerHookHandler): void {
  app.get(
    "/v1/:sport/odds",
    {
      config: { cache: true, cacheClass: "live", reads: READS.odds, entitlement: "odds" },
      ...(beforeHandler !== undefined ? { preHandler: beforeHandler } : {}),
      schema: {
        operationId: "listOdds",
        summary: "Pre-match and live odds of one fixture",
        description:
          "One entry per bookmaker × market line (market, subject, line), each followed by that line's `consensus` entry, ordered by market, line and bookmaker. Every entry carries `margin` (overround) and no-vig `implied_probability`. `match_id` (alias `fixture_id`) is required; `odds_format` converts every price (decimal by default).",
        tags: ["odds"],
        params: SportParams,
        querystring: OddsQuery,
        response: {
          200: Envelope(Type.Array(OddsEntry), { meta: OddsMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const matchId = aliased(q, "match_id", "fixture_id");
      if (matchId === undefined) throw invalidParameter("match_id", "match_id is required");
      const odds = await listOdds(deps, request.params.sport, {
        matchId,
        market: q.market,
        bookmaker: q.bookmaker,
        format: q.odds_format ?? "decimal",
      });
      return ok(request, deps.clock, odds.entries, {
        sport: request.params.sport,
        updatedAt: odds.updatedAt ?? undefined,
        extra: { fixture_id: odds.fixtureId, match_id: odds.fixtureId, odds_format: odds.format },
      });
    },
  );
}
