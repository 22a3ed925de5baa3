/**
 * Chaos: a worker killed mid-backlog. PostgreSQL and a Redis of the test's own, one
 * `scoreline serve --roles api` and two `--roles worker`, a local receiver answering in 0.2–0.8 s.
 * 1,000 `match.goal` events are fed through the admin feed before the workers start, so the
 * backlog is 1,000 pending deliveries; when the receiver has about half, one worker gets
 * `kill -9`, and it is started again.
 *
 * Every event reaches the receiver, none is lost, and the only duplicates are deliveries that
 * were in flight in the killed worker: held by it at the kill (leased to its owner, still
 * pending) and already received — received before their lease ran out, which only the lease
 * holder could send (another worker claims a delivery only once its lease has expired). The
 * survivor, and the restarted worker, send the held ones again as soon as their leases expire:
 * within a lease (12 s) of the kill plus room for a loaded machine, not after a fixed 30 s. The
 * rest of the backlog goes on meanwhile, so full delivery comes then too (about 13 s) unless the
 * machine is so loaded that the survivor is still working through the backlog.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openStore, type Store } from "../../src/store/database.js";
import { LEASE_MS } from "../../src/webhooks/lease.js";
import {
  deliveryStates,
  eventIds,
  heldBy,
  waitForStates,
  wallToPerf,
} from "../helpers/delivery-rows.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { Cluster } from "../helpers/scoreline-cluster.js";
import { freshUrl, unavailable } from "../helpers/stores.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";

const FX = "chaos-backlog";
const EVENTS = 1_000;
const PATH = "/backlog";
/** Attempts in flight per worker process (worker-role.ts): the most one worker can hold. */
const WORKER_CONCURRENCY = 64;
/** The held deliveries are sent again within this of the kill: their lease, and room for a loaded machine. */
const REDELIVERY_BOUND_MS = LEASE_MS + 8_000;

describe("kill -9 of one of two workers mid-backlog", { skip: unavailable("postgres") }, () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let redis: PrivateRedis;
  let receiver: Receiver;
  let cluster: Cluster;
  let store: Store;

  before(async () => {
    ({ url, cleanup } = freshUrl("postgres"));
    redis = await startPrivateRedis();
    receiver = await startReceiver(() => ({
      status: 200,
      body: "ok",
      delayMs: 200 + Math.floor(Math.random() * 600),
    }));
    cluster = new Cluster({ databaseUrl: url, redisUrl: redis.url });
  });
  after(async () => {
    await cluster?.stop();
    await receiver?.stop();
    await store?.close();
    await redis?.stop();
    await cleanup?.();
  });

  test("every event delivered; duplicates only what the killed worker had in flight", async (t) => {
    await cluster.startApi();
    store = openStore(url, { poolSize: 2 });
    const subscription = await cluster.subscribe(receiver.url(PATH), ["match.goal"]);
    await cluster.feed([...leagueMessages("football", FX), statusMsg("football", FX, "live")]);
    await cluster.feed(
      Array.from({ length: EVENTS }, (_, i) => goalMsg("football", FX, i % 2 ? "away" : "home")),
    );
    assert.deepEqual(await deliveryStates(store, subscription), { pending: EVENTS });

    const [victim, survivor] = await cluster.startWorkers(2);
    assert.ok(victim && survivor);
    await receiver.waitForCount(EVENTS / 2, PATH, 60_000);
    const killedAt = performance.now();
    await victim.process.kill("SIGKILL");
    const receivedAtKill = receiver.to(PATH).length;
    assert.ok(receivedAtKill < EVENTS - 100, `killed mid-backlog (${receivedAtKill} received)`);

    // What the killed worker held: its leases on pending deliveries, frozen since it died.
    const held = await heldBy(store, victim.owner);
    assert.ok(held.length > 0, "the killed worker held deliveries");
    assert.ok(held.length <= WORKER_CONCURRENCY, `${held.length} held`);
    const leaseEnds = new Map(held.map((h) => [h.event_id, wallToPerf(h.lease_expires_at ?? "")]));
    for (const end of leaseEnds.values()) {
      // (Timestamps in milliseconds; a renewal may land between the reading and the signal.)
      assert.ok(
        end - killedAt <= LEASE_MS + 50,
        `a lease runs on ${Math.round(end - killedAt)} ms`,
      );
    }

    const [restarted] = await cluster.startWorkers(1);
    assert.ok(restarted);
    await waitForStates(store, subscription, { succeeded: EVENTS });
    const fullMs = performance.now() - killedAt;

    // None lost: every match.goal in the event log reached the receiver.
    const ids = await eventIds(store, ["match.goal"]);
    assert.equal(ids.length, EVENTS);
    const received = new Map<string, number[]>();
    for (const r of receiver.to(PATH)) {
      const id = r.webhookId ?? "";
      received.set(id, [...(received.get(id) ?? []), r.receivedAt]);
    }
    assert.deepEqual(
      ids.filter((id) => !received.has(id)),
      [],
      "no event lost",
    );
    assert.equal(received.size, EVENTS, "nothing but the subscription's events was sent");

    // In flight at the kill: held by the killed worker and already received — received before
    // the lease ran out, when only the killed worker could have sent it.
    const inFlight = new Set(
      [...leaseEnds]
        .filter(([id, end]) => (received.get(id) ?? []).some((at) => at < end))
        .map(([id]) => id),
    );
    const duplicates = [...received].filter(([, times]) => times.length > 1).map(([id]) => id);
    const explain = async (id: string) => {
      const attempts = await store.db
        .selectFrom("webhook_attempts")
        .innerJoin("webhook_deliveries", "webhook_deliveries.id", "webhook_attempts.delivery_id")
        .select(["attempt", "attempted_at", "status", "error"])
        .where("event_id", "=", id)
        .execute();
      const problems = cluster.workers.flatMap((w) =>
        w.process.lines.filter((l) => Number(l.level) >= 40).map((l) => ({ owner: w.owner, ...l })),
      );
      return JSON.stringify({
        receivedMsAfterKill: (received.get(id) ?? []).map((at) => Math.round(at - killedAt)),
        held: leaseEnds.has(id),
        leaseEndMsAfterKill: Math.round((leaseEnds.get(id) ?? Number.NaN) - killedAt),
        attempts,
        owners: cluster.workers.map((w) => w.owner),
        victim: victim.owner,
        problems: problems.slice(0, 20),
      });
    };
    for (const id of duplicates) {
      if (!inFlight.has(id)) {
        assert.fail(`${id} was sent twice but was not in flight at the kill: ${await explain(id)}`);
      }
      assert.equal(received.get(id)?.length, 2, `${id}: once before the kill, once after`);
    }
    assert.ok(duplicates.length <= inFlight.size);
    // The held deliveries were sent again only once their leases had run out, and then promptly.
    // (One whose outcome was being committed at the kill is not sent again: it was delivered.)
    const redelivered: number[] = [];
    for (const [id, end] of leaseEnds) {
      const again = (received.get(id) ?? []).filter((at) => at >= end);
      const early = (received.get(id) ?? []).filter((at) => at < end);
      assert.ok(early.length <= 1, `${id} sent ${early.length} times within the lease`);
      assert.ok(again.length <= 1, `${id} sent ${again.length} times after the lease`);
      redelivered.push(...again);
    }
    assert.ok(redelivered.length > 0, "held deliveries were sent again");
    const redeliveryMs = Math.max(...redelivered) - killedAt;
    assert.equal(receiver.overlaps.length, 0, "no delivery was in flight twice at once");

    assert.ok(
      redeliveryMs < REDELIVERY_BOUND_MS,
      `the held deliveries were sent again up to ${Math.round(redeliveryMs)} ms after the kill (bound ${REDELIVERY_BOUND_MS} ms)`,
    );
    t.diagnostic(
      `${EVENTS} deliveries; ${receivedAtKill} received at the kill; ${held.length} held by the killed worker, ${inFlight.size} of them in flight; ${duplicates.length} duplicates; the last held lease ended ${Math.round(Math.max(...leaseEnds.values()) - killedAt)} ms after the kill, the held deliveries were sent again by ${Math.round(redeliveryMs)} ms, every delivery made by ${Math.round(fullMs)} ms`,
    );
  });
});
