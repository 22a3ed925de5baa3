/**
 * Rate limits and quotas through HTTP with an injected clock: the minute window, the monthly
 * quota (blocked, or billed overage), headers on every authenticated response, /v1/usage.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createAccount, createKey } from "../../src/accounts/accounts-service.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { manualClock } from "../helpers/clock.js";

describe("rate limits and quotas", () => {
  const clock = manualClock("2026-11-21T10:04:37Z");
  let t: TestApp;
  before(async () => {
    t = await createTestApp("sqlite", { clock });
  });
  after(async () => {
    await t?.dispose();
  });

  async function keyFor(plan: string, limits: Record<string, number | null>) {
    const ctx = { store: t.store, clock, plans: DEFAULT_PLANS };
    const email = `${plan}-${Math.random().toString(36).slice(2)}@example.com`;
    const account = await createAccount(ctx, { email, plan, limits });
    return (await createKey(ctx, { kind: "live", account: account.id })).key;
  }
  const call = (key: string, url = "/v1/football/competitions") =>
    t.rawInject({ url, headers: { authorization: `Bearer ${key}` } });

  test("the (limit+1)-th call in a minute is a 429 with headers and Retry-After; the next minute resumes", async () => {
    clock.set("2026-11-21T10:04:37Z");
    const key = await keyFor("growth", { requests_per_minute: 5 });
    for (let i = 1; i <= 5; i++) {
      const ok = await call(key);
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.headers["x-ratelimit-limit"], "5");
      assert.equal(ok.headers["x-ratelimit-remaining"], String(5 - i));
      assert.equal(
        ok.headers["x-ratelimit-reset"],
        String(Date.parse("2026-11-21T10:05:00Z") / 1000),
      );
    }
    const refused = await call(key);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error.code, "rate_limit_exceeded");
    assert.equal(refused.headers["retry-after"], "23");
    assert.equal(refused.headers["x-ratelimit-remaining"], "0");
    assert.equal(refused.headers["x-quota-limit"], "10000000");
    clock.set("2026-11-21T10:05:00Z");
    const resumed = await call(key);
    assert.equal(resumed.statusCode, 200);
    assert.equal(resumed.headers["x-ratelimit-remaining"], "4");
  });

  test("errors after authentication carry the limit headers too", async () => {
    const key = await keyFor("growth", {});
    const missing = await call(key, "/v1/football/fixtures/fx_nothinghere0000");
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers["x-ratelimit-limit"], "3000");
    assert.ok(missing.headers["x-quota-remaining"]);
    const bad = await call(key, "/v1/football/fixtures?per_page=0");
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.headers["x-ratelimit-limit"], "3000");
  });

  test("a blocked plan's monthly quota ends in 429 quota_exceeded until the next month", async () => {
    clock.set("2026-11-30T23:59:00Z");
    const key = await keyFor("free", { requests_per_month: 3 });
    for (let i = 0; i < 3; i++) assert.equal((await call(key)).statusCode, 200);
    const refused = await call(key);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error.code, "quota_exceeded");
    assert.equal(refused.headers["x-quota-remaining"], "0");
    assert.equal(
      refused.headers["x-quota-reset"],
      String(Date.parse("2026-12-01T00:00:00Z") / 1000),
    );
    assert.equal(refused.headers["retry-after"], "60");
    clock.set("2026-12-01T00:00:00Z");
    const december = await call(key);
    assert.equal(december.statusCode, 200);
    assert.equal(december.headers["x-quota-remaining"], "2");
  });

  test("a billed plan keeps serving past its quota and counts overage units of 1,000 calls", async () => {
    clock.set("2026-11-21T12:00:00Z");
    const key = await keyFor("growth", { requests_per_month: 3 });
    for (let i = 0; i < 5; i++) assert.equal((await call(key)).statusCode, 200);
    const usage = await call(key, "/v1/usage");
    assert.equal(usage.statusCode, 200);
    const data = usage.json().data;
    assert.equal(data.plan, "growth");
    assert.equal(data.month.used, 6);
    assert.equal(data.month.limit, 3);
    assert.equal(data.month.remaining, 0);
    assert.equal(data.overage_policy, "billed");
    assert.equal(data.overage_calls, 3);
    assert.equal(data.overage_units, 1);
    assert.equal(data.window.used, 6);
    assert.equal(data.window.reset_at, "2026-11-21T12:01:00Z");
  });

  test("enterprise accounts carry custom limits; an unlimited month sends no X-Quota-*", async () => {
    const key = await keyFor("enterprise", { requests_per_minute: 123_456 });
    const response = await call(key);
    assert.equal(response.headers["x-ratelimit-limit"], "123456");
    for (const name of ["x-quota-limit", "x-quota-remaining", "x-quota-reset"]) {
      assert.equal(response.headers[name], undefined, name);
    }
  });
});
