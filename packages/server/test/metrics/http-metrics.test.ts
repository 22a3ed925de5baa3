/**
 * The REST instruments move by exactly what real requests did, once per dialect: a read counted
 * by route pattern, status and sport with its latency; read-cache lookups matching the answers'
 * `X-Cache`; a 304; an unknown sport and an unknown path under bounded labels; refusals by
 * reason (the minute window, the monthly quota, load shedding); and key-cache lookups, one per
 * authenticated request, the first of a new key a miss.
 */
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { after, before, describe, test } from "node:test";
import { createAccount, createKey } from "../../src/accounts/accounts-service.js";
import { loadPlans } from "../../src/config/plans.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Scrape, scrape } from "./scrape.js";

const FIXTURES = { host: "live", method: "GET", route: "/v1/:sport/fixtures" };

/** `after − before` of one series. */
function delta(before: Scrape, after: Scrape, name: string, labels: Record<string, string>) {
  return after.value(name, labels) - before.value(name, labels);
}

for (const dialect of DIALECTS) {
  describe(`HTTP metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });
    const metrics = () => scrape({ inject: t.rawInject });

    test("a read counts by route, status and sport, with its latency and cache lookups", async () => {
      const url = "/v1/football/fixtures?per_page=7";
      const before = await metrics();
      const first = await t.app.inject(url);
      const second = await t.app.inject(url);
      assert.equal(first.statusCode, 200);
      assert.equal(second.statusCode, 200);
      const etag = String(second.headers.etag);
      const conditional = await t.app.inject({ url, headers: { "if-none-match": etag } });
      assert.equal(conditional.statusCode, 304);
      const after = await metrics();

      const requests = (status: string) =>
        delta(before, after, "scoreline_http_requests_total", {
          ...FIXTURES,
          status,
          sport: "football",
        });
      assert.equal(requests("200"), 2);
      assert.equal(requests("304"), 1, "the 304 is counted under its status");
      const latency = (statusClass: string) =>
        delta(before, after, "scoreline_http_request_duration_seconds_count", {
          ...FIXTURES,
          status_class: statusClass,
        });
      assert.equal(latency("2xx"), 2);
      assert.equal(latency("3xx"), 1);
      const sum = delta(before, after, "scoreline_http_request_duration_seconds_sum", {
        ...FIXTURES,
        status_class: "2xx",
      });
      assert.ok(sum > 0 && sum < 60, `latency sum ${sum} s`);

      const answers = [first, second, conditional].map((r) => r.headers["x-cache"]);
      const lookups = (result: string) =>
        delta(before, after, "scoreline_http_read_cache_lookups_total", {
          host: "live",
          route: "/v1/:sport/fixtures",
          result,
        });
      assert.equal(lookups("hit"), answers.filter((c) => c === "hit").length, String(answers));
      assert.equal(lookups("miss"), answers.filter((c) => c === "miss").length, String(answers));
      assert.equal(lookups("hit") + lookups("miss") + lookups("bypass"), 3);
    });

    test("an unknown sport and an unknown path keep their labels bounded", async () => {
      const before = await metrics();
      const sport = await t.app.inject("/v1/curling/fixtures");
      assert.equal(sport.statusCode, 404);
      const path = await t.app.inject("/v1/football/no-such-thing/k_secret-looking");
      assert.equal(path.statusCode, 404);
      const after = await metrics();
      assert.equal(
        delta(before, after, "scoreline_http_requests_total", {
          ...FIXTURES,
          status: "404",
          sport: "none",
        }),
        1,
      );
      assert.equal(
        delta(before, after, "scoreline_http_requests_total", {
          host: "live",
          method: "GET",
          route: "unmatched",
          status: "404",
          sport: "none",
        }),
        1,
      );
      const text = (await t.rawInject("/metrics")).body;
      assert.doesNotMatch(text, /curling|no-such-thing|k_secret/, "no raw value becomes a label");
    });

    test("refusals count by reason: the minute window and the monthly quota", async () => {
      const ctx = { store: t.store, clock: testClock, plans: loadPlans(undefined) };
      const keyWith = async (limits: Record<string, number>) => {
        const account = await createAccount(ctx, {
          email: `limits-${Math.random().toString(36).slice(2)}@metrics.test`,
          plan: "free",
          limits,
        });
        return (await createKey(ctx, { account: account.id, kind: "live" })).key;
      };
      const minute = await keyWith({ requests_per_minute: 1 });
      const month = await keyWith({ requests_per_month: 1 });
      const before = await metrics();
      for (const key of [minute, month]) {
        const headers = { authorization: `Bearer ${key}` };
        assert.equal((await t.rawInject({ url: "/v1/sports", headers })).statusCode, 200);
        const refused = await t.rawInject({ url: "/v1/sports", headers });
        assert.equal(refused.statusCode, 429);
      }
      const after = await metrics();
      const rejected = (reason: string) =>
        delta(before, after, "scoreline_http_rejections_total", { host: "live", reason });
      assert.equal(rejected("rate_limit_exceeded"), 1);
      assert.equal(rejected("quota_exceeded"), 1);
      assert.equal(
        delta(before, after, "scoreline_http_requests_total", {
          host: "live",
          method: "GET",
          route: "/v1/sports",
          status: "429",
          sport: "none",
        }),
        2,
      );
    });

    test("key-cache lookups: one per authenticated request, a new key's first a miss", async () => {
      const created = await createKey(
        { store: t.store, clock: testClock, plans: loadPlans(undefined) },
        { kind: "live", plan: "enterprise" },
      );
      const headers = { authorization: `Bearer ${created.key}` };
      const series = (s: Scrape, result: string) =>
        s.value("scoreline_key_cache_lookups_total", { host: "live", result });
      const start = await metrics();
      assert.equal((await t.rawInject({ url: "/v1/sports", headers })).statusCode, 200);
      const first = await metrics();
      assert.equal(series(first, "miss") - series(start, "miss"), 1, "the first look-up misses");
      assert.equal(series(first, "hit") - series(start, "hit"), 0);
      // The cache keeps a key for 750 ms: repeat until one request lands inside that window.
      let sent = 1;
      let last = first;
      await waitFor(async () => {
        assert.equal((await t.rawInject({ url: "/v1/sports", headers })).statusCode, 200);
        sent++;
        last = await metrics();
        return series(last, "hit") > series(start, "hit");
      });
      const lookups =
        series(last, "hit") - series(start, "hit") + series(last, "miss") - series(start, "miss");
      assert.equal(lookups, sent, "every authenticated request looked its key up once");
    });
  });
}

describe("load shedding counts its refusals", () => {
  test("past SCORELINE_MAX_IN_FLIGHT a request is refused as overload_in_flight", async () => {
    const t = await createTestApp("sqlite", {
      env: { SCORELINE_MAX_IN_FLIGHT: "1", SCORELINE_ADMIN_TOKEN: "shed-admin-token-0123456789" },
    });
    try {
      const before = await scrape({ inject: t.rawInject });
      // A request whose body never ends stays in flight until the test ends it. It may lose the
      // race to a probe and be refused itself (the probe was in flight first): then another one
      // is held, and each refused hold counts as a refusal too.
      let refusedHolds = 0;
      const hold = () => {
        const body = new PassThrough();
        const state = { body, settled: false, done: Promise.resolve() };
        state.done = t
          .rawInject({
            method: "POST",
            url: "/admin/v1/feed",
            headers: {
              authorization: "Bearer shed-admin-token-0123456789",
              "content-type": "application/x-ndjson",
            },
            payload: body,
          })
          .then((response) => {
            state.settled = true;
            if (response.statusCode === 503) refusedHolds += 1;
          });
        return state;
      };
      let held = hold();
      let shed = await t.app.inject("/v1/sports");
      await waitFor(async () => {
        if (shed.statusCode === 503) return true;
        if (held.settled) held = hold();
        shed = await t.app.inject("/v1/sports");
        return shed.statusCode === 503;
      });
      held.body.end("");
      await held.done;
      const after = await scrape({ inject: t.rawInject });
      assert.equal(
        after.value("scoreline_http_rejections_total", {
          host: "live",
          reason: "overload_in_flight",
        }) -
          before.value("scoreline_http_rejections_total", {
            host: "live",
            reason: "overload_in_flight",
          }),
        1 + refusedHolds,
      );
      assert.equal(shed.json().error.code, "service_unavailable");
    } finally {
      await t.dispose();
    }
  });
});
