/**
 * GET /v1/{sport}/matches/live and its alias /v1/{sport}/live-scores. Never stale: the read cache
 * drops an answer at the first write after it, and clients are told to revalidate every use
 * (the `live` cache class: `no-cache`, so an unchanged answer is a 304).
 */
import { Type } from "@sinclair/typebox";
import { listLive } from "../../../services/live.js";
import { requireTimeZone, timeZoneMeta } from "../../../services/local-times.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { LiveMatch, LocalKickoffQuery, TimeZoneMeta } from "../../schemas/fixtures.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

const LiveQuery = Type.Object({
  league: Type.Optional(Type.String({ minLength: 1, description: "Competition slug or id" })),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  ...LocalKickoffQuery,
});

export function liveRoutes(app: App, deps: RouteDeps): void {
  for (const [url, operationId, summary] of [
    ["/v1/:sport/matches/live", "listLiveMatches", "Every match currently in play"],
    ["/v1/:sport/live-scores", "listLiveScores", "Live scores (same data as matches/live)"],
  ] as const) {
    app.get(
      url,
      {
        config: { cache: true, cacheClass: "live", reads: READS.live },
        schema: {
          operationId,
          summary,
          description:
            "Read from the live state on every call; `meta.updated_at` is when it last changed.",
          tags: ["live"],
          params: SportParams,
          querystring: LiveQuery,
          response: {
            200: Envelope(Type.Array(LiveMatch), { meta: TimeZoneMeta }),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request) => {
        const zone = requireTimeZone(request.query.timezone);
        const live = await listLive(deps, request.params.sport, {
          league: aliased(request.query, "league", "competition_id"),
          timezone: zone,
        });
        return ok(request, deps.clock, live.items, {
          sport: request.params.sport,
          updatedAt: live.updatedAt,
          extra: timeZoneMeta(zone),
        });
      },
    );
  }
}
