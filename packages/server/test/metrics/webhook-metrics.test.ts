/**
 * Webhook instruments, once per dialect, over the real delivery worker and a real receiver: the
 * outbox gauges a running worker reads at scrape (pending deliveries; how long the most overdue
 * one of an enabled subscription has waited, exactly, on the worker's clock; out of the gauges
 * once the worker stops), and each attempt by outcome — a success with its delivery latency, a
 * failing receiver's retry and then its final failure.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createDeliveryAgent } from "../../src/adapters/webhooks/delivery-agent.js";
import { DeliveryWorker } from "../../src/webhooks/delivery-worker.js";
import { realClock } from "../helpers/clock.js";
import { goalMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  FAST_SCHEDULE,
  feedAll,
  liveFixture,
  settledLog,
  startWorker,
  subscribe,
} from "../webhooks/helpers.js";
import { type Scrape, scrape } from "./scrape.js";

const LIVE = { host: "live" };

for (const dialect of DIALECTS) {
  describe(`webhook metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    before(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver((request) => ({
        status: request.path === "/fail" ? 500 : 200,
      }));
      await liveFixture(t);
    });
    after(async () => {
      await receiver?.stop();
      await t?.dispose();
    });
    const metrics = () => scrape({ inject: t.rawInject });
    const attempts = (s: Scrape, outcome: string) =>
      s.value("scoreline_webhook_attempts_total", { ...LIVE, outcome });

    test("the outbox gauges, then a success with its latency", async () => {
      const sub = await subscribe(t, { url: receiver.url("/ok"), events: ["match.goal"] });
      await feedAll(t, [goalMsg("football", "fx-1")]);
      const row = await t.store.db
        .selectFrom("webhook_deliveries")
        .select("next_attempt_at")
        .where("subscription_id", "=", sub.id)
        .executeTakeFirstOrThrow();
      const due = Date.parse(String(row.next_attempt_at));

      // A worker with no free slot claims nothing: it only reads the outbox for the gauges, on a
      // clock 42 s past the delivery's due time.
      const agent = createDeliveryAgent({ allowPrivate: true });
      const reader = new DeliveryWorker({
        store: t.store,
        agent,
        clock: () => new Date(due + 42_000),
        settings: { schedule: FAST_SCHEDULE, disableAfterMs: 3_600_000, timeoutMs: 2_000 },
        concurrency: 0,
      });
      reader.start();
      try {
        const held = await metrics();
        assert.equal(held.value("scoreline_webhook_outbox_pending", LIVE), 1);
        assert.equal(held.value("scoreline_webhook_outbox_oldest_pending_age_seconds", LIVE), 42);

        const off = await t.app.inject({
          method: "PATCH",
          url: `/v1/webhooks/${sub.id}`,
          payload: { enabled: false },
        });
        assert.equal(off.statusCode, 200, off.body);
        const disabled = await metrics();
        assert.equal(disabled.value("scoreline_webhook_outbox_pending", LIVE), 1);
        assert.equal(
          disabled.value("scoreline_webhook_outbox_oldest_pending_age_seconds", LIVE),
          0,
          "a disabled subscription's deliveries are not overdue: no worker would take them",
        );
        const on = await t.app.inject({
          method: "PATCH",
          url: `/v1/webhooks/${sub.id}`,
          payload: { enabled: true },
        });
        assert.equal(on.statusCode, 200, on.body);
      } finally {
        await reader.stop();
        await agent.close();
      }
      const stopped = await metrics();
      assert.equal(stopped.has("scoreline_webhook_outbox_pending", LIVE), false);

      const before = await metrics();
      const worker = startWorker(t.store, { bus: t.bus });
      try {
        await settledLog(t, sub.id, 1);
        let after = before;
        await waitFor(async () => {
          after = await metrics();
          return attempts(after, "succeeded") > attempts(before, "succeeded");
        });
        assert.equal(attempts(after, "succeeded") - attempts(before, "succeeded"), 1);
        assert.equal(attempts(after, "retrying") - attempts(before, "retrying"), 0);
        const count = (s: Scrape, name: string) => s.value(name, LIVE);
        const latency = "scoreline_webhook_delivery_latency_seconds";
        assert.equal(count(after, `${latency}_count`) - count(before, `${latency}_count`), 1);
        const seconds = count(after, `${latency}_sum`) - count(before, `${latency}_sum`);
        assert.ok(seconds >= 0 && seconds < 60, `delivered ${seconds} s after the event`);
        const duration = "scoreline_webhook_attempt_duration_seconds_count";
        assert.equal(count(after, duration) - count(before, duration), 1);
        assert.equal(after.value("scoreline_webhook_outbox_pending", LIVE), 0);
        assert.equal(after.value("scoreline_webhook_outbox_oldest_pending_age_seconds", LIVE), 0);
      } finally {
        await worker.stop();
      }
      const removed = await t.app.inject({ method: "DELETE", url: `/v1/webhooks/${sub.id}` });
      assert.equal(removed.statusCode, 200, removed.body);
    });

    test("a failing receiver: an attempt retrying, then one given up", async () => {
      const sub = await subscribe(t, { url: receiver.url("/fail"), events: ["match.goal"] });
      const before = await metrics();
      const worker = startWorker(t.store, { bus: t.bus, schedule: [0, 0.1] });
      try {
        await feedAll(t, [goalMsg("football", "fx-1")]);
        const [delivery] = await settledLog(t, sub.id, 1);
        assert.equal(delivery?.state, "failed");
        let after = before;
        await waitFor(async () => {
          after = await metrics();
          return attempts(after, "failed") > attempts(before, "failed");
        });
        assert.equal(attempts(after, "retrying") - attempts(before, "retrying"), 1);
        assert.equal(attempts(after, "failed") - attempts(before, "failed"), 1);
        assert.equal(attempts(after, "succeeded") - attempts(before, "succeeded"), 0);
        const latency = "scoreline_webhook_delivery_latency_seconds_count";
        assert.equal(after.value(latency, LIVE) - before.value(latency, LIVE), 0);
      } finally {
        await worker.stop();
      }
    });
  });
}
