/**
 * A crash loses nothing. A real `scoreline serve` (SQLite) delivers to a slow receiver (0.4–1.2 s
 * an answer, slower than the worker's 64 connections can hide; after its first 60 answers it holds
 * every request until the kill) while about 200 events are fed through POST /admin/v1/feed; it is
 * killed with SIGKILL mid-backlog and started again. Every event the subscription matches is
 * delivered, and the only duplicates are deliveries the killed process held (was attempting) at
 * the crash — besides retries, which the store records as failed attempts (a request held past
 * its 10 s timeout on a machine slow to reach the kill).
 *
 * The killed process's claims keep their lease until it expires: 12 s after the last renewal
 * (lease.ts; the heartbeat renews the leases of attempts in flight every 3 s, so none runs more
 * than 12 s ahead at the crash — checked in the store, where the old unrenewed lease ran 30 s).
 * The restarted process leaves them alone until then — checked against each lease's expiry — and
 * delivers everything else; then it delivers the held ones too. How long after the kill that
 * happens depends on the machine (the restart itself takes seconds on a loaded one): reported,
 * not asserted (ADR-0048).
 */

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { openStore, type Store } from "../../src/store/database.js";
import { LEASE_MS } from "../../src/webhooks/lease.js";
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
/** Requests the receiver answers before the kill; later ones wait, in flight, for the kill. */
const ANSWERED_BEFORE_KILL = 60;

describe("kill -9 mid-backlog, then restart", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  let receiver: Receiver;
  const processes: ServeProcess[] = [];
  let env: Record<string, string>;
  /** Whether the receiver holds requests (until the kill). */
  let holding = true;
  let releaseHeld: () => void = () => {};
  const killed = new Promise<void>((resolve) => {
    releaseHeld = resolve;
  });

  before(async () => {
    ({ url, cleanup } = freshUrl("sqlite"));
    let answered = 0;
    receiver = await startReceiver(() =>
      // Until the kill, requests after the first ANSWERED_BEFORE_KILL are held unanswered: the
      // process dies mid-backlog however fast or slow this machine is.
      holding && ++answered > ANSWERED_BEFORE_KILL
        ? { status: 200, body: "ok", release: killed }
        : { status: 200, body: "ok", delayMs: 400 + Math.floor(Math.random() * 800) },
    );
    env = {
      DATABASE_URL: url,
      SCORELINE_API_PORT: "0",
      // Every role runs: free ports for all of them, never 8081/8082 a running demo may hold.
      SCORELINE_STREAM_PORT: "0",
      SCORELINE_SANDBOX_PORT: "0",
      SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN,
      SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
      SCORELINE_SIMULATOR: "off",
      SCORELINE_WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.4,0.6,0.8",
      SCORELINE_LOG_LEVEL: "info",
    };
  });
  after(async () => {
    releaseHeld();
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
    const killedAt = performance.now();
    // performance.now() (the receiver's clock) of a wall-clock instant.
    const wallToPerf = (iso: string) => Date.parse(iso) - Date.now() + performance.now();
    process.kill(first.pid, "SIGKILL");
    assert.equal(await first.exited, null, "killed by the signal");
    holding = false;
    releaseHeld();
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
    assert.ok(held.length > 0, "the killed process held deliveries");
    const heldIds = new Set(held.map((h) => h.event_id));
    const leaseEnds = new Map(held.map((h) => [h.event_id, wallToPerf(h.lease_expires_at ?? "")]));
    for (const h of held) {
      const left = Date.parse(h.lease_expires_at ?? "") - Date.now();
      assert.ok(left <= LEASE_MS, `the lease runs on for ${left} ms, no more than a lease`);
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

    // Everything is delivered: the held deliveries once their leases have run out.
    await waitFor(async () => (await pendingIds(store)).length === 0, {
      timeoutMs: 60_000,
      what: "every delivery, the held ones after their leases",
    });
    // From the second start on (its "api listening" line can come after its worker's first
    // deliveries: on Node ≥ 22 loading modules holds the event loop, and the line waits with it).
    const sentAfterRestart = receiver.requests.filter((r) => r.receivedAt > secondStartedAt);
    for (const r of sentAfterRestart) {
      const end = leaseEnds.get(r.webhookId ?? "");
      if (end === undefined) continue;
      assert.ok(
        r.receivedAt >= end,
        `${r.webhookId} was sent ${Math.round(end - r.receivedAt)} ms before the killed process's lease expired`,
      );
    }
    const heldRedelivered = sentAfterRestart.filter((r) => heldIds.has(r.webhookId ?? ""));
    assert.ok(heldRedelivered.length > 0, "held deliveries were sent after the restart");
    // From the kill to the last held delivery sent again, less whatever part of the new process's
    // start-up (many seconds on a loaded machine) ran past the lease: a worker already running
    // would not have waited for it.
    const startupMs = restartedAt - secondStartedAt;
    const overhang = Math.max(0, restartedAt - killedAt - LEASE_MS);
    const redeliveryMs =
      Math.max(...heldRedelivered.map((r) => r.receivedAt)) - killedAt - overhang;

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
    // A retry is no duplicate of the crash: on a machine busy enough, a request the receiver
    // held before the kill can run past the attempt's timeout, fail, and be sent again.
    const retried = await failedAttempts(store, subscription.id);
    const duplicates = [...received].filter(([, bodies]) => bodies.length > 1).map(([id]) => id);
    const inFlight = new Set(
      receiver
        .to("/crash")
        .filter((r) => r.receivedAt < secondStartedAt)
        .map((r) => r.webhookId ?? ""),
    );
    let repeats = 0;
    for (const id of duplicates) {
      const sent = received.get(id)?.length ?? 0;
      const failed = retried.get(id) ?? 0;
      repeats += sent - 1;
      if (failed > 0) {
        // Each failed attempt may have reached the receiver, and the crash one more.
        assert.ok(sent <= failed + 2, `${id}: sent ${sent} times after ${failed} failed attempts`);
        continue;
      }
      assert.ok(heldIds.has(id), `${id} was sent twice but was not held at the crash`);
      assert.ok(inFlight.has(id), `${id} was sent twice but was not in flight at the crash`);
      assert.equal(sent, 2, `${id}: once before the crash, once after`);
    }
    const crashDuplicates = duplicates.filter((id) => !retried.has(id));
    assert.ok(crashDuplicates.length <= WORKER_CONCURRENCY);
    const extra = receiver.to("/crash").length - events.length;
    assert.equal(extra, repeats, "no other repeats");

    assert.equal(await second.kill("SIGTERM"), 0, "the restarted process stops gracefully");
    t.diagnostic(
      `${total} deliveries, ${beforeRestart} sent before the kill, ${held.length} held, ${crashDuplicates.length} duplicates of the crash, ${duplicates.length - crashDuplicates.length} retried after a failed attempt, held ones redelivered within ${Math.round(redeliveryMs)} ms of the kill (start-up past the lease excluded) (leases ended ${Math.round(Math.max(...leaseEnds.values()) - killedAt)} ms after it; first redelivery at ${Math.round(Math.min(...heldRedelivered.map((r) => r.receivedAt)) - killedAt)} ms; the restart took ${Math.round(startupMs)} ms)`,
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

/** Failed attempts (a timeout, an error, a status other than 2xx) by event id. */
async function failedAttempts(store: Store, subscriptionId: string): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom("webhook_attempts as a")
    .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
    .select(["d.event_id"])
    .where("d.subscription_id", "=", subscriptionId)
    .where((eb) => eb.or([eb("a.status", "<", 200), eb("a.status", ">=", 300)]))
    .execute();
  const failed = new Map<string, number>();
  for (const r of rows) failed.set(r.event_id, (failed.get(r.event_id) ?? 0) + 1);
  return failed;
}

async function pendingIds(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom("webhook_deliveries")
    .select("event_id")
    .where("state", "!=", "succeeded")
    .execute();
  return rows.map((r) => r.event_id);
}
