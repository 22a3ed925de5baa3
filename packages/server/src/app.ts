/**
 * Builds the API application from its dependencies; running it (listening, signals) is
 * `roles/api.ts`'s job. Tests call `buildApp` and use `app.inject()`.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import type { Logger } from "pino";
import type { Agent } from "undici";
import { Authenticator } from "./accounts/authenticator.js";
import { loadPlans } from "./accounts/plans.js";
import { RateLimiter } from "./accounts/rate-limiter.js";
import { createEventBus } from "./adapters/bus/create-event-bus.js";
import type { EventBus } from "./adapters/bus/event-bus.js";
import { createLimitStore } from "./adapters/limits/create-limit-store.js";
import type { LimitStore } from "./adapters/limits/types.js";
import { createDeliveryAgent } from "./adapters/webhooks/delivery-agent.js";
import type { Config } from "./config/index.js";
import { installAccessLog } from "./http/access-log.js";
import type { App } from "./http/app-type.js";
import { installAuth } from "./http/auth.js";
import { installErrorHandling } from "./http/error-handler.js";
import { registerOpenApi } from "./http/openapi.js";
import { installReadCache } from "./http/read-cache.js";
import { newRequestId } from "./http/request-id.js";
import { adminRoutes } from "./http/routes/admin/index.js";
import { healthRoutes } from "./http/routes/health.js";
import { v1Routes } from "./http/routes/v1/index.js";
import { usageRoutes } from "./http/routes/v1/usage.js";
import { webhookRoutes } from "./http/routes/v1/webhooks.js";
import { type Clock, systemClock } from "./lib/time.js";
import type { FeedIngestor } from "./live/ingestor.js";
import { ingestorFor } from "./roles/ingestor.js";
import { installSandbox } from "./sandbox/install-sandbox.js";
import { testReceiverRoute } from "./sandbox/test-receiver.js";
import type { Store } from "./store/database.js";
import { deliverySettings } from "./webhooks/settings.js";

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  clock?: Clock;
  /** Serve HTTPS directly (SCORELINE_TLS_CERT / SCORELINE_TLS_KEY). */
  https?: { cert: Buffer; key: Buffer };
  /** Rate-limit and quota counters; made from REDIS_URL (or in memory) when absent. */
  limits?: LimitStore;
  /**
   * false only in the benchmark that measures what authentication costs; deliberately not a
   * configuration option, so no deployment can switch it off.
   */
  auth?: boolean;
  /** The live event bus; made from REDIS_URL (or in memory) when absent. */
  bus?: EventBus;
  /** The feed ingestor behind POST /admin/v1/feed; made over `bus` when absent. */
  ingestor?: FeedIngestor;
  /** The HTTP agent webhook test sends and manual retries use; made (and closed) here when absent. */
  webhookAgent?: Agent;
  /**
   * Build the sandbox host instead (decisions §7): the same /v1 routes over `store` (the sample
   * data), keyless or with a personal sandbox key checked against `accountsStore`.
   */
  sandbox?: SandboxHost;
}

export interface SandboxHost {
  /** The main store: where accounts and their sandbox keys live. */
  accountsStore: Store;
  /** The sandbox store's ingestor (odds random walk). */
  ingestor: FeedIngestor;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    ...(deps.https ? { https: deps.https } : {}),
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: newRequestId,
    logController: new LogController({
      requestIdLogLabel: "request_id",
      disableRequestLogging: true,
    }),
    bodyLimit: 1_048_576,
    // request.ip (the sandbox's per-address guard, the access log) from X-Forwarded-For.
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: true, removeAdditional: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  installAccessLog(app);
  installErrorHandling(app, clock);
  await deps.store.watchChanges();

  const plans = loadPlans(deps.config.plansFile);
  const limits = deps.limits ?? createLimitStore(deps.config.redisUrl);
  if (deps.limits === undefined) app.addHook("onClose", () => limits.close());
  const accounts = { store: deps.store, clock, plans };
  const limiter = new RateLimiter(limits, clock);
  const sandbox = deps.sandbox;
  if (sandbox !== undefined) {
    installSandbox(app, deps.store, sandbox, { clock, plans, limiter });
  } else if (deps.auth !== false) {
    installAuth(app, new Authenticator(accounts, "live"), limiter);
  }
  if (deps.config.readCache) installReadCache(app, deps.store, clock);
  await registerOpenApi(app, sandbox === undefined ? "live" : "sandbox");

  healthRoutes(app, deps.store);
  v1Routes(app, { store: deps.store, clock });
  let agent = deps.webhookAgent;
  if (agent === undefined) {
    const own = createDeliveryAgent({ allowPrivate: deps.config.webhookAllowPrivate });
    app.addHook("onClose", () => own.close());
    agent = own;
  }
  if (sandbox !== undefined) {
    testReceiverRoute(app, { agent, allowPrivate: deps.config.webhookAllowPrivate, clock });
  } else {
    usageRoutes(app, { limiter, clock });
  }
  webhookRoutes(app, {
    ctx: { store: deps.store, clock },
    settings: { allowPrivate: deps.config.webhookAllowPrivate },
    attempts: { store: deps.store, agent, clock, settings: deliverySettings(deps.config) },
    clock,
  });
  if (deps.config.adminToken !== undefined && sandbox === undefined) {
    const ingestor = deps.ingestor ?? liveIngestor(app, deps, clock);
    adminRoutes(app, { accounts, adminToken: deps.config.adminToken, ingestor, clock });
  }

  await app.ready();
  return app;
}

/** An ingestor over the given bus, or over a bus of the app's own (closed with the app). */
function liveIngestor(app: App, deps: AppDeps, clock: Clock): FeedIngestor {
  let bus = deps.bus;
  if (bus === undefined) {
    const own = createEventBus(deps.config.redisUrl, (error) =>
      app.log.error({ err: error }, "event bus error"),
    );
    app.addHook("onClose", () => own.close());
    bus = own;
  }
  return ingestorFor(deps.config, deps.store, bus, clock);
}
