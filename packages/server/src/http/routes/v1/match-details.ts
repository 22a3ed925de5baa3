/**
 * Events and lineups of one fixture, each at both of the interface's paths:
 * /{sport}/events/{fixture_id} = /{sport}/fixtures/{fixture_id}/events, and the same for lineups.
 * Both paths run the same handler, so their bodies are identical.
 */
import { Type } from "@sinclair/typebox";
import { getLineups } from "../../../services/lineups.js";
import { listMatchEvents } from "../../../services/match-events.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SportFixtureParams } from "../../schemas/common.js";
import { Lineups, MatchEvent } from "../../schemas/match.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

export function matchDetailRoutes(app: App, deps: RouteDeps): void {
  for (const [url, operationId] of [
    ["/v1/:sport/events/:fixture_id", "listMatchEvents"],
    ["/v1/:sport/fixtures/:fixture_id/events", "listFixtureEvents"],
  ] as const) {
    app.get(
      url,
      {
        config: { cache: true, cacheClass: "match", reads: READS.events },
        schema: {
          operationId,
          summary: "Play-by-play events in sequence",
          description:
            "Chronological: goals, cards, substitutions and sport-specific events, each with a stable `event_id` and a per-fixture increasing `sequence`. Retracted events stay listed with `state: retracted`.",
          tags: ["events"],
          params: SportFixtureParams,
          response: { 200: Envelope(Type.Array(MatchEvent)), ...errorResponses(404) },
        },
      },
      async (request) => {
        const { events, updatedAt } = await listMatchEvents(
          deps,
          request.params.sport,
          request.params.fixture_id,
        );
        return ok(request, deps.clock, events, { sport: request.params.sport, updatedAt });
      },
    );
  }

  for (const [url, operationId] of [
    ["/v1/:sport/lineups/:fixture_id", "getMatchLineups"],
    ["/v1/:sport/fixtures/:fixture_id/lineups", "getFixtureLineups"],
  ] as const) {
    app.get(
      url,
      {
        config: { cache: true, cacheClass: "match", reads: READS.lineups },
        schema: {
          operationId,
          summary: "Starting lineups, formations and substitutes",
          description: "`home`/`away` are null until the lineup is published (`available: false`).",
          tags: ["lineups"],
          params: SportFixtureParams,
          response: { 200: Envelope(Lineups), ...errorResponses(404) },
        },
      },
      async (request) => {
        const lineups = await getLineups(deps, request.params.sport, request.params.fixture_id);
        return ok(request, deps.clock, lineups, { sport: request.params.sport });
      },
    );
  }
}
