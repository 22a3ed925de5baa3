/** GET /v1/sports — the ten sports with their status and period vocabularies. */
import { Type } from "@sinclair/typebox";
import { SPORT_MODULES } from "../../../sports/registry.js";
import { FIXTURE_STATUSES, SPORTS } from "../../../sports/types.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope } from "../../schemas/common.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

const SportInfo = Type.Object({
  sport: Type.String(),
  name: Type.String(),
  format: Type.String({ enum: ["head_to_head", "field"] }),
  statuses: Type.Array(Type.String()),
  periods: Type.Array(Type.String()),
  event_types: Type.Array(Type.String()),
  decided_by: Type.Array(Type.String()),
  has_standings: Type.Boolean(),
});

export function sportsRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/sports",
    {
      config: { cache: true, cacheClass: "archive", reads: READS.sports },
      schema: {
        operationId: "listSports",
        summary: "The supported sports and their vocabularies",
        tags: ["sports"],
        response: { 200: Envelope(Type.Array(SportInfo)) },
      },
    },
    async (request) => {
      const data = SPORTS.map((sport) => {
        const module = SPORT_MODULES[sport];
        return {
          sport,
          name: module.name,
          format: module.format,
          statuses: [...FIXTURE_STATUSES],
          periods: [...module.periods],
          event_types: [...module.eventTypes],
          decided_by: [...module.decidedBy],
          has_standings: module.standings !== null,
        };
      });
      return ok(request, deps.clock, data);
    },
  );
}
