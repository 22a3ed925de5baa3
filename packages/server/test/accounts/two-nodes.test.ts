/**
 * Two app instances ("nodes") sharing one database and one Redis: a key's minute limit is
 * exact across both under concurrency, and a key revoked through one node is refused by the
 * other within one second.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createAccount, createKey, revokeKey } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { manualClock } from "../helpers/clock.js";
import { needsRedis } from "../helpers/requirements.js";
import { freshUrl } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe("two nodes on one Redis", {
  skip: needsRedis(),
}, () => {
  const stores: Store[] = [];
  const apps: App[] = [];
  let cleanup: () => Promise<void>;
  // Both nodes see the same fixed instant, so the test never straddles a minute boundary.
  const clock = manualClock("2026-11-21T10:04:10Z");
  before(async () => {
    const fresh = freshUrl("sqlite");
    cleanup = fresh.cleanup;
    for (let i = 0; i < 2; i++) {
      const store = openStore(fresh.url);
      await migrate(store);
      stores.push(store);
      apps.push(
        await buildApiHost({
          config: loadConfig({ REDIS_URL: redisUrl ?? "" }),
          store,
          logger: createLogger("silent"),
          clock,
        }),
      );
    }
    // The calls below need both nodes' Redis connections up: building an app can hold the event
    // loop past Redis's connect timeout, and a connection that timed out is made again shortly.
    for (const app of apps) {
      await waitFor(async () => (await app.inject({ url: "/readyz" })).statusCode === 200, {
        what: "/readyz: the node's Redis connections",
      });
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    await cleanup?.();
  });

  async function newKey(limits: Record<string, number>) {
    const ctx = { store: stores[0] as Store, clock, plans: DEFAULT_PLANS };
    const account = await createAccount(ctx, {
      email: `node-${Math.random().toString(36).slice(2)}@example.com`,
      plan: "growth",
      limits,
    });
    return createKey(ctx, { kind: "live", account: account.id });
  }
  const call = (node: number, key: string) =>
    (apps[node] as App).inject({
      url: "/v1/football/countries",
      headers: { authorization: `Bearer ${key}` },
    });

  test("concurrent callers on both nodes get exactly the limit", async () => {
    const { key } = await newKey({ requests_per_minute: 40 });
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => call(i % 2, key)));
    const ok = responses.filter((r) => r.statusCode === 200).length;
    const limited = responses.filter((r) => r.statusCode === 429).length;
    assert.equal(ok, 40);
    assert.equal(limited, 60);
    const remaining = responses
      .filter((r) => r.statusCode === 200)
      .map((r) => Number(r.headers["x-ratelimit-remaining"]));
    assert.deepEqual(
      [...remaining].sort((a, b) => a - b),
      Array.from({ length: 40 }, (_, i) => i),
    );
  });

  test("a key revoked through one node is refused by the other within one second", async () => {
    const created = await newKey({});
    assert.equal((await call(1, created.key)).statusCode, 200);
    await revokeKey({ store: stores[0] as Store, clock }, created.id);
    const started = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - started < 3_000) {
      status = (await call(1, created.key)).statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 25));
    }
    const elapsed = performance.now() - started;
    assert.equal(status, 401);
    assert.ok(elapsed <= 1_000, `refused after ${Math.round(elapsed)} ms`);
  });
});
