/**
 * The real host (`api` role): the shared core behind API-key authentication, per-key limits and
 * plan entitlements, plus `/v1/usage` and, with an admin token, the admin API and the feed route.
 * The role listens; tests call `buildApiHost` and use `app.inject()`.
 */
import { Authenticator } from "../accounts/authenticator.js";
import { SignInThrottle } from "../accounts/sign-in-throttle.js";
import { createEventBus } from "../adapters/bus/create-event-bus.js";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { createLimitStore } from "../adapters/limits/create-limit-store.js";
import { MemoryLimitStore } from "../adapters/limits/memory-limit-store.js";
import type { LimitStore } from "../adapters/limits/types.js";
import { createMailer } from "../adapters/mail/mailer.js";
import { installDashboard } from "../dashboard/install-dashboard.js";
import type { App } from "../http/app-type.js";
import { installAuth } from "../http/auth.js";
import { adminRoutes } from "../http/routes/admin/index.js";
import type { ReadinessCheck } from "../http/routes/health.js";
import { usageRoutes } from "../http/routes/v1/usage.js";
import { type Clock, systemClock } from "../lib/time.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { accountSlotGroup } from "../stream/admission.js";
import { RedisConnectionSlots } from "../stream/redis-connection-slots.js";
import { restoreMonthlyQuotas } from "../usage/restore-quota.js";
import { UsageLedger } from "../usage/usage-ledger.js";
import { ingestorWithOutbox } from "../webhooks/ingestor-with-outbox.js";
import { deliverySettings } from "../webhooks/settings.js";
import {
  createHttpApp,
  type HostDeps,
  installReadPath,
  installWebhookRoutes,
  limiterFor,
  redisSettings,
  webhookAgentFor,
} from "./http-core.js";

export interface ApiHostDeps extends Omit<HostDeps, "clock"> {
  clock?: Clock;
  /**
   * false only in the benchmark that measures what authentication costs; deliberately not a
   * configuration option, so no deployment can switch it off.
   */
  auth?: boolean;
  /** The live event bus; made from REDIS_URL (or in memory) when absent. */
  bus?: EventBus;
  /** The feed ingestor behind POST /admin/v1/feed; made over `bus` when absent. */
  ingestor?: FeedIngestor;
  /**
   * Open stream connections of an account (the dashboard's plan page): the stream role's own counter
   * when it runs in this process; made over Redis when REDIS_URL is set; otherwise unknown.
   */
  streamConnections?: (accountId: string) => Promise<number>;
  /** More for `/readyz` to report: the demo world loading (ADR-0052). */
  readiness?: readonly ReadinessCheck[];
}

export async function buildApiHost(options: ApiHostDeps): Promise<App> {
  const deps: HostDeps = { ...options, clock: options.clock ?? systemClock };
  const app = await createHttpApp(deps);
  // Revocations (admin API, dashboard) are announced on the process's bus (docs/stream.md).
  const accounts = {
    store: deps.store,
    clock: deps.clock,
    plans: deps.config.plans,
    notices: options.bus,
    passwordCost: deps.config.passwordCost,
  };
  const limits = await limitStoreFor(app, deps);
  // What /readyz checks beside the database: the Redis connections this node uses (ADR-0036).
  const readiness: ReadinessCheck[] = [...(options.readiness ?? [])];
  const limiter = limiterFor(app, { ...deps, limits }, readiness);
  const ledger = new UsageLedger(deps.store, deps.clock, {
    onError: (error) => app.log.error({ err: error }, "usage ledger: flush failed; will retry"),
  });
  ledger.start();
  app.addHook("onClose", () => ledger.close());
  if (options.auth !== false)
    installAuth(app, new Authenticator(accounts, "live"), limiter, ledger);
  await installReadPath(app, deps, { host: "live", readiness });
  const agent = webhookAgentFor(app, deps);
  usageRoutes(app, { limiter, ledger, store: deps.store, clock: deps.clock });
  installWebhookRoutes(app, deps, agent);
  const mailer = createMailer({
    smtpUrl: deps.config.smtpUrl,
    from: deps.config.mailFrom,
    logger: deps.logger,
  });
  app.addHook("onClose", async () => mailer.close());
  await installDashboard(app, {
    accounts,
    mailer,
    throttle: new SignInThrottle(limits, deps.clock),
    sessions: {
      idleMs: deps.config.sessionIdleMinutes * 60_000,
      absoluteMs: deps.config.sessionMaxHours * 3_600_000,
    },
    limiter,
    ledger,
    webhooks: {
      settings: { allowPrivate: deps.config.webhookAllowPrivate },
      attempts: {
        store: deps.store,
        agent,
        clock: deps.clock,
        settings: deliverySettings(deps.config),
      },
    },
    streamConnections: options.streamConnections ?? redisStreamCounter(app, deps, readiness),
    publicUrl: deps.config.publicUrl,
  });
  const adminToken = deps.config.adminToken;
  if (adminToken !== undefined) {
    const ingestor = options.ingestor ?? ownIngestor(app, options, deps);
    adminRoutes(app, { accounts, adminToken, ingestor, clock: deps.clock });
  }
  await app.ready();
  return app;
}

/**
 * The given counters, or the host's own (closed with it). Counters this host keeps in memory
 * start from the month the usage ledger holds, so a restart does not forget the quota.
 */
async function limitStoreFor(app: App, deps: HostDeps): Promise<LimitStore> {
  if (deps.limits !== undefined) return deps.limits;
  const own = createLimitStore(deps.config.redisUrl, redisSettings(app, deps));
  app.addHook("onClose", () => own.close());
  if (own instanceof MemoryLimitStore) {
    const keys = await restoreMonthlyQuotas(deps.store, own, deps.clock);
    if (keys > 0)
      app.log.info({ keys }, "restored this month's quota counts from the usage ledger");
  }
  return own;
}

/** Counts an account's stream connections across nodes through Redis, when there is one. */
function redisStreamCounter(app: App, deps: HostDeps, readiness: ReadinessCheck[]) {
  const url = deps.config.redisUrl;
  if (url === undefined) return undefined;
  const slots = new RedisConnectionSlots({
    url,
    commandTimeoutMs: deps.config.redisTimeoutMs,
    onError: (error) => app.log.error({ err: error }, "stream connection counter error"),
  });
  readiness.push({ name: "redis", check: () => slots.ping() });
  app.addHook("onClose", () => slots.close());
  return (accountId: string) => slots.count(accountSlotGroup(accountId));
}

/** An ingestor over the given bus, or over a bus of the app's own (closed with the app). */
function ownIngestor(app: App, options: ApiHostDeps, deps: HostDeps): FeedIngestor {
  let bus = options.bus;
  if (bus === undefined) {
    const own = createEventBus(deps.config.redisUrl, (error) =>
      app.log.error({ err: error }, "event bus error"),
    );
    app.addHook("onClose", () => own.close());
    bus = own;
  }
  return ingestorWithOutbox(deps.config, deps.store, bus, deps.clock);
}
