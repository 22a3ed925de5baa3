/**
 * Parameters are never silently ignored (ADR-0040). Scoreline's query vocabulary is every
 * parameter name some documented route accepts (its querystring schema, so the vocabulary follows
 * the routes as they are registered). On a documented route:
 * - a name of the vocabulary the route does not accept is a 400 naming it (`sort` where nothing
 *   is sorted), with a hint: the route's own name for the same filter, or the few endpoints that
 *   do take it;
 * - a name other APIs use for one of ours (`order_by`, `tz`, `limit`, `from`…, the list below)
 *   is a 400 naming ours;
 * - any other name is ignored, as decisions §1 says (forward compatibility; `api_key` is the
 *   key, read by the door).
 * Built once at start-up: each route keeps a map of the names it refuses with their error, so a
 * request costs one map look-up per query parameter. Undocumented routes (the admin API, the
 * dashboard, health) are left alone.
 */
import type { preValidationHookHandler, RouteOptions } from "fastify";
import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import type { App } from "./app-type.js";

/**
 * Names other sports and web APIs use, with ours in order of preference (the first one the
 * endpoint accepts is suggested). Documented in docs/api.md ("Parameters").
 */
const FOREIGN_NAMES = new Map<string, readonly string[]>([
  ["order_by", ["sort"]],
  ["orderBy", ["sort"]],
  ["order", ["sort"]],
  ["sort_by", ["sort"]],
  ["sortBy", ["sort"]],
  ["tz", ["timezone"]],
  ["time_zone", ["timezone"]],
  ["timeZone", ["timezone"]],
  ["expand", ["include"]],
  ["embed", ["include"]],
  ["limit", ["per_page"]],
  ["page_size", ["per_page"]],
  ["pageSize", ["per_page"]],
  ["perPage", ["per_page"]],
  ["offset", ["page"]],
  ["from", ["date_from"]],
  ["to", ["date_to"]],
  ["league_id", ["league"]],
  ["query", ["q", "search"]],
]);

/** Our own names for one filter: where a route lacks one, it may have another. */
const SAME_FILTER = new Map<string, readonly string[]>([
  ["league", ["competition_id", "competition"]],
  ["competition_id", ["league", "competition"]],
  ["competition", ["league", "competition_id"]],
  ["team", ["team_id"]],
  ["team_id", ["team"]],
  ["match_id", ["fixture_id"]],
  ["fixture_id", ["match_id"]],
  ["q", ["search"]],
  ["search", ["q"]],
]);

/** Where a refused name is accepted, listed in the message when it is at most this many. */
const MAX_PLACES = 3;

interface DocumentedRoute {
  /** `GET /v1/{sport}/teams`, as the document writes it (HEAD left out). */
  operations: string[];
  inSportPath: boolean;
  accepted: ReadonlySet<string>;
  /** Filled when the app is ready (the vocabulary is complete then), read per request. */
  refused: Map<string, ErrorDetail>;
}

export function installParamPolicy(app: App): void {
  const routes: DocumentedRoute[] = [];
  app.addHook("onRoute", (route) => {
    if (!documented(route)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.replace(/:([A-Za-z_]+)/g, "{$1}");
    const documentedRoute: DocumentedRoute = {
      operations: methods.filter((m) => m !== "HEAD").map((m) => `${m} ${path}`),
      inSportPath: route.url.includes(":sport"),
      accepted: new Set(queryNames(route.schema?.querystring)),
      refused: new Map(),
    };
    routes.push(documentedRoute);
    prependCheck(route, documentedRoute.refused);
  });
  app.addHook("onReady", (done) => {
    const places = new Map<string, string[]>();
    for (const route of routes) {
      for (const name of route.accepted) {
        places.set(name, [...(places.get(name) ?? []), ...route.operations]);
      }
    }
    for (const route of routes) {
      for (const [name, where] of places) {
        if (!route.accepted.has(name)) route.refused.set(name, unsupported(name, route, where));
      }
      for (const [name, ours] of FOREIGN_NAMES) {
        if (!route.accepted.has(name) && !places.has(name)) {
          route.refused.set(name, foreign(name, ours, route));
        }
      }
    }
    done();
  });
}

/** The names a querystring schema declares (objects, and the parts of a composed schema). */
export function queryNames(schema: unknown): string[] {
  const s = schema as
    | { properties?: Record<string, unknown>; allOf?: unknown[]; anyOf?: unknown[] }
    | null
    | undefined;
  if (s === undefined || s === null) return [];
  const names = Object.keys(s.properties ?? {});
  for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? [])]) names.push(...queryNames(part));
  return [...new Set(names)];
}

/** In the OpenAPI document: tagged and not hidden (the document leaves untagged routes out). */
function documented(route: RouteOptions): boolean {
  const schema = route.schema as { tags?: unknown[]; hide?: boolean } | undefined;
  return schema !== undefined && schema.hide !== true && (schema.tags?.length ?? 0) > 0;
}

function prependCheck(route: RouteOptions, refused: ReadonlyMap<string, ErrorDetail>): void {
  const check: preValidationHookHandler = (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    let problems: ErrorDetail[] | undefined;
    for (const name in query) {
      const problem = refused.get(name);
      if (problem === undefined) continue;
      if (problems === undefined) problems = [problem];
      else problems.push(problem);
    }
    if (problems === undefined) return done();
    const first = problems[0] as ErrorDetail;
    done(new ServiceError("invalid_parameter", first.message, { details: problems }));
  };
  const own = route.preValidation;
  route.preValidation =
    own === undefined ? [check] : [check, ...(Array.isArray(own) ? own : [own])];
}

/** A name of the vocabulary this route does not take. */
function unsupported(name: string, route: DocumentedRoute, where: readonly string[]): ErrorDetail {
  let message = `\`${name}\` is not supported on this endpoint`;
  const others = [...(SAME_FILTER.get(name) ?? []), ...(FOREIGN_NAMES.get(name) ?? [])];
  const instead = others.find((other) => route.accepted.has(other));
  if (instead !== undefined) message += `; use \`${instead}\``;
  else if (name === "sport" && route.inSportPath) {
    message += " (the sport is the path's first segment)";
  } else if (where.length <= MAX_PLACES) message += ` (it is accepted by ${list(where)})`;
  return { code: "invalid_parameter", message, field: name };
}

/** Another API's name for one of ours. */
function foreign(name: string, ours: readonly string[], route: DocumentedRoute): ErrorDetail {
  const accepted = ours.find((other) => route.accepted.has(other));
  const message =
    accepted !== undefined
      ? `\`${name}\` is not a Scoreline parameter; use \`${accepted}\``
      : `\`${name}\` is not a Scoreline parameter (Scoreline calls it \`${ours[0]}\`, which this endpoint does not support)`;
  return { code: "invalid_parameter", message, field: name };
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
