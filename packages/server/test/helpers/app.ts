/**
 * An API app over a fresh store of one dialect, for `app.inject()` tests. `seed: true` loads the
 * sample dataset (about 100k rows) so list endpoints have realistic data; otherwise tests build
 * their own rows with the factories.
 */
import type { InjectOptions } from "fastify";
import { createKey } from "../../src/accounts/accounts-service.js";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import type { LimitStore } from "../../src/adapters/limits/types.js";
import { loadConfig } from "../../src/config/index.js";
import { loadPlans } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import type { Clock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import type { SampleWorld } from "../../src/sample/generate.js";
import { seedDemoData } from "../../src/sample/load-sample-world.js";
import type { Store } from "../../src/store/database.js";
import { TEST_NOW, testClock } from "./clock.js";
import { FAST_PASSWORDS } from "./password-cost.js";
import { MIGRATED, type TemplateContent } from "./store-templates.js";
import { createTestStore, type TestDialect } from "./stores.js";

export interface TestApp {
  /** Its `inject` sends `key` unless the request sets its own Authorization header. */
  app: App;
  store: Store;
  /** The store's URL, for a second connection (another process or node) to the same data. */
  url: string;
  /** An API key of `options.plan` (enterprise by default) on its own account. */
  key: string;
  keyId: string;
  /** The app's own inject, sending no key. */
  rawInject: App["inject"];
  dispose(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /**
   * The sample world seeded: `core` by default (what the API's behaviour needs, quick to load);
   * `full` adds the regional competitions whose density only the calendar's tests look at.
   */
  world?: SampleWorld;
  clock?: Clock;
  env?: Record<string, string>;
  /** The plan of the test key (enterprise by default: limits high enough for any suite). */
  plan?: string;
  limits?: LimitStore;
  /** The live event bus (tests subscribe to it); the app makes its own when absent. */
  bus?: EventBus;
  /** SQLite only: start from a copy of this store file (one a test saved), not a template. */
  snapshot?: string;
}

export async function createTestApp(
  dialect: TestDialect,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const t = await createTestStore(
    dialect,
    options.snapshot !== undefined
      ? { name: "snapshot", file: options.snapshot }
      : options.seed
        ? seededWorld(options.world ?? "core")
        : MIGRATED,
  );
  const clock = options.clock ?? testClock;
  const config = loadConfig({ ...FAST_PASSWORDS, ...options.env });
  const app = await buildApiHost({
    config,
    store: t.store,
    logger: createLogger("silent"),
    clock,
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
  });
  const created = await createKey(
    { store: t.store, clock, plans: loadPlans(config.plansFile) },
    { kind: "live", plan: options.plan ?? "enterprise" },
  );
  const rawInject = app.inject.bind(app) as App["inject"];
  const withKey = (opts: InjectOptions | string): InjectOptions => {
    const request = typeof opts === "string" ? { url: opts } : opts;
    const headers = { ...(request.headers ?? {}) } as Record<string, string>;
    if (!("authorization" in headers) && !("Authorization" in headers)) {
      headers.authorization = `Bearer ${created.key}`;
    }
    return { ...request, headers };
  };
  (app as unknown as { inject: (o: InjectOptions | string) => unknown }).inject = (opts) =>
    rawInject(withKey(opts));
  return {
    app,
    store: t.store,
    url: t.url,
    key: created.key,
    keyId: created.id,
    rawInject,
    dispose: async () => {
      await app.close();
      await t.dispose();
    },
  };
}

/**
 * A store holding the sample world as `seed: true` loads it (seed 7, anchored at TEST_NOW):
 * generated once per test run into a template, copied per test (store-templates.ts).
 */
export function seededWorld(world: SampleWorld = "core"): TemplateContent {
  return {
    name: `${world}_7`,
    fill: async (store) => {
      await seedDemoData(store, { seed: 7, now: TEST_NOW, world });
    },
  };
}

/** GET through the app and parse the body. */
export async function getJson(app: App, url: string) {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}
