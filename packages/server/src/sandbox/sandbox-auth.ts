/**
 * Who may call the sandbox host (ADR-0019): anyone. No key needed: a keyless caller is
 * counted per client address by a generous abuse guard. A personal sandbox key (`sl_test_…`) is
 * accepted and tied to its account: on a free plan it has 150 calls per UTC day (the
 * X-RateLimit-* headers describe that daily window; call 151 is a 429), on other plans the
 * plan's minute window. A live key (`sl_live_…`) is not needed here and is neither checked nor
 * charged: the call is served as keyless; so is a request whose Authorization header uses another
 * scheme (`Basic …`). Every answer carries the same limit headers as the
 * real host's, except X-Quota-*: the sandbox has no monthly quota, so it sends none.
 */
import type { FastifyRequest } from "fastify";
import type { Authenticator } from "../accounts/authenticator.js";
import type { RateLimiter } from "../accounts/rate-limiter.js";
import type { HitWindowSpec } from "../adapters/limits/types.js";
import type { App } from "../http/app-type.js";
import { presentedKey } from "../http/auth.js";
import { applyAdmission } from "../http/limit-headers.js";
import { errorResponses } from "../http/schemas/common.js";
import { VERSIONED } from "../http/version-path.js";

/** Calls per UTC day for a free account's sandbox key. */
const FREE_SANDBOX_DAILY_CALLS = 150;
/** Calls per minute per client address without a key. */
const KEYLESS_CALLS_PER_MINUTE = 1_200;

const UNLIMITED_MONTH: HitWindowSpec = { name: "month", limit: null };

export interface SandboxAuthDeps {
  /** Authenticates `sl_test_` keys against the main store's accounts. */
  authenticator: Authenticator;
  limiter: RateLimiter;
  /** Routes that need a sandbox key even here (webhook subscriptions belong to an account). */
  keyRequired?: (request: FastifyRequest) => boolean;
}

export function installSandboxAuth(app: App, deps: SandboxAuthDeps): void {
  app.decorateRequest("principal", undefined);
  // As on the real host, every /v1 route documents the errors this hook can answer: a bad
  // sandbox key (401), an exhausted guard or daily allowance (429) and an overloaded node (503,
  // ADR-0038). No 403: no entitlements.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/v1/") || route.config?.auth === false) return;
    route.schema ??= {};
    const schema = route.schema as { response?: Record<string, unknown> };
    schema.response = { ...errorResponses(401, 429, 503), ...(schema.response ?? {}) };
  });
  app.addHook("onRequest", async (request, reply) => {
    // Routes under /v1, and calls that matched no route under a version path (their 404, 405 or
    // unsupported_version carries the limit headers like every answer).
    const matched = request.routeOptions.url !== undefined;
    if (matched ? !request.url.startsWith("/v1/") : !VERSIONED.test(request.url)) return;
    if (request.routeOptions.config.auth === false) return;
    // Another scheme (`Basic …`, a proxy's own credentials) is not a key offered to us.
    const header = request.headers.authorization;
    const otherScheme = header !== undefined && !/^Bearer(\s|$)/i.test(header.trim());
    const key = otherScheme ? undefined : presentedKey(request);
    if (key === undefined || key.startsWith("sl_live_")) {
      if (deps.keyRequired?.(request)) {
        // The authenticator's own 401 keeps the envelope identical, and its message says why:
        // a key is missing, or live keys are not used here.
        await deps.authenticator.authenticate(key);
      }
      const admission = await deps.limiter.admitCounter(
        `sandbox-ip:${request.ip}`,
        [{ name: "minute", limit: KEYLESS_CALLS_PER_MINUTE }, UNLIMITED_MONTH],
        "sandbox",
      );
      applyAdmission(reply, admission);
      return;
    }
    const principal = await deps.authenticator.authenticate(key);
    request.principal = principal;
    const plan = principal.plan;
    const windows: HitWindowSpec[] =
      plan.name === "free"
        ? [{ name: "day", limit: FREE_SANDBOX_DAILY_CALLS }, UNLIMITED_MONTH]
        : [{ name: "minute", limit: plan.requestsPerMinute }, UNLIMITED_MONTH];
    const counter = `sandbox-key:${principal.keyId}`;
    applyAdmission(reply, await deps.limiter.admitCounter(counter, windows, plan.name));
  });
}
