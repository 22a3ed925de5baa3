/** The admin API (/admin/v1): the token guard, accounts, keys and revocation, per dialect. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const TOKEN = "x".repeat(32);
const ADMIN = { authorization: `Bearer ${TOKEN}` };

for (const dialect of DIALECTS) {
  describe(`admin API on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { env: { SCORELINE_ADMIN_TOKEN: TOKEN } });
    });
    after(async () => {
      await t?.dispose();
    });

    const admin = async (method: "GET" | "POST", url: string, payload?: object) => {
      const res = await t.rawInject({
        method,
        url,
        headers: ADMIN,
        ...(payload ? { payload } : {}),
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers, text: res.body };
    };
    const usage = async (key: string) =>
      (await t.rawInject({ url: "/v1/usage", headers: { authorization: `Bearer ${key}` } }))
        .statusCode;

    test("a missing, wrong or non-admin token is a 401 invalid_api_key", async () => {
      const cases: Array<Record<string, string>> = [
        {},
        { authorization: `Bearer ${"y".repeat(32)}` },
        { authorization: "Bearer short" },
        { authorization: `Basic ${TOKEN}` },
        { authorization: `Bearer ${t.key}` },
      ];
      for (const headers of cases) {
        const res = await t.rawInject({ method: "GET", url: "/admin/v1/keys", headers });
        assert.equal(res.statusCode, 401, JSON.stringify(headers));
        const body = res.json();
        assert.equal(body.data, null);
        assert.equal(body.error.code, "invalid_api_key");
        assert.equal(body.errors[0].code, "invalid_api_key");
      }
      const query = await t.rawInject({ url: `/admin/v1/keys?api_key=${TOKEN}` });
      assert.equal(query.statusCode, 401);
    });

    test("account → key → the key works → revoke → 401 within a second", async () => {
      const account = await admin("POST", "/admin/v1/accounts", {
        email: "Ops@Example.com",
        plan: "growth",
      });
      assert.equal(account.status, 201, account.text);
      assert.equal(account.body.data.email, "ops@example.com");
      assert.equal(account.body.data.plan, "growth");
      assert.match(account.body.meta.request_id, /^req_/);
      assert.deepEqual(account.body.errors, []);

      const byEmail = await admin("GET", "/admin/v1/accounts/ops@example.com");
      const byId = await admin("GET", `/admin/v1/accounts/${account.body.data.id}`);
      assert.equal(byEmail.status, 200);
      assert.deepEqual(byEmail.body.data, account.body.data);
      assert.deepEqual(byId.body.data, account.body.data);

      const created = await admin("POST", "/admin/v1/keys", {
        account: "ops@example.com",
        name: "production",
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.headers["cache-control"], "no-store");
      const key = created.body.data;
      assert.match(key.key, /^sl_live_[A-Za-z0-9_-]{43}$/);
      assert.equal(key.plan, "growth");
      assert.equal(key.account_id, account.body.data.id);
      assert.equal(key.state, "active");
      assert.equal(key.key.startsWith(key.prefix), true);

      const listed = await admin("GET", "/admin/v1/keys?account=ops@example.com");
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.data.map((k: { id: string }) => k.id),
        [key.id],
      );
      assert.equal(listed.text.includes(key.key), false);
      assert.equal(listed.text.includes("hash"), false);

      assert.equal(await usage(key.key), 200);
      const revoked = await admin("POST", `/admin/v1/keys/${key.id}/revoke`, {});
      assert.equal(revoked.status, 200, revoked.text);
      assert.equal(revoked.body.data.state, "revoked");
      assert.equal(revoked.text.includes(key.key), false);
      await sleep(1_100);
      assert.equal(await usage(key.key), 401);
    });

    test("a scheduled revocation leaves the key working until then; no body revokes now", async () => {
      const created = await admin("POST", "/admin/v1/keys", { plan: "starter" });
      const key = created.body.data;
      const scheduled = await admin("POST", `/admin/v1/keys/${key.id}/revoke`, {
        at: "2030-01-01T00:00:00Z",
      });
      assert.equal(scheduled.status, 200);
      assert.equal(scheduled.body.data.state, "active");
      assert.equal(scheduled.body.data.revoked_at, "2030-01-01T00:00:00Z");
      assert.equal(await usage(key.key), 200);

      const now = await t.rawInject({
        method: "POST",
        url: `/admin/v1/keys/${key.id}/revoke`,
        headers: ADMIN,
      });
      assert.equal(now.statusCode, 200, now.body);
      assert.equal(now.json().data.state, "revoked");
    });

    test("sandbox keys are sl_test_ and refused on the real host", async () => {
      const created = await admin("POST", "/admin/v1/keys", { plan: "free", sandbox: true });
      assert.equal(created.status, 201);
      assert.match(created.body.data.key, /^sl_test_/);
      assert.equal(created.body.data.kind, "test");
      assert.equal(await usage(created.body.data.key), 401);
    });

    test("custom limits are stored on the account", async () => {
      const limits = { requests_per_minute: 50_000, requests_per_month: null };
      const res = await admin("POST", "/admin/v1/accounts", {
        email: "big@example.com",
        plan: "enterprise",
        limits,
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(res.body.data.limits, limits);
    });

    test("bad input is a 400 naming the field", async () => {
      const cases: Array<[string, object, string]> = [
        ["/admin/v1/accounts", {}, "email"],
        ["/admin/v1/accounts", { email: "not-an-email" }, "email"],
        ["/admin/v1/accounts", { email: "a@example.com", plan: "gold" }, "plan"],
        [
          "/admin/v1/accounts",
          { email: "a@example.com", limits: { requests_per_minute: 0 } },
          "limits.requests_per_minute",
        ],
        ["/admin/v1/accounts", { email: "ops@example.com" }, "email"],
        ["/admin/v1/keys", { plan: "gold" }, "plan"],
        ["/admin/v1/keys", { expires_at: "tomorrow" }, "expires_at"],
        ["/admin/v1/keys", { expires_at: "2020-01-01T00:00:00Z" }, "expires_at"],
        ["/admin/v1/keys", { sandbox: "maybe" }, "sandbox"],
        [`/admin/v1/keys/${t.keyId}/revoke`, { at: "soon" }, "at"],
      ];
      for (const [url, payload, field] of cases) {
        const res = await admin("POST", url, payload);
        assert.equal(res.status, 400, `${url} ${JSON.stringify(payload)}: ${res.text}`);
        assert.equal(res.body.error.code, "invalid_parameter");
        assert.equal(res.body.error.field, field, JSON.stringify(payload));
      }
    });

    test("unknown accounts and keys are 404", async () => {
      assert.equal((await admin("GET", "/admin/v1/accounts/nobody@example.com")).status, 404);
      assert.equal((await admin("GET", "/admin/v1/keys?account=acc_nope")).status, 404);
      assert.equal((await admin("POST", "/admin/v1/keys", { account: "acc_nope" })).status, 404);
      const revoke = await admin("POST", "/admin/v1/keys/key_nope/revoke", {});
      assert.equal(revoke.status, 404);
      assert.equal(revoke.body.error.code, "not_found");
    });

    test("admin routes stay out of the public OpenAPI document", async () => {
      const res = await t.rawInject({ url: "/v1/openapi.json" });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body.includes("/admin/"), false);
    });
  });
}

describe("admin API without SCORELINE_ADMIN_TOKEN", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp("sqlite");
  });
  after(async () => {
    await t?.dispose();
  });

  test("/admin/v1 routes are not registered: 404 like any unknown route", async () => {
    const headers = { authorization: `Bearer ${TOKEN}` };
    for (const [method, url] of [
      ["POST", "/admin/v1/accounts"],
      ["GET", "/admin/v1/keys"],
      ["POST", "/admin/v1/keys/key_x/revoke"],
    ] as const) {
      const res = await t.rawInject({ method, url, headers, payload: {} });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json().error.code, "not_found");
    }
  });
});
