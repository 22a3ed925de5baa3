/**
 * Delivery outcomes against real receivers on 127.0.0.1, once per dialect, with a fast schedule
 * (0, 0.1, 0.2, 0.3, 0.4 s): a 500 then a 200; a 500 forever (exactly 5 attempts, on the
 * schedule, each in the delivery log); a connection refused; redirects (failures, never
 * followed); 410 (disables the subscription, nothing more is sent, the rest stays pending and is
 * sent once it is re-enabled); Retry-After on 429/503
 * (honoured, capped at an hour); failing for longer than disableAfterMs (disabled, with a reason).
 */

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { realClock } from "../helpers/clock.js";
import { goalMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  ALLOW_PRIVATE,
  type AttemptBody,
  assertSignedWith,
  type DeliveryBody,
  deliveryLog,
  FAST_SCHEDULE,
  feedAll,
  getSubscription,
  liveFixture,
  type RunningWorker,
  settledLog,
  startWorker,
  subscribe,
  type WorkerSetup,
} from "./helpers.js";

const FX = "fx-1";

/** The only delivery of a log, and its attempts. */
function only(log: DeliveryBody[]): DeliveryBody {
  assert.equal(log.length, 1, `one delivery: ${JSON.stringify(log)}`);
  return log[0] as DeliveryBody;
}
function attempt(delivery: DeliveryBody, n: number): AttemptBody {
  const a = delivery.attempts[n - 1];
  assert.ok(a, `attempt ${n} is logged`);
  return a;
}

/** The raw attempt rows (millisecond times) of a subscription's deliveries. */
async function rawAttempts(t: LiveTestApp, subscriptionId: string) {
  return t.store.db
    .selectFrom("webhook_attempts")
    .innerJoin("webhook_deliveries", "webhook_deliveries.id", "webhook_attempts.delivery_id")
    .select([
      "webhook_attempts.attempt",
      "webhook_attempts.attempted_at",
      "webhook_attempts.next_attempt_at",
      "webhook_attempts.duration_ms",
      "webhook_attempts.status",
    ])
    .where("webhook_deliveries.subscription_id", "=", subscriptionId)
    .orderBy("webhook_attempts.attempt")
    .execute();
}

for (const dialect of DIALECTS) {
  describe(`webhook retries and failures on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let receiver: Receiver;
    let worker: RunningWorker | undefined;

    beforeEach(async () => {
      t = await createLiveApp(dialect, { clock: realClock, env: ALLOW_PRIVATE });
      receiver = await startReceiver();
      await liveFixture(t, "football", FX);
    });
    afterEach(async () => {
      await worker?.stop();
      worker = undefined;
      await receiver.stop();
      await t.dispose();
    });
    const run = (setup: WorkerSetup = {}) => {
      worker = startWorker(t.store, { bus: t.bus, ...setup });
    };
    const goal = () => feedAll(t, [goalMsg("football", FX)]);

    test("a 500 then a 200: two attempts, both signed, the same event; then succeeded", async () => {
      receiver.respond = (r) =>
        r.nth === 1
          ? { status: 500, body: "E".repeat(3000) }
          : { status: 200, body: "thanks", delayMs: 40 };
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      run();
      await goal();
      const delivery = only(await settledLog(t, sub.id, 1));
      assert.equal(delivery.state, "succeeded");
      assert.equal(delivery.attempt_count, 2);
      assert.equal(delivery.next_attempt_at, null);
      assert.equal(delivery.last_status, 200);
      assert.equal(delivery.last_error, null);

      const first = attempt(delivery, 1);
      assert.equal(first.attempt, 1);
      assert.equal(first.status, 500);
      assert.equal(first.error, "HTTP 500");
      assert.equal(first.response_body, "E".repeat(2048), "the first 2 KB of the body");
      assert.ok(first.next_attempt_at, "a next attempt is planned");
      assert.equal(first.manual, false);
      const second = attempt(delivery, 2);
      assert.equal(second.status, 200);
      assert.equal(second.error, null);
      assert.equal(second.response_body, "thanks");
      assert.equal(second.next_attempt_at, null);
      assert.ok(
        second.duration_ms >= 35,
        `duration ${second.duration_ms} ms covers the 40 ms wait`,
      );

      const [a, b] = await receiver.waitForCount(2);
      assert.ok(a && b);
      assert.equal(receiver.requests.length, 2);
      assert.equal(a.webhookId, delivery.event_id);
      assert.equal(b.webhookId, a.webhookId, "webhook-id is stable across retries");
      assert.equal(b.body, a.body, "the same bytes are sent again");
      assertSignedWith(a, sub.secret);
      assertSignedWith(b, sub.secret);
      const gap = b.receivedAt - a.receivedAt;
      assert.ok(gap >= 0.1 * 800 - 5, `the retry waited for the schedule (${Math.round(gap)} ms)`);
      const after = await getSubscription(t, sub.id);
      assert.equal(after.status, "active");
      assert.equal(after.failing_since, null, "a success ends the failing run");
    });

    test("a 500 forever: exactly 5 attempts on the schedule, each logged, then failed", async () => {
      receiver.respond = () => ({ status: 500, body: "down for maintenance" });
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      // Nothing listens here: every attempt is a network error (status 0).
      const dead = await startReceiver();
      const deadUrl = dead.url("/nobody");
      await dead.stop();
      const refused = await subscribe(t, { url: deadUrl, events: ["match.goal"] });
      run();
      await goal();

      const delivery = only(await settledLog(t, sub.id, 1));
      assert.equal(delivery.state, "failed");
      assert.equal(delivery.attempt_count, 5);
      assert.equal(delivery.next_attempt_at, null);
      assert.deepEqual(
        delivery.attempts.map((a) => a.attempt),
        [1, 2, 3, 4, 5],
      );
      for (const a of delivery.attempts) {
        assert.equal(a.status, 500);
        assert.equal(a.error, "HTTP 500");
        assert.equal(a.response_body, "down for maintenance");
        assert.equal(typeof a.duration_ms, "number");
        assert.ok(a.duration_ms >= 0);
        assert.match(a.attempted_at ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        assert.equal(a.manual, false);
      }
      assert.deepEqual(
        delivery.attempts.map((a) => a.next_attempt_at !== null),
        [true, true, true, true, false],
        "a next attempt is planned after attempts 1-4, none after the 5th",
      );

      // The receiver saw exactly five, none sooner than the schedule allows (-20 % jitter): the
      // previous request arrived before its attempt ended, the next one is sent a delay after
      // that end. How late one comes depends on the machine's load, so it is not bounded here;
      // the stored plan below is (end + delay, to the millisecond).
      await sleep(600);
      const requests = receiver.to("/hook");
      assert.equal(requests.length, 5, "no sixth attempt");
      for (let i = 1; i < 5; i++) {
        const gap = (requests[i]?.receivedAt ?? 0) - (requests[i - 1]?.receivedAt ?? 0);
        const planned = (FAST_SCHEDULE[i] ?? 0) * 1000;
        assert.ok(
          gap >= planned * 0.8 - 5,
          `gap before attempt ${i + 1}: ${Math.round(gap)} ms for a planned ${planned} ms`,
        );
      }
      // The stored plan (millisecond precision): next_attempt_at = the attempt's end as the log
      // records it (attempted_at + duration_ms) + its delay, whatever the machine's load.
      const raw = await rawAttempts(t, sub.id);
      for (const row of raw.slice(0, 4)) {
        const ended = Date.parse(row.attempted_at) + Number(row.duration_ms);
        const delay = Date.parse(row.next_attempt_at ?? "") - ended;
        const planned = (FAST_SCHEDULE[row.attempt] ?? 0) * 1000;
        assert.ok(
          delay >= planned * 0.8 - 2 && delay <= planned * 1.2 + 2,
          `attempt ${row.attempt} planned the next in ${delay} ms (schedule ${planned} ms)`,
        );
      }

      const network = only(await settledLog(t, refused.id, 1));
      assert.equal(network.state, "failed");
      assert.equal(network.attempts.length, 5);
      for (const a of network.attempts) {
        assert.equal(a.status, 0, "a network error is status 0");
        assert.equal(a.error, "connection refused");
        assert.equal(a.response_body, null);
      }
      const stillActive = await getSubscription(t, sub.id);
      assert.equal(stillActive.status, "active", "an hour of failures is not reached");
      assert.ok(stillActive.failing_since, "the failing run is recorded");
    });

    test("redirects are failures and their Location is never requested", async () => {
      const statuses = [301, 302, 303, 307, 308];
      receiver.respond = (r) =>
        r.path === "/hook"
          ? {
              status: statuses[r.nth - 1] ?? 302,
              headers: { location: receiver.url("/redirected") },
              body: "moved",
            }
          : { status: 200 };
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      run();
      await goal();
      const delivery = only(await settledLog(t, sub.id, 1));
      assert.equal(delivery.state, "failed");
      assert.deepEqual(
        delivery.attempts.map((a) => a.status),
        statuses,
      );
      for (const a of delivery.attempts) {
        assert.equal(a.error, `HTTP ${a.status} (redirects are not followed)`);
      }
      await sleep(100);
      assert.equal(receiver.to("/redirected").length, 0, "the Location was never requested");
      assert.equal(receiver.requests.length, 5);
    });

    test("410 disables the subscription; the rest is kept and sent once it is re-enabled", async () => {
      receiver.respond = () => ({ status: 410, body: "gone" });
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      // One attempt at a time, so the second delivery is claimed after the 410 is recorded.
      run({ concurrency: 1 });
      await feedAll(t, [goalMsg("football", FX), goalMsg("football", FX)]);
      let log: DeliveryBody[] = [];
      await waitFor(
        async () => {
          log = await deliveryLog(t, sub.id);
          return log.some((d) => d.state === "failed");
        },
        { what: "the delivery answered 410 to be recorded" },
      );
      assert.equal(
        receiver.requests.length,
        1,
        `only the first delivery reached the receiver: ${JSON.stringify(log, null, 1)} ${JSON.stringify(receiver.requests.map((r) => [r.webhookId, r.receivedAt, r.answeredAt]))}`,
      );
      const disabled = await getSubscription(t, sub.id);
      assert.equal(disabled.status, "disabled");
      assert.equal(disabled.enabled, false);
      assert.match(disabled.disabled_reason ?? "", /410/);
      assert.ok(disabled.disabled_at);

      const sent = log.find((d) => d.attempts[0]?.status === 410);
      assert.ok(sent, "the delivery answered 410 is logged");
      assert.equal(sent.state, "failed");
      assert.equal(sent.attempts.length, 1, "a 410 is not retried");
      assert.equal(sent.attempts[0]?.next_attempt_at, null);
      const held = log.find((d) => d !== sent);
      assert.ok(held);
      assert.equal(held.state, "pending", "kept, not failed unsent");
      assert.equal(held.attempts.length, 0, "and not attempted");

      await goal();
      await sleep(200);
      assert.equal((await deliveryLog(t, sub.id)).length, 2, "no delivery for a disabled one");
      assert.equal(receiver.requests.length, 1);

      receiver.respond = () => ({ status: 204 });
      const patched = await t.app.inject({
        method: "PATCH",
        url: `/v1/webhooks/${sub.id}`,
        payload: { enabled: true },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal(patched.json().data.status, "active");
      assert.equal(patched.json().data.disabled_reason, null);
      const resumed = await settledLog(t, sub.id, 2);
      assert.equal(
        resumed.find((d) => d.id === held.id)?.state,
        "succeeded",
        "the kept one is sent",
      );
      assert.equal(receiver.requests.length, 2);
      assert.equal(receiver.requests[1]?.webhookId, held.event_id);
      await goal();
      const after = await settledLog(t, sub.id, 3);
      assert.equal(after[0]?.state, "succeeded", "the re-enabled subscription gets new events");
      assert.equal(receiver.requests.length, 3);
    });

    test("Retry-After on 429 and 503 is honoured, and capped at an hour", async () => {
      const soon = new Date(Date.now() + 2_500).toUTCString();
      receiver.respond = (r) => {
        if (r.path === "/seconds")
          return r.nth === 1 ? { status: 429, headers: { "retry-after": "1" } } : { status: 200 };
        if (r.path === "/date") return { status: 503, headers: { "retry-after": soon } };
        return { status: 429, headers: { "retry-after": "86400" } };
      };
      const seconds = await subscribe(t, { url: receiver.url("/seconds"), events: ["match.goal"] });
      const date = await subscribe(t, { url: receiver.url("/date"), events: ["match.goal"] });
      const huge = await subscribe(t, { url: receiver.url("/huge"), events: ["match.goal"] });
      run();
      await goal();

      const log = only(await settledLog(t, seconds.id, 1));
      assert.equal(log.state, "succeeded");
      assert.deepEqual(
        log.attempts.map((a) => a.status),
        [429, 200],
      );
      const [a, b] = receiver.to("/seconds");
      assert.ok(a && b);
      const gap = b.receivedAt - a.receivedAt;
      assert.ok(
        gap >= 990,
        `Retry-After: 1 beat the 0.1 s schedule (waited ${Math.round(gap)} ms)`,
      );
      assert.ok(gap <= 1_600, `and was not exceeded by much (${Math.round(gap)} ms)`);

      // The others are planned, not awaited: their plan is in the store.
      await waitFor(async () => (await rawAttempts(t, huge.id)).length === 1);
      await waitFor(async () => (await rawAttempts(t, date.id)).length === 1);
      const [hugeRow] = await rawAttempts(t, huge.id);
      assert.ok(hugeRow);
      const hugeDelay =
        Date.parse(hugeRow.next_attempt_at ?? "") - Date.parse(hugeRow.attempted_at);
      assert.ok(
        hugeDelay >= 3_600_000 && hugeDelay <= 3_600_000 + 1_000,
        `Retry-After: 86400 is capped at an hour (planned in ${hugeDelay} ms)`,
      );
      const [dateRow] = await rawAttempts(t, date.id);
      assert.ok(dateRow);
      assert.equal(dateRow.status, 503);
      assert.ok(
        Date.parse(dateRow.next_attempt_at ?? "") >= Date.parse(soon),
        `an HTTP-date Retry-After (${soon}) is not undercut (planned ${dateRow.next_attempt_at})`,
      );
      const dateLog = only(await deliveryLog(t, date.id));
      assert.equal(dateLog.state, "pending");
      assert.ok(dateLog.next_attempt_at);
      assert.equal(receiver.to("/huge").length, 1);
    });

    test("a subscription failing for longer than disableAfterMs is disabled with a reason", async () => {
      receiver.respond = () => ({ status: 500 });
      const sub = await subscribe(t, { url: receiver.url(), events: ["match.goal"] });
      // Two attempts per delivery, the second a minute away: only first attempts happen here.
      run({ schedule: [0, 60], disableAfterMs: 1_000 });
      await goal();
      await waitFor(async () => (await rawAttempts(t, sub.id)).length === 1);
      const failing = await getSubscription(t, sub.id);
      assert.equal(failing.status, "active", "one failure does not disable");
      assert.ok(failing.failing_since);

      await sleep(1_100);
      await goal();
      await waitFor(async () => (await rawAttempts(t, sub.id)).length === 2);
      const disabled = await getSubscription(t, sub.id);
      assert.equal(disabled.status, "disabled");
      assert.match(disabled.disabled_reason ?? "", /every delivery failed/);
      assert.equal(disabled.failing_since, failing.failing_since, "the run's start is kept");
      assert.equal(receiver.requests.length, 2);

      await goal();
      await sleep(200);
      assert.equal(receiver.requests.length, 2, "a disabled subscription gets nothing");
    });
  });
}
