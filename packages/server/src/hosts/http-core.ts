/**
 * What both HTTP hosts share: the Fastify instance with request ids, the access log and the one
 * error envelope; the read path (read cache, OpenAPI document and /docs, health, every /v1 read
 * route); the webhook subscription routes; and the pieces they are built from (limit counters,
 * the webhook agent). `api-host.ts` and `sandbox-host.ts` put them together with their own door.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, {
  type FastifyBaseLogger,
  LogController,
  type preHandlerHookHandler,
} from "fastify";
import type { Logger } from "pino";
import type { Agent } from "undici";
import { RateLimiter } from "../accounts/rate-limiter.js";
import { createLimitStore } from "../adapters/limits/create-limit-store.js";
import type { LimitStore } from "../adapters/limits/types.js";
import { createDeliveryAgent } from "../adapters/webhooks/delivery-agent.js";
import type { Config } from "../config/index.js";
import { installAccessLog } from "../http/access-log.js";
import type { App } from "../http/app-type.js";
import { clientErrorHandler } from "../http/client-errors.js";
import { type CorsOrigins, installCors } from "../http/cors.js";
import { installErrorHandling } from "../http/error-handler.js";
import { frameworkErrors, MAX_SEGMENT_LENGTH } from "../http/framework-errors.js";
import { installHttpCache } from "../http/http-cache/install-http-cache.js";
import { lazySchemaCompilers, rememberSchemaCompilers } from "../http/lazy-schema-compilers.js";
import { registerOpenApi } from "../http/openapi.js";
import { installOverloadShedding } from "../http/overload.js";
import { installParamPolicy } from "../http/param-policy.js";
import { installReadCache } from "../http/read-cache.js";
import { installRequestMetrics } from "../http/request-metrics.js";
import { healthRoutes, type ReadinessCheck } from "../http/routes/health.js";
import { metricsRoute } from "../http/routes/metrics.js";
import { v1Routes } from "../http/routes/v1/index.js";
import { webhookRoutes } from "../http/routes/v1/webhooks.js";
import { installStrictQuery } from "../http/strict-query.js";
import { newRequestId } from "../lib/request-id.js";
import type { Clock } from "../lib/time.js";
import type { MetricsHost } from "../metrics/labels.js";
import type { Store } from "../store/database.js";
import { deliverySettings, retentionMs } from "../webhooks/settings.js";

export interface HostDeps {
  config: Config;
  store: Store;
  logger: Logger;
  clock: Clock;
  /** Rate-limit and quota counters; made from REDIS_URL (or in memory) when absent. */
  limits?: LimitStore;
  /** The HTTP agent webhook test sends and manual retries use; made (and closed) here when absent. */
  webhookAgent?: Agent;
  /**
   * false only in the benchmark that measures what the parameters rule costs (ADR-0040);
   * deliberately not a configuration option, so no deployment can switch it off.
   */
  paramPolicy?: boolean;
}

/**
 * The Fastify instance: request ids (also sent as X-Request-Id), CORS, the access log, the
 * errors. `corsOrigins`: `*` for the sandbox; the real host's configured list by default.
 */
export async function createHttpApp(
  deps: HostDeps,
  corsOrigins: CorsOrigins = deps.config.corsOrigins,
  /** Which host's series its requests count in (metrics/labels.ts). */
  host: MetricsHost = "live",
): Promise<App> {
  const tls = deps.config.tls;
  const routerErrors = frameworkErrors(deps.clock);
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    ...(tls !== undefined ? { https: { cert: tls.cert, key: tls.key } } : {}),
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: newRequestId,
    logController: new LogController({
      requestIdLogLabel: "request_id",
      disableRequestLogging: true,
    }),
    bodyLimit: 1_048_576,
    // request.ip (the sandbox's per-address guard, the access log) from X-Forwarded-For.
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_SEGMENT_LENGTH },
    frameworkErrors: routerErrors.handle,
    clientErrorHandler: clientErrorHandler(deps.clock),
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: true, removeAdditional: false },
    },
    // Each route's schemas compiled on its first request, not all of them at start.
    schemaController: { compilersFactory: schemas.factory },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  rememberSchemaCompilers(app, schemas);

  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  // Before any route: each route gets its own counting hook.
  installRequestMetrics(app, host);
  await installCors(app, corsOrigins);
  installAccessLog(app);
  // Before the door and the caches: a shed request costs nothing and counts for nothing.
  await installOverloadShedding(app, {
    maxEventLoopDelayMs: deps.config.shedEventLoopDelayMs,
    maxInFlight: deps.config.maxInFlight,
  });
  installErrorHandling(app, deps.clock);
  installStrictQuery(app);
  // After the strict query checks, so it runs before them: a refused name is reported first.
  if (deps.paramPolicy !== false) installParamPolicy(app);
  routerErrors.install(app);
  await deps.store.watchChanges();
  return app;
}

/** Per-key counters and the limiter over them (closed with the app when made here). */
export function limiterFor(
  app: App,
  deps: HostDeps,
  /** Where `/readyz` learns of the counters' Redis, when they are shared (ADR-0036). */
  readiness?: ReadinessCheck[],
): RateLimiter {
  const limits = deps.limits ?? createLimitStore(deps.config.redisUrl, redisSettings(app, deps));
  if (deps.limits === undefined) app.addHook("onClose", () => limits.close());
  const ping = limits.ping?.bind(limits);
  if (readiness !== undefined && ping !== undefined) readiness.push({ name: "redis", check: ping });
  return new RateLimiter(limits, deps.clock);
}

/** Fail-fast settings of the host's Redis connections (ADR-0036): the timeout and the log. */
export function redisSettings(app: App, deps: HostDeps) {
  return {
    commandTimeoutMs: deps.config.redisTimeoutMs,
    onError: (error: unknown) => app.log.error({ err: error }, "redis: limit counters"),
  };
}

export interface ReadPathOptions {
  /** Which OpenAPI document the host serves. */
  host: "live" | "sandbox";
  /** Runs before the odds route's handler (the sandbox's odds walk). */
  beforeOdds?: preHandlerHookHandler;
  /** What `/readyz` checks beside the database (Redis); read at every request. */
  readiness?: readonly ReadinessCheck[];
}

/**
 * HTTP caching for clients (ETag, 304, Cache-Control, compression), the read cache, the OpenAPI
 * document and /docs, health and every /v1 read route. Install the door (authentication,
 * limits) first: its hooks must run before the caches', so a 304 is a counted call.
 */
export async function installReadPath(
  app: App,
  deps: HostDeps,
  options: ReadPathOptions,
): Promise<void> {
  installHttpCache(app);
  if (deps.config.readCache) installReadCache(app, deps.store, deps.clock, options.host);
  await registerOpenApi(app, options.host);
  healthRoutes(app, deps.store, options.readiness);
  metricsRoute(app, { adminToken: deps.config.adminToken, trustProxy: deps.config.trustProxy });
  v1Routes(app, { store: deps.store, clock: deps.clock }, { beforeOdds: options.beforeOdds });
}

/** The agent for webhook test sends and manual retries: the given one, or one of the app's own. */
export function webhookAgentFor(app: App, deps: HostDeps): Agent {
  if (deps.webhookAgent !== undefined) return deps.webhookAgent;
  const own = createDeliveryAgent({ allowPrivate: deps.config.webhookAllowPrivate });
  app.addHook("onClose", () => own.close());
  return own;
}

/** The webhook subscription API and its delivery log. */
export function installWebhookRoutes(app: App, deps: HostDeps, agent: Agent): void {
  const { store, clock, config } = deps;
  webhookRoutes(app, {
    ctx: { store, clock },
    settings: { allowPrivate: config.webhookAllowPrivate },
    attempts: { store, agent, clock, settings: deliverySettings(config) },
    clock,
    retentionMs: retentionMs(config),
  });
}
