/**
 * The shared security suite: every authenticated /v1 route of the OpenAPI document refuses a
 * missing, malformed, unknown, expired, revoked or sandbox key with 401 `invalid_api_key`, and a
 * plan lacking the sport, odds or history with 403 `plan_forbidden`. Logs never hold key text.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import { createKey, revokeKey } from "../../src/accounts/accounts-service.js";
import { generateKey } from "../../src/accounts/key-material.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { seedDemoData } from "../../src/sample/load-sample-world.js";
import { TEST_NOW, testClock } from "../helpers/clock.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";

describe("security suite over every /v1 route", () => {
  let t: TestStore;
  let app: App;
  let logs = "";
  const keys: Record<string, string> = {};
  /** Every documented operation: [method, concrete url]. */
  let routes: Array<[Method, string]> = [];
  let fixtureId = "";

  before(async () => {
    t = await createTestStore("sqlite");
    await seedDemoData(t.store, { seed: 3, now: TEST_NOW, world: "core" });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    app = await buildApiHost({
      config: loadConfig({}),
      store: t.store,
      logger: createLogger("info", sink),
      clock: testClock,
    });
    const ctx = { store: t.store, clock: testClock, plans: DEFAULT_PLANS };
    for (const plan of ["free", "starter", "growth"]) {
      keys[plan] = (await createKey(ctx, { kind: "live", plan })).key;
    }
    // Created a minute before "now", expiring half a minute before it.
    const earlier = { ...ctx, clock: () => new Date(TEST_NOW.getTime() - 60_000) };
    const expired = await createKey(earlier, {
      kind: "live",
      plan: "growth",
      expiresAt: new Date(TEST_NOW.getTime() - 30_000),
    });
    keys.expired = expired.key;
    const revoked = await createKey(ctx, { kind: "live", plan: "growth" });
    await revokeKey(ctx, revoked.id);
    keys.revoked = revoked.key;
    keys.sandbox = (await createKey(ctx, { kind: "test", plan: "growth" })).key;
    const fixture = await t.store.db
      .selectFrom("fixtures")
      .select("id")
      .where("sport", "=", "football")
      .executeTakeFirstOrThrow();
    fixtureId = fixture.id;
    const doc = (await app.inject("/v1/openapi.json")).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) =>
          [
            method.toUpperCase() as Method,
            path.replace("{sport}", "football").replace(/\{[a-z_]+\}/g, fixtureId),
          ] as [Method, string],
      ),
    );
  });
  after(async () => {
    await app?.close();
    await t?.dispose();
  });

  const call = (
    url: string,
    key?: string,
    via: "header" | "query" = "header",
    method: Method = "GET",
  ) =>
    app.inject({
      method,
      url:
        via === "query" && key !== undefined
          ? `${url}${url.includes("?") ? "&" : "?"}api_key=${key}`
          : url,
      headers: via === "header" && key !== undefined ? { authorization: `Bearer ${key}` } : {},
    });

  test("the document lists the authenticated routes", () => {
    assert.ok(routes.length >= 22, `only ${routes.length} routes`);
  });

  test("no key, malformed, unknown, expired, revoked and sandbox keys are 401 on every route", async () => {
    const unknown = generateKey("live");
    const cases: Array<[string, string | undefined]> = [
      ["missing", undefined],
      ["malformed", "sl_live_short"],
      ["wrong scheme", "not-a-key"],
      ["unknown", unknown],
      ["expired", keys.expired],
      ["revoked", keys.revoked],
      ["sandbox key on the real host", keys.sandbox],
    ];
    for (const [method, route] of routes) {
      for (const [name, key] of cases) {
        const response = await call(route, key, "header", method);
        assert.equal(
          response.statusCode,
          401,
          `${method} ${route} with ${name} key → ${response.statusCode}`,
        );
        const body = response.json();
        assert.equal(body.error.code, "invalid_api_key");
        assert.equal(body.data, null);
        assert.equal(
          response.headers["x-ratelimit-limit"],
          undefined,
          "no limit headers before authentication",
        );
      }
    }
  });

  test("a valid key works as a Bearer header and as ?api_key=", async () => {
    for (const via of ["header", "query"] as const) {
      const response = await call("/v1/football/fixtures", keys.growth, via);
      assert.equal(response.statusCode, 200, `${via}: ${response.body.slice(0, 200)}`);
      assert.equal(response.headers["x-ratelimit-limit"], "3000");
      assert.equal(response.headers["x-quota-limit"], "10000000");
    }
  });

  test("plans lacking a sport, odds or history get 403 plan_forbidden naming what is missing", async () => {
    const sport = await call("/v1/american-football/fixtures", keys.free);
    assert.equal(sport.statusCode, 403);
    assert.equal(sport.json().error.code, "plan_forbidden");
    assert.match(sport.json().error.message, /free plan does not include american-football/);
    assert.equal((await call("/v1/football/fixtures", keys.free)).statusCode, 200);
    const odds = await call(`/v1/football/odds?match_id=${fixtureId}`, keys.starter);
    assert.equal(odds.statusCode, 403);
    assert.match(odds.json().error.message, /odds/);
    assert.notEqual(
      (await call(`/v1/football/odds?match_id=${fixtureId}`, keys.growth)).statusCode,
      403,
    );
    const history = await call("/v1/football/history/matches", keys.free);
    assert.equal(history.statusCode, 403);
    assert.match(history.json().error.message, /history/);
    assert.equal((await call("/v1/football/history/matches", keys.starter)).statusCode, 200);
    assert.equal(sport.headers["x-ratelimit-limit"], "100", "403s still carry the limit headers");
  });

  test("the logs hold no key material", async () => {
    await call(`/v1/football/fixtures?api_key=${keys.growth}`);
    await call("/v1/football/teams", keys.growth, "query");
    assert.ok(logs.length > 0);
    for (const key of Object.values(keys)) {
      assert.ok(!logs.includes(key), "a key was written to the log");
      assert.ok(!logs.includes(key.slice(8, 24)), "part of a key was written to the log");
    }
    assert.match(logs, /api_key=\[REDACTED\]/);
  });
});
