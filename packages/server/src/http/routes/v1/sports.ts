/** GET /v1/sports — the ten sports with their status and period vocabularies. */
import { Type } from "@sinclair/typebox";
import { sortFields } from "../../../services/list-sort.js";
import { SPORT_MODULES } from "../../../sports/registry.js";
import { leaderStats } from "../../../sports/stat-catalogue.js";
import { qualifierText } from "../../../sports/stat-kinds.js";
import { FIXTURE_STATUSES, SPORTS, type Sport } from "../../../sports/types.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, Nullable } from "../../schemas/common.js";
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
  leader_stats: Type.Array(
    Type.Object({
      stat: Type.String(),
      type: Type.String({ enum: ["player", "team"] }),
      kind: Type.String({
        enum: ["total", "rate"],
        description: "`total`: a season count (lists sort by it); `rate`: computed from totals",
      }),
      order: Type.String({ enum: ["desc", "asc"], description: "`asc`: lowest value first" }),
      qualifier: Nullable(Type.String()),
      description: Type.String(),
    }),
    { description: "The `stat` values `/{sport}/statistics/leaders` accepts, per `type`" },
  ),
  sort_fields: Type.Object(
    { players: Type.Array(Type.String()), teams: Type.Array(Type.String()) },
    { description: "The fields `sort` accepts on `/{sport}/players` and `/{sport}/teams`" },
  ),
});

function statisticsOf(sport: Sport) {
  return (["player", "team"] as const).flatMap((type) =>
    leaderStats(sport, type).map((s) => ({
      stat: s.stat,
      type,
      kind: s.kind,
      order: s.order,
      qualifier: qualifierText(s.qualifier),
      description: s.description,
    })),
  );
}

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
          leader_stats: statisticsOf(sport),
          sort_fields: { players: sortFields(sport, "player"), teams: sortFields(sport, "team") },
        };
      });
      return ok(request, deps.clock, data);
    },
  );
}
