/**
 * The usage ledger (ADR-0030) through HTTP on both dialects: answered calls reach `usage_hours`
 * (by the timed flush and at shutdown), `GET /v1/usage` shows them per day, and a restart with
 * counters in memory keeps the month's quota.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createAccount, createKey } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import type { Store } from "../../src/store/database.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import { insertMiniLeague } from "../helpers/factories.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

async function ledgerSum(store: Store, keyId: string): Promise<number> {
  const row = await store.db
    .selectFrom("usage_hours")
    .select((eb) => eb.fn.sum<number | string>("calls").as("n"))
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

for (const dialect of DIALECTS) {
  describe(`usage ledger (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    let clock: ManualClock;
    const open: App[] = [];
    const host = async () => {
      const app = await buildApiHost({
        config: loadConfig({}),
        store: t.store,
        logger: createLogger("silent"),
        clock,
      });
      open.push(app);
      return app;
    };
    const keyFor = async (limits: Record<string, number> = {}) => {
      const ctx = { store: t.store, clock, plans: DEFAULT_PLANS };
      const email = `u-${Math.random().toString(36).slice(2)}@example.com`;
      const account = await createAccount(ctx, { email, plan: "growth", limits });
      return createKey(ctx, { kind: "live", account: account.id });
    };
    const call = (app: App, key: string, url: string) =>
      app.inject({ url, headers: { authorization: `Bearer ${key}` } });

    before(async () => {
      t = await createTestStore(dialect);
      await insertMiniLeague(t.store);
      clock = manualClock("2026-11-03T10:15:00Z");
    });
    after(async () => {
      for (const app of open) await app.close();
      await t?.dispose();
    });

    test("N answered calls sum to N in the ledger after the timed flush, by class, sport and resource", async () => {
      const app = await host();
      const key = await keyFor();
      const urls = [
        ...Array.from({ length: 7 }, () => "/v1/football/competitions"),
        ...Array.from({ length: 3 }, () => "/v1/football/fixtures/fx_nosuchfixture0"),
        "/v1/sports",
      ];
      for (const url of urls) await call(app, key.key, url);
      await call(app, "sl_live_notakeynotakeynotakeynotakeynotakeynotakey", "/v1/sports");
      // The periodic flush (every 5 s) writes without any shutdown.
      await waitFor(async () => (await ledgerSum(t.store, key.id)) === urls.length, {
        what: "the ledger to hold every call",
      });
      const rows = await t.store.db
        .selectFrom("usage_hours")
        .selectAll()
        .where("key_id", "=", key.id)
        .orderBy("resource")
        .orderBy("status_class")
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.hour, r.sport, r.resource, r.status_class, Number(r.calls)]),
        [
          ["2026-11-03T10", "football", "competitions", "success", 7],
          ["2026-11-03T10", "football", "fixtures", "client_error", 3],
          ["2026-11-03T10", "", "sports", "success", 1],
        ],
      );
      const used = await t.store.db
        .selectFrom("api_keys")
        .select("last_used_at")
        .where("id", "=", key.id)
        .executeTakeFirstOrThrow();
      assert.equal(used.last_used_at, "2026-11-03T10:15:00Z");
    });

    test("GET /v1/usage gains the month's calls per day, with 429s apart", async () => {
      const app = await host();
      const key = await keyFor({ requests_per_minute: 2 });
      clock.set("2026-11-01T23:59:10Z");
      for (let i = 0; i < 3; i++) await call(app, key.key, "/v1/football/competitions");
      clock.set("2026-11-03T10:20:00Z");
      await call(app, key.key, "/v1/football/competitions");
      const usage = (await call(app, key.key, "/v1/usage")).json().data;
      assert.equal(usage.history.length, 3, "every day from the 1st to today");
      assert.deepEqual(usage.history[0], {
        date: "2026-11-01",
        calls: 3,
        success: 2,
        client_error: 0,
        rate_limited: 1,
        quota_exceeded: 0,
        server_error: 0,
      });
      assert.equal(usage.history[1].calls, 0);
      assert.equal(usage.history[2].date, "2026-11-03");
      assert.equal(usage.history[2].success, 1, "the usage call itself is counted once answered");
    });

    test("a restart with memory counters keeps the month's quota", async () => {
      clock.set("2026-11-10T08:00:00Z");
      const first = await host();
      const key = await keyFor({ requests_per_month: 5 });
      // requests_per_month on a billed plan counts on; the account is blocked at 5 on free.
      await t.store.db
        .updateTable("api_keys")
        .set({ plan: "free" })
        .where("id", "=", key.id)
        .execute();
      for (let i = 0; i < 4; i++) {
        assert.equal((await call(first, key.key, "/v1/football/competitions")).statusCode, 200);
      }
      await first.close();
      assert.equal(await ledgerSum(t.store, key.id), 4, "shutdown flushed the buffer");

      const second = await host();
      const usage = (await call(second, key.key, "/v1/usage")).json().data;
      assert.equal(usage.month.used, 5, "four before the restart and this call");
      const refused = await call(second, key.key, "/v1/football/competitions");
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error.code, "quota_exceeded");
      await second.close();
      const classes = await t.store.db
        .selectFrom("usage_hours")
        .select(["status_class", "calls"])
        .where("key_id", "=", key.id)
        .where("status_class", "=", "quota_exceeded")
        .execute();
      assert.deepEqual(
        classes.map((c) => Number(c.calls)),
        [1],
      );
    });
  });
}
