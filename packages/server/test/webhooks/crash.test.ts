/**
 * A crash loses nothing. A real `scoreline serve` (SQLite) delivers to a slow receiver (0.4–1.2 s
 * an answer, slower than the worker's 64 connections can hide) while about 200 events are fed
 * through POST /admin/v1/feed; it is killed with SIGKILL mid-backlog and started again. Every event the subscription matches is delivered, and the only
 * duplicates are deliveries the killed process held (was attempting) at the crash.
 *
 * The killed process's claims keep their lease (30 s: DeliveryWorker's default, max(30 s, 3 × the
 * 10 s timeout), not configurable). The restarted process leaves them alone — checked — and
 * delivers everything else; then, instead of waiting out the 30 s, the test moves those leases'
 * expiry to now (all that the wait would change), and the restarted process delivers them too.
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { openStore, type Store } from "../../src/store/database.js";
import { cliOutput, ServeProcess } from "../helpers/cli.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { freshUrl } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { ADMIN_TOKEN } from "../live/feed-helpers.js";

const FX = "crash-1";
const EVENTS = ["match.started", "fixture.updated", "match.live.event", "match.goal"];
/** DeliveryWorker's default concurrency: the most deliveries one process holds at once. */
const WORKER_CONCURRENCY = 64;

describe("kill -9 mid-backlog, then restart", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  let receiver: Receiver;
  const processes: ServeProcess[] = [];
  let env: Record<string, string>;

  before(async () => {
    ({ url, cleanup } = freshUrl("sqlite"));
    receiver = await startReceiver(() => ({
      status: 200,
      body: "ok",
      delayMs: 400 + Math.floor(Math.random() * 800),
    }));
    env = {
      DATABASE_URL: url,
      SCORELINE_API_PORT: "0",
      SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN,
      SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
      SCORELINE_SIMULATOR: "off",
      SCORELINE_WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.4,0.6,0.8",
      SCORELINE_LOG_LEVEL: "info",
    };
  });
  after(async () => {
    for (const p of processes) await p.kill("SIGKILL");
    await receiver?.stop();
    await store?.close();
    await cleanup?.();
  });

  const feed = async (base: string, messages: unknown[]) => {
    const response = await fetch(`${base}/admin/v1/feed`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      body: messages.map((m) => JSON.stringify(m)).join("\n"),
    });
    const body = (await response.json()) as { data: { applied: number; received: number } };
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.data.applied, body.data.received, "every message applied");
  };
  const goals = (n: number) =>
    Array.from({ length: n }, (_, i) => goalMsg("football", FX, i % 2 ? "away" : "home"));

  test("every event is delivered; duplicates only for deliveries in flight at the crash", async (t) => {
    const first = ServeProcess.start(env);
    processes.push(first);
    const base = await first.apiUrl();
    const key = JSON.parse(
      await cliOutput(["keys", "create", "--plan", "growth", "--json"], { env }),
    ).key;
    assert.match(key, /^sl_live_/);
    store = openStore(url);

    const created = await fetch(`${base}/v1/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url("/crash"), events: EVENTS }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const subscription = ((await created.json()) as { data: { id: string } }).data;

    // ~200 events in five batches while the receiver works through them slowly.
    await feed(base, [...leagueMessages("football", FX), statusMsg("football", FX, "live")]);
    for (let batch = 0; batch < 4; batch++) {
      await feed(base, goals(25));
      await sleep(150);
    }
    await receiver.waitForCount(40, "/crash");
    const total = await deliveryCount(store, subscription.id);
    assert.ok(total >= 200, `a backlog of ${total} deliveries`);
    process.kill(first.pid, "SIGKILL");
    assert.equal(await first.exited, null, "killed by the signal");
    const beforeRestart = receiver.requests.length;
    assert.ok(beforeRestart < total - 50, `killed mid-backlog (${beforeRestart} of ${total} sent)`);

    // What the killed process held: leased, still pending.
    const held = await store.db
      .selectFrom("webhook_deliveries")
      .select(["event_id", "lease_owner", "lease_expires_at"])
      .where("state", "=", "pending")
      .where("lease_owner", "is not", null)
      .execute();
    assert.ok(held.length <= WORKER_CONCURRENCY, `${held.length} held at the crash`);
    const heldIds = new Set(held.map((h) => h.event_id));
    for (const h of held) {
      const left = Date.parse(h.lease_expires_at ?? "") - Date.now();
      assert.ok(left > 20_000, `the lease runs on for ${left} ms`);
    }

    // Nothing but the killed process has sent to the receiver before this moment.
    const secondStartedAt = performance.now();
    const second = ServeProcess.start(env);
    processes.push(second);
    const base2 = await second.apiUrl();
    const restartedAt = performance.now();
    await feed(base2, goals(5)); // the restarted process takes new events too
    const expected = await deliveryCount(store, subscription.id);
    assert.equal(expected, total + 10);

    // Everything but the held deliveries is delivered; those wait for their leases.
    await waitFor(async () => (await pendingIds(store)).every((id) => heldIds.has(id)), {
      timeoutMs: 30_000,
      what: "every delivery not held by the killed process",
    });
    await sleep(300);
    const stillHeld = await pendingIds(store);
    assert.deepEqual(stillHeld.sort(), [...heldIds].sort(), "held deliveries wait for the lease");
    const sentAfterRestart = receiver.requests.filter((r) => r.receivedAt > restartedAt);
    assert.ok(
      sentAfterRestart.every((r) => !heldIds.has(r.webhookId ?? "")),
      "the restarted process did not take a delivery under another's lease",
    );

    // Standing in for the 30 s wait: the dead process's leases run out now.
    await store.db
      .updateTable("webhook_deliveries")
      .set({ lease_expires_at: new Date(Date.now() - 1).toISOString() })
      .where("state", "=", "pending")
      .where("lease_owner", "is not", null)
      .execute();
    await waitFor(async () => (await pendingIds(store)).length === 0, {
      timeoutMs: 30_000,
      what: "the held deliveries to be delivered",
    });

    // None lost: every matching event in the log reached the receiver, body unchanged.
    const events = await store.db
      .selectFrom("domain_events")
      .select(["id", "type", "payload"])
      .where("type", "in", EVENTS)
      .execute();
    assert.equal(events.length, expected);
    const received = new Map<string, string[]>();
    for (const r of receiver.to("/crash")) {
      received.set(r.webhookId ?? "", [...(received.get(r.webhookId ?? "") ?? []), r.body]);
    }
    const lost = events.filter((e) => !received.has(e.id)).map((e) => e.id);
    assert.deepEqual(lost, [], "no event lost");
    for (const e of events) {
      const payload = typeof e.payload === "string" ? JSON.parse(e.payload) : e.payload;
      for (const body of received.get(e.id) ?? []) assert.deepEqual(JSON.parse(body), payload);
    }
    const states = await store.db
      .selectFrom("webhook_deliveries")
      .select("state")
      .where("subscription_id", "=", subscription.id)
      .execute();
    assert.ok(states.every((s) => s.state === "succeeded"));

    // Duplicates: only deliveries in flight at the crash — the killed process had sent the
    // request (the receiver had it before the second process started: nothing else was sending
    // then) and had not recorded the outcome (the delivery was still leased and pending). Not
    // "received before the kill": the receiver runs in this process and may read a request the
    // killed process wrote just before the kill only after this process took the kill's time.
    // How long before the kill the receiver answered says nothing either: on a busy machine
    // recording an answer can take longer than any fixed window.
    const duplicates = [...received].filter(([, bodies]) => bodies.length > 1).map(([id]) => id);
    const inFlight = new Set(
      receiver
        .to("/crash")
        .filter((r) => r.receivedAt < secondStartedAt)
        .map((r) => r.webhookId ?? ""),
    );
    for (const id of duplicates) {
      assert.ok(heldIds.has(id), `${id} was sent twice but was not held at the crash`);
      assert.ok(inFlight.has(id), `${id} was sent twice but was not in flight at the crash`);
      assert.equal(received.get(id)?.length, 2, `${id}: once before the crash, once after`);
    }
    assert.ok(duplicates.length <= WORKER_CONCURRENCY);
    const extra = receiver.to("/crash").length - events.length;
    assert.equal(extra, duplicates.length, "no other repeats");

    assert.equal(await second.kill("SIGTERM"), 0, "the restarted process stops gracefully");
    t.diagnostic(
      `${total} deliveries, ${beforeRestart} sent before the kill, ${held.length} held, ${duplicates.length} duplicates`,
    );
  });
});

async function deliveryCount(store: Store, subscriptionId: string): Promise<number> {
  const row = await store.db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function pendingIds(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom("webhook_deliveries")
    .select("event_id")
    .where("state", "!=", "succeeded")
    .execute();
  return rows.map((r) => r.event_id);
}
