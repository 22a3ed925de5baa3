/**
 * An API app over a fresh store of one dialect, for `app.inject()` tests. `seed: true` loads the
 * sample dataset (about 100k rows) so list endpoints have realistic data; otherwise tests build
 * their own rows with the factories.
 */
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config/index.js";
import type { App } from "../../src/http/app-type.js";
import type { Clock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import { seedDemoData } from "../../src/sample/seed-demo.js";
import type { Store } from "../../src/store/database.js";
import { createTestStore, type TestDialect } from "./stores.js";

/** The moment seeded test data is anchored at; inject it as the app's clock. */
export const TEST_NOW = new Date("2026-11-21T10:00:00Z");
export const testClock: Clock = () => new Date(TEST_NOW);

export interface TestApp {
  app: App;
  store: Store;
  dispose(): Promise<void>;
}

export async function createTestApp(
  dialect: TestDialect,
  options: { seed?: boolean; clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const t = await createTestStore(dialect);
  if (options.seed) await seedDemoData(t.store, { seed: 7, now: TEST_NOW });
  const app = await buildApp({
    config: loadConfig(options.env ?? {}),
    store: t.store,
    logger: createLogger("silent"),
    clock: options.clock ?? testClock,
  });
  return {
    app,
    store: t.store,
    dispose: async () => {
      await app.close();
      await t.dispose();
    },
  };
}

/** GET through the app and parse the body. */
export async function getJson(app: App, url: string) {
  const response = await app.inject({ method: "GET", url });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}
