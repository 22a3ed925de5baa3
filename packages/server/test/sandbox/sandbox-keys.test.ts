/**
 * Who may call the sandbox and how they are counted (ADR-0012, ADR-0019): a personal sandbox key
 * on a free account has 150 calls per UTC day (X-RateLimit-* describe the daily window, call 151
 * is a 429, the next UTC day it works again); other plans' sandbox keys get their minute window;
 * a live key is served keyless and charged to nothing of its account; an unknown `sl_test_` key
 * is a 401; keyless callers get the per-address guard (1,200 a minute), with no monthly quota.
 *
 * The sandbox store stays empty here (counting does not depend on data), so both dialects are
 * cheap: accounts and keys live in the main store of the dialect under test.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { createKey, revokeKey } from "../../src/accounts/accounts-service.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createSandbox, type Sandbox } from "./sandbox-helpers.js";

/** 10:00 UTC: fourteen hours before the daily window ends. */
const START = new Date("2026-11-21T10:00:00Z");
const unix = (iso: string) => Date.parse(iso) / 1000;
const NEXT_MIDNIGHT = unix("2026-11-22T00:00:00Z");

/** Endpoints that answer 200 over an empty store. */
const URLS = [
  "/v1/sports",
  "/v1/football/fixtures",
  "/v1/football/matches/live",
  "/v1/tennis/competitions",
  "/v1/golf/players",
];

function limits(response: LightMyRequestResponse) {
  const header = (name: string) => {
    const value = response.headers[name];
    assert.equal(typeof value, "string", `${name} is present (status ${response.statusCode})`);
    return value as string;
  };
  return {
    limit: header("x-ratelimit-limit"),
    remaining: header("x-ratelimit-remaining"),
    reset: Number(header("x-ratelimit-reset")),
    // The sandbox has no monthly quota: no X-Quota-* headers (undefined here).
    quotaLimit: response.headers["x-quota-limit"],
    quotaRemaining: response.headers["x-quota-remaining"],
  };
}

for (const dialect of DIALECTS) {
  describe(`sandbox keys and limits (${dialect})`, { skip: unavailable(dialect) }, () => {
    let sb: Sandbox;

    before(async () => {
      sb = await createSandbox({ dialect, seed: false, now: START });
    });
    after(async () => {
      await sb?.dispose();
    });

    test("a free sandbox key: 150 calls per UTC day, call 151 is a 429, the next day it works", async () => {
      sb.clock.set(START);
      const { key, accountId } = await sb.createKey("free");
      for (let call = 1; call <= 150; call++) {
        // The window is the day, not the minute: the calls are spread over the afternoon.
        if (call % 30 === 0) sb.clock.advance(47 * 60_000);
        const response = await sb.get(URLS[call % URLS.length] as string, key);
        assert.equal(response.statusCode, 200, `call ${call}: ${response.body}`);
        const l = limits(response);
        assert.equal(l.limit, "150", `call ${call}`);
        assert.equal(l.remaining, String(150 - call), `call ${call}`);
        assert.equal(l.reset, NEXT_MIDNIGHT, `call ${call}: resets at the next UTC midnight`);
        assert.equal(l.quotaLimit, undefined);
        assert.equal(l.quotaRemaining, undefined);
      }
      const now = sb.clock();
      const refused = await sb.get("/v1/football/fixtures", key);
      assert.equal(refused.statusCode, 429, refused.body);
      const body = refused.json();
      assert.equal(body.error.code, "rate_limit_exceeded");
      assert.equal(body.data, null);
      const l = limits(refused);
      assert.equal(l.limit, "150");
      assert.equal(l.remaining, "0");
      assert.equal(l.reset, NEXT_MIDNIGHT);
      const retryAfter = Number(refused.headers["retry-after"]);
      assert.ok(
        Math.abs(retryAfter - (NEXT_MIDNIGHT - now.getTime() / 1000)) <= 1,
        `Retry-After ${retryAfter} counts down to midnight`,
      );
      // A refusal is not counted, and still refuses a minute later (the day is not over).
      sb.clock.advance(60_000);
      assert.equal((await sb.get("/v1/sports", key)).statusCode, 429);

      // Another key of the same account has its own allowance.
      const second = await sb.createKey("free", "test", accountId);
      const other = await sb.get("/v1/sports", second.key);
      assert.equal(other.statusCode, 200);
      assert.equal(limits(other).remaining, "149");

      // Keyless callers are not affected by the key's exhausted day.
      assert.equal((await sb.get("/v1/sports")).statusCode, 200);

      // One second before midnight: still refused; at midnight a new day begins.
      sb.clock.set(new Date("2026-11-21T23:59:59Z"));
      const last = await sb.get("/v1/sports", key);
      assert.equal(last.statusCode, 429);
      assert.equal(last.headers["retry-after"], "1");
      sb.clock.set(new Date("2026-11-22T00:00:00Z"));
      const renewed = await sb.get("/v1/football/fixtures", key);
      assert.equal(renewed.statusCode, 200, renewed.body);
      assert.equal(limits(renewed).remaining, "149");
      assert.equal(limits(renewed).reset, unix("2026-11-23T00:00:00Z"));
    });

    test("a sandbox key of another plan gets that plan's minute window", async () => {
      sb.clock.set(new Date("2026-11-21T12:00:30Z"));
      const { key } = await sb.createKey("starter");
      const first = await sb.get("/v1/sports", key);
      assert.equal(first.statusCode, 200);
      assert.equal(limits(first).limit, "600");
      assert.equal(limits(first).remaining, "599");
      assert.equal(limits(first).reset, unix("2026-11-21T12:01:00Z"));
      assert.equal(limits(first).quotaLimit, undefined);
      sb.clock.set(new Date("2026-11-21T12:01:00Z"));
      const next = await sb.get("/v1/sports", key);
      assert.equal(limits(next).remaining, "599", "a new minute, a new window");
    });

    test("a live key is served keyless and charged to nothing of its account", async () => {
      sb.clock.set(new Date("2026-11-23T09:00:10Z"));
      const test = await sb.createKey("free");
      const live = await sb.createKey("free", "live", test.accountId);
      const before = await sb.get("/v1/sports", test.key);
      assert.equal(limits(before).remaining, "149");

      const address = { remoteAddress: "198.51.100.7" };
      const keyless = await sb.inject({ method: "GET", url: "/v1/sports", ...address });
      assert.equal(keyless.statusCode, 200);
      assert.equal(limits(keyless).limit, "1200");
      assert.equal(limits(keyless).remaining, "1199");
      for (const [i, presented] of [live.key, "sl_live_not-a-key-at-all"].entries()) {
        for (const via of ["header", "query"] as const) {
          const response =
            via === "header"
              ? await sb.inject({ method: "GET", url: "/v1/sports", key: presented, ...address })
              : await sb.inject({
                  method: "GET",
                  url: `/v1/sports?api_key=${encodeURIComponent(presented)}`,
                  ...address,
                });
          assert.equal(response.statusCode, 200, `${via}: ${response.body}`);
          const l = limits(response);
          // The address's guard counts it, exactly like a keyless call.
          assert.equal(l.limit, "1200");
          assert.equal(l.remaining, String(1199 - (i * 2 + (via === "header" ? 1 : 2))));
          assert.equal(l.quotaLimit, undefined);
        }
      }
      const after = await sb.get("/v1/sports", test.key);
      assert.equal(limits(after).remaining, "148", "the account's sandbox key was not charged");
      // …and the live key cannot create what needs an account here.
      const subscribe = await sb.inject({
        method: "POST",
        url: "/v1/webhooks",
        key: live.key,
        payload: { url: "https://example.com/hook", events: ["match.goal"] },
      });
      assert.equal(subscribe.statusCode, 401, subscribe.body);
      assert.match(subscribe.json().error.message, /live keys \(sl_live_…\) are not used/);
      const withoutKey = await sb.inject({ method: "GET", url: "/v1/webhooks" });
      assert.equal(withoutKey.statusCode, 401);
      assert.match(withoutKey.json().error.message, /an API key is required/);
    });

    test("an Authorization header of another scheme is served keyless", async () => {
      const address = { remoteAddress: "198.51.100.44" };
      const response = await sb.inject({
        method: "GET",
        url: "/v1/sports",
        headers: { authorization: "Basic dXNlcjpwYXNz" },
        ...address,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(limits(response).limit, "1200");
    });

    test("an unknown, malformed, revoked or empty sandbox key is a 401", async () => {
      sb.clock.set(new Date("2026-11-23T10:00:00Z"));
      const { key } = await sb.createKey("growth");
      const unknown = `${key.slice(0, -6)}zzzzzz`;
      for (const presented of [unknown, "sl_test_short", "not-a-key"]) {
        const response = await sb.get("/v1/football/fixtures", presented);
        assert.equal(response.statusCode, 401, `${presented}: ${response.body}`);
        assert.equal(response.json().error.code, "invalid_api_key");
        assert.equal(typeof response.headers["x-request-id"], "string");
      }
      const viaQuery = await sb.inject({
        method: "GET",
        url: `/v1/football/fixtures?api_key=${unknown}`,
      });
      assert.equal(viaQuery.statusCode, 401);
      const empty = await sb.inject({
        method: "GET",
        url: "/v1/sports",
        headers: { authorization: "Bearer " },
      });
      assert.equal(empty.statusCode, 401, "an empty bearer is not keyless");
      // The real key works.
      assert.equal((await sb.get("/v1/football/fixtures", key)).statusCode, 200);

      // Revoked, and expired by the (sandbox's) clock.
      const revoked = await sb.createKey("free");
      await revokeKey(sb.accounts, revoked.id);
      const refused = await sb.get("/v1/sports", revoked.key);
      assert.equal(refused.statusCode, 401);
      assert.match(refused.json().error.message, /revoked/);
      const expiring = await createKey(sb.accounts, {
        account: revoked.accountId,
        kind: "test",
        expiresAt: new Date("2026-11-23T11:00:00Z"),
      });
      assert.equal((await sb.get("/v1/sports", expiring.key)).statusCode, 200);
      sb.clock.set(new Date("2026-11-23T11:00:00Z"));
      const expired = await sb.get("/v1/sports", expiring.key);
      assert.equal(expired.statusCode, 401);
      assert.match(expired.json().error.message, /expired/);
    });

    test("keyless callers get the per-address guard: 1,200 a minute, no monthly quota", async () => {
      sb.clock.set(new Date("2026-11-24T08:30:15Z"));
      const a = { remoteAddress: "203.0.113.10" };
      const b = { remoteAddress: "203.0.113.11" };
      for (let call = 1; call <= 1200; call++) {
        const response = await sb.inject({ method: "GET", url: URLS[call % 2] as string, ...a });
        if (call % 100 !== 0 && call !== 1) continue;
        assert.equal(response.statusCode, 200, `call ${call}`);
        const l = limits(response);
        assert.equal(l.limit, "1200");
        assert.equal(l.remaining, String(1200 - call));
        assert.equal(l.reset, unix("2026-11-24T08:31:00Z"));
        assert.equal(l.quotaLimit, undefined);
        assert.equal(l.quotaRemaining, undefined);
      }
      const refused = await sb.inject({ method: "GET", url: "/v1/sports", ...a });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error.code, "rate_limit_exceeded");
      assert.equal(refused.headers["retry-after"], "45");
      // Another address is counted on its own; the next minute the first one is back.
      const other = await sb.inject({ method: "GET", url: "/v1/sports", ...b });
      assert.equal(other.statusCode, 200);
      assert.equal(limits(other).remaining, "1199");
      sb.clock.set(new Date("2026-11-24T08:31:00Z"));
      const back = await sb.inject({ method: "GET", url: "/v1/sports", ...a });
      assert.equal(back.statusCode, 200);
      assert.equal(limits(back).remaining, "1199");
    });
  });
}

describe("sandbox behind a reverse proxy", () => {
  test("SCORELINE_TRUST_PROXY: each forwarded client has its own guard; the proxy's address does not count", async () => {
    const sb = await createSandbox({ seed: false, env: { SCORELINE_TRUST_PROXY: "true" } });
    try {
      const proxy = { remoteAddress: "10.0.0.2" };
      const call = (client: string) =>
        sb.inject({
          method: "GET",
          url: "/v1/sports",
          headers: { "x-forwarded-for": client },
          ...proxy,
        });
      assert.equal(limits(await call("203.0.113.50")).remaining, "1199");
      assert.equal(limits(await call("203.0.113.50")).remaining, "1198");
      assert.equal(
        limits(await call("203.0.113.51")).remaining,
        "1199",
        "another client, its own budget",
      );
    } finally {
      await sb.dispose();
    }
  });

  test("the sandbox's OpenAPI document marks the key optional", async () => {
    const sb = await createSandbox({ seed: false });
    try {
      const doc = (await sb.inject({ method: "GET", url: "/v1/openapi.json" })).json();
      assert.equal(doc.info.title, "Scoreline sandbox API");
      assert.deepEqual(doc.security[0], {}, "an empty requirement: no key needed");
      assert.match(doc.components.securitySchemes.bearer.description, /sl_test_/);
    } finally {
      await sb.dispose();
    }
  });

  test("without it, every forwarded client shares the proxy's budget", async () => {
    const sb = await createSandbox({ seed: false });
    try {
      const proxy = { remoteAddress: "10.0.0.3" };
      const call = (client: string) =>
        sb.inject({
          method: "GET",
          url: "/v1/sports",
          headers: { "x-forwarded-for": client },
          ...proxy,
        });
      assert.equal(limits(await call("203.0.113.60")).remaining, "1199");
      assert.equal(limits(await call("203.0.113.61")).remaining, "1198");
    } finally {
      await sb.dispose();
    }
  });
});
