/**
 * Authentication, rate limiting and plan entitlements for every /v1 route (ADR-0010 to ADR-0012),
 * in one onRequest hook so they run before the read cache: the key (`Authorization: Bearer` or
 * `?api_key=`) → the principal → the minute window and the monthly quota (headers on every
 * authenticated response, errors included: a keyed call to an unknown route, another version or
 * a wrong method is counted and carries them too) → the plan's sports, odds and history, and
 * the features a parameter asks for (`include=odds`, ADR-0042).
 */
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from "fastify";
import type { Authenticator, Principal } from "../accounts/authenticator.js";
import type { Admission, RateLimiter } from "../accounts/rate-limiter.js";
import { ServiceError } from "../errors/service-error.js";
import { isSport } from "../sports/registry.js";
import { statusClass } from "../usage/status-class.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import type { App } from "./app-type.js";
import { applyAdmission } from "./limit-headers.js";
import { errorResponses } from "./schemas/common.js";
import { VERSIONED } from "./version-path.js";

type Entitlement = "odds" | "history";

/** A plan feature one parameter of a request asks for (`include=odds`), and that parameter. */
interface ParameterEntitlement {
  entitlement: Entitlement;
  field: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: a public /v1 route (the OpenAPI document). */
    auth?: boolean;
    /** A plan feature the route needs beyond its sport. */
    entitlement?: Entitlement;
    /**
     * A plan feature this request's parameters ask for, read from the raw query before the read
     * cache is consulted (a cached answer with odds must not reach a plan without them).
     */
    parameterEntitlement?: (request: FastifyRequest) => ParameterEntitlement | undefined;
    /** What the usage ledger calls the route: its static path segments, `fixtures/lineups`. */
    usageResource?: string;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** The limiter's refusal code, when it refused the call. */
    refusal?: string;
    /** The route's `usageResource`, kept for the ledger when the call was authenticated. */
    usageResource?: string;
  }
}

export function installAuth(
  app: App,
  authenticator: Authenticator,
  limiter: RateLimiter,
  /** Where answered calls are counted (ADR-0030); absent, nothing is. */
  ledger?: UsageLedger,
): void {
  // Declared up front so every request object keeps one shape (a property added later changes
  // its hidden class and slows every property access in Fastify's hot path).
  app.decorateRequest("principal", undefined);
  app.decorateRequest("refusal", undefined);
  app.decorateRequest("usageResource", undefined);
  // Every authenticated route documents the errors authentication and limits can answer (503:
  // the shared counters unreachable, ADR-0036, or the node overloaded, ADR-0038).
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/v1/") || route.config?.auth === false) return;
    route.config = { ...route.config, usageResource: usageResource(route.url) };
    route.schema ??= {};
    const schema = route.schema as { response?: Record<string, unknown> };
    schema.response = { ...errorResponses(401, 403, 429, 503), ...(schema.response ?? {}) };
  });

  // A callback hook: a key this node has seen lately and in-process counters answer without a
  // promise (most requests); the rest (a database lookup, Redis counters) wait.
  // (`request.routeOptions` builds a new object at every access: read it once per request.)
  app.addHook("onRequest", (request, reply, done) => {
    const route = request.routeOptions;
    const config = route.config;
    if (config.auth === false) return done();
    let key: string | undefined;
    if (route.url === undefined) {
      // No route (a 404, 405 or unsupported_version to come): a call made with a key is
      // authenticated and counted like any other, so its answer carries the limit headers.
      if (!VERSIONED.test(request.url)) return done();
      key = presentedKey(request);
      if (key === undefined) return done();
      request.usageResource = UNMATCHED;
    } else {
      if (!request.url.startsWith("/v1/")) return done();
      request.usageResource = config.usageResource;
      key = presentedKey(request);
    }
    try {
      const principal = authenticator.cached(key);
      const admission = principal && limiter.admitNow(principal);
      if (principal !== undefined && admission !== undefined) {
        admit(request, reply, principal, admission, config);
        return done();
      }
    } catch (error) {
      return done(error as Error);
    }
    const waited = async () => {
      const principal = await authenticator.authenticate(key);
      admit(request, reply, principal, await limiter.admit(principal), config);
    };
    waited().then(() => done(), done);
  });

  if (ledger !== undefined) {
    // A callback hook, not an async one: no promise per request on the hot path.
    app.addHook("onResponse", (request, reply, done) => {
      const principal = request.principal;
      const resource = request.usageResource;
      if (principal !== undefined && resource !== undefined) {
        const sport = (request.params as Record<string, unknown> | undefined)?.sport;
        ledger.record({
          keyId: principal.keyId,
          accountId: principal.accountId,
          sport: typeof sport === "string" && isSport(sport) ? sport : "",
          resource,
          statusClass: statusClass(reply.statusCode, request.refusal),
        });
      }
      done();
    });
  }
}

/** The counted call on the request and in the headers; a refusal or a plan's limit throws. */
function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  admission: Admission,
  config: FastifyContextConfig,
): void {
  request.principal = principal;
  request.refusal = admission.refusal?.code;
  applyAdmission(reply, admission);
  checkEntitlements(principal, request, config.entitlement);
  const asked = config.parameterEntitlement?.(request);
  if (asked !== undefined && !principal.plan[asked.entitlement]) {
    throw new ServiceError(
      "plan_forbidden",
      `${LACKS[asked.entitlement](principal.plan.name)}: leave ${asked.entitlement} out of ${asked.field}`,
      { field: asked.field },
    );
  }
}

/** What the usage ledger calls a keyed call that matched no route. */
const UNMATCHED = "unmatched";

/** `/v1/:sport/fixtures/:id/lineups` → `fixtures/lineups`. */
function usageResource(url: string): string {
  const parts = url
    .slice("/v1/".length)
    .split("/")
    .filter((part) => part !== "" && !part.startsWith(":"));
  return parts.join("/") || "root";
}

export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) {
    if (header.startsWith("Bearer ") && isBareToken(header, 7)) return header.slice(7);
    const match = BEARER.exec(header);
    return match?.[1] ?? "";
  }
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.api_key;
  return typeof value === "string" ? value : undefined;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The usual form, `Bearer <key>` with one space and nothing after the key, told without the
 * regular expression: true when `text` from `start` is not empty and all printable ASCII other
 * than space. Anything else (two spaces, a tab, a lower-case `bearer`) goes to the expression.
 */
function isBareToken(text: string, start: number): boolean {
  if (text.length <= start) return false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 32 || code >= 127) return false;
  }
  return true;
}

function checkEntitlements(
  principal: Principal,
  request: FastifyRequest,
  entitlement?: Entitlement,
): void {
  const plan = principal.plan;
  const sport = (request.params as Record<string, unknown> | undefined)?.sport;
  if (typeof sport === "string" && isSport(sport) && !plan.sports.includes(sport)) {
    throw new ServiceError("plan_forbidden", `the ${plan.name} plan does not include ${sport}`);
  }
  if (entitlement !== undefined && !plan[entitlement]) {
    throw new ServiceError("plan_forbidden", LACKS[entitlement](plan.name));
  }
}

/** What a plan without the feature is told. */
const LACKS: Record<Entitlement, (plan: string) => string> = {
  odds: (plan) => `the ${plan} plan does not include odds (Growth and above)`,
  history: (plan) =>
    `the ${plan} plan does not include history and bulk export (Starter and above)`,
};
