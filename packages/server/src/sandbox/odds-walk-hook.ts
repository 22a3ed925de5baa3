/**
 * The odds route's pre-handler on the sandbox: the fixture's lines flicker one tick before they
 * are read (src/simulator/odds-walk.ts), so sandbox odds change on every call.
 */
import type { FastifyRequest } from "fastify";
import type { OddsWalk } from "../simulator/odds-walk.js";
import { isSport } from "../sports/registry.js";

export function oddsWalkHook(walk: OddsWalk) {
  return async (request: FastifyRequest): Promise<void> => {
    const sport = (request.params as { sport?: string }).sport;
    const query = request.query as { match_id?: unknown; fixture_id?: unknown };
    const fixtureId = query.match_id ?? query.fixture_id;
    if (typeof sport !== "string" || !isSport(sport) || typeof fixtureId !== "string") return;
    await walk(sport, fixtureId);
  };
}
