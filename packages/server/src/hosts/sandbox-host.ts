/**
 * The sandbox host (`sandbox` role, ADR-0019): the shared core over the sandbox's own sample
 * store, keyless or with a personal sandbox key, odds that step on every `/odds` call, and the test
 * webhook receiver. Everything else is the real host's, so the two cannot drift apart in shape.
 */
import type { App } from "../http/app-type.js";
import type { ReadinessCheck } from "../http/routes/health.js";
import { type Clock, systemClock } from "../lib/time.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { installSandboxDoor } from "../sandbox/install-sandbox.js";
import { oddsWalkHook } from "../sandbox/odds-walk-hook.js";
import { testReceiverRoute } from "../sandbox/test-receiver.js";
import { oddsWalk } from "../simulator/odds-walk.js";
import { SampleWorldFeed } from "../simulator/sample-world.js";
import type { Store } from "../store/database.js";
import {
  createHttpApp,
  type HostDeps,
  installReadPath,
  installWebhookRoutes,
  limiterFor,
  webhookAgentFor,
} from "./http-core.js";

export interface SandboxHostDeps extends Omit<HostDeps, "clock"> {
  clock?: Clock;
  /** The main store: where accounts and their sandbox keys live. */
  accountsStore: Store;
  /** The sandbox store's ingestor: the odds walk's steps go through it. */
  ingestor: FeedIngestor;
  /** More for `/readyz` to report: the sandbox's world loading (ADR-0052). */
  readiness?: readonly ReadinessCheck[];
}

export async function buildSandboxHost(options: SandboxHostDeps): Promise<App> {
  const deps: HostDeps = { ...options, clock: options.clock ?? systemClock };
  // Sample data and no secrets: any web page may call the sandbox.
  const app = await createHttpApp(deps, "*", "sandbox");
  // What /readyz checks beside the database: the counters' Redis, when shared (ADR-0036).
  const readiness: ReadinessCheck[] = [...(options.readiness ?? [])];
  const limiter = limiterFor(app, deps, readiness);
  installSandboxDoor(app, {
    store: deps.store,
    accountsStore: options.accountsStore,
    clock: deps.clock,
    plans: deps.config.plans,
    limiter,
  });
  const walk = oddsWalk({ store: deps.store, ingestor: new SampleWorldFeed(options.ingestor) });
  await installReadPath(app, deps, {
    host: "sandbox",
    beforeOdds: oddsWalkHook(walk),
    readiness,
  });
  const agent = webhookAgentFor(app, deps);
  testReceiverRoute(app, {
    agent,
    allowPrivate: deps.config.webhookAllowPrivate,
    clock: deps.clock,
  });
  installWebhookRoutes(app, deps, agent);
  await app.ready();
  return app;
}
