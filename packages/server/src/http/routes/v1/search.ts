/**
 * GET /v1/search — teams, players, competitions and venues of every sport by name (ADR-0040).
 *
 * Which sports a caller sees follows the door of the host, as the sport paths do: on the real
 * host a key's plan names its sports (asking for another with `sport=` is a 403, like its path
 * would be); the sandbox — keyless or a personal `sl_test_` key — serves every sport.
 *
 * Not in the read cache: the answer depends on the key's plan, and the cache keeps one answer per
 * URL. The name index is the cache here: a search runs no query while the names are unchanged.
 * HTTP caching (ETag, 304, compression) applies as to the directories (`archive`).
 */
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { ServiceError } from "../../../errors/service-error.js";
import { NameSearch } from "../../../services/name-search/name-search.js";
import { SPORTS, type Sport } from "../../../sports/types.js";
import type { App } from "../../app-type.js";
import { okPage, pageOf } from "../../reply.js";
import { Envelope, errorResponses } from "../../schemas/common.js";
import { SearchHit, SearchQuery } from "../../schemas/search.js";
import type { RouteDeps } from "./deps.js";

export function searchRoutes(app: App, deps: RouteDeps): void {
  const names = new NameSearch(deps.store);
  app.get(
    "/v1/search",
    {
      config: { cacheClass: "archive" },
      schema: {
        operationId: "search",
        summary: "Search teams, players, competitions and venues of every sport by name",
        description:
          "Accent- and case-insensitive, typo-tolerant (`muller` finds Müller, `Arsnal` finds " +
          "Arsenal). Hits are ranked: the whole name, then the start of the name or of a word, " +
          "then anywhere inside it, then matches with typos; ties by name. Only the sports of " +
          "the key's plan are searched.",
        tags: ["search"],
        querystring: SearchQuery,
        response: {
          200: Envelope(Type.Array(SearchHit), { paginated: true }),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await names.search(
        { q: q.q, type: q.type, sports: sportsFor(request, q.sport as Sport | undefined) },
        pageOf(q),
      );
      return okPage(request, deps.clock, page);
    },
  );
}

/** The sports this request may search: the one asked for, or every one the caller may see. */
function sportsFor(request: FastifyRequest, asked: Sport | undefined): readonly Sport[] {
  const principal = request.principal;
  // Only live keys are held to their plan's sports: sandbox callers see every sport.
  const allowed = principal?.kind === "live" ? principal.plan.sports : SPORTS;
  if (asked === undefined) return allowed;
  if (!allowed.includes(asked)) {
    const plan = principal?.plan.name ?? "";
    throw new ServiceError("plan_forbidden", `the ${plan} plan does not include ${asked}`);
  }
  return [asked];
}
