/**
 * Chaos: the database goes away under a running deployment. A PostgreSQL database of the test's
 * own (so cutting it off touches no other test's sessions), a Redis of its own, one
 * `scoreline serve --roles api`, two `--roles worker`, a receiver working through a backlog of
 * webhook deliveries. Mid-backlog the database refuses new connections (`ALLOW_CONNECTIONS
 * false`) and every session on it is ended (`pg_terminate_backend`); it stays so for a while.
 *
 * During: no process dies; `/readyz` answers 503 `service_unavailable` naming the database, with
 * Retry-After; `/v1` reads and the feed answer 503 `service_unavailable` with Retry-After in the
 * error envelope — every answer well within a bound, none hangs. After: `/readyz` is 200, reads
 * and the feed work again without a restart, and every webhook delivery is made — the only
 * duplicates are attempts whose outcome could not be recorded during the outage.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openStore, type Store } from "../../src/store/database.js";
import { LEASE_MS } from "../../src/webhooks/lease.js";
import { deliveryStates, eventIds, waitForStates } from "../helpers/delivery-rows.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { createPrivateDatabase, type PrivateDatabase } from "../helpers/private-database.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { Cluster } from "../helpers/scoreline-cluster.js";
import { unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { ADMIN_TOKEN } from "../live/feed-helpers.js";

const FX = "chaos-pg";
const EVENTS = 600;
const PATH = "/pg-outage";
/** Every answer during the outage arrives within this (none hangs). */
const ANSWER_BOUND_MS = 5_000;
/** How long the database stays cut off, probed all along. */
const OUTAGE_MS = 5_000;
/** Attempts in flight per worker process (worker-role.ts). */
const WORKER_CONCURRENCY = 64;
const READ = "/v1/football/fixtures";

interface Probe {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { error?: { code: string; message: string; request_id: string } };
  requestId: string | null;
}

describe("the PostgreSQL database cut off and restored", { skip: unavailable("postgres") }, () => {
  let db: PrivateDatabase;
  let redis: PrivateRedis;
  let receiver: Receiver;
  let cluster: Cluster;
  let store: Store | undefined;

  before(async () => {
    db = await createPrivateDatabase();
    redis = await startPrivateRedis();
    receiver = await startReceiver(() => ({
      status: 200,
      body: "ok",
      delayMs: 300 + Math.floor(Math.random() * 600),
    }));
    cluster = new Cluster({ databaseUrl: db.url, redisUrl: redis.url });
  });
  after(async () => {
    await cluster?.stop();
    await receiver?.stop();
    await store?.close();
    await redis?.stop();
    await db?.drop();
  });

  /** One request, timed; a hang fails it at twice the bound rather than never. */
  async function probe(path: string, init: RequestInit = {}): Promise<Probe> {
    const started = performance.now();
    const response = await fetch(`${cluster.base}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${cluster.key}`,
        ...(init.headers as Record<string, string>),
      },
      signal: AbortSignal.timeout(ANSWER_BOUND_MS * 2),
    });
    const body = (await response.json()) as Probe["body"];
    return {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get("retry-after"),
      requestId: response.headers.get("x-request-id"),
      body,
    };
  }

  const feedProbe = () =>
    probe("/admin/v1/feed", {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/x-ndjson" },
      body: JSON.stringify(goalMsg("football", FX)),
    });

  function assertUnavailable(answer: Probe, what: string, message: RegExp): void {
    assert.equal(answer.status, 503, `${what}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.error?.code, "service_unavailable");
    assert.match(answer.body.error?.message ?? "", message);
    assert.match(answer.retryAfter ?? "", /^\d+$/, `${what}: Retry-After`);
    assert.equal(answer.body.error?.request_id, answer.requestId);
    assert.ok(answer.ms < ANSWER_BOUND_MS, `${what} took ${Math.round(answer.ms)} ms`);
  }

  const alive = () => {
    for (const p of [cluster.api, ...cluster.workers.map((w) => w.process)]) {
      assert.equal(p?.child.exitCode, null, `a process exited:\n${p?.output.slice(-2000)}`);
    }
  };

  test("503s while it is away, recovery without a restart, no delivery lost", async (t) => {
    await cluster.startApi();
    await cluster.startWorkers(2);
    const subscription = await cluster.subscribe(receiver.url(PATH), ["match.goal"]);
    await cluster.feed([...leagueMessages("football", FX), statusMsg("football", FX, "live")]);
    assert.equal((await probe(READ)).status, 200);
    assert.equal((await probe("/readyz")).status, 200);
    await cluster.feed(Array.from({ length: EVENTS }, () => goalMsg("football", FX)));
    await receiver.waitForCount(100, PATH);

    const ended = await db.cutOff();
    const cutAt = performance.now();
    const receivedAtCut = receiver.to(PATH).length;
    assert.ok(ended >= 3, `${ended} sessions ended (the api's and both workers')`);
    assert.ok(receivedAtCut < EVENTS - 100, `cut off mid-backlog (${receivedAtCut} received)`);

    // /readyz notices at once; from then on every read and feed answers 503, promptly.
    await waitFor(async () => (await probe("/readyz")).status === 503, {
      timeoutMs: ANSWER_BOUND_MS,
      what: "/readyz to answer 503",
    });
    const notReadyMs = performance.now() - cutAt;
    let probes = 0;
    let slowest = 0;
    while (performance.now() - cutAt < OUTAGE_MS) {
      const ready = await probe("/readyz");
      assertUnavailable(ready, "/readyz", /not ready: the database is unavailable/);
      const read = await probe(READ);
      assertUnavailable(read, READ, /the database is unavailable/);
      const feed = await feedProbe();
      assertUnavailable(feed, "the feed", /the database is unavailable/);
      slowest = Math.max(slowest, ready.ms, read.ms, feed.ms);
      probes += 3;
      alive();
    }
    assert.equal(await db.sessions(), 0, "nothing reached the database while it was cut off");

    await db.restore();
    const restoredAt = performance.now();
    await waitFor(async () => (await probe("/readyz")).status === 200, {
      what: "/readyz to be 200 again",
    });
    const readyAgainMs = performance.now() - restoredAt;
    await waitFor(async () => (await probe(READ)).status === 200, { what: "reads to work again" });
    const readsAgainMs = performance.now() - restoredAt;
    await cluster.feed([goalMsg("football", FX)]);

    // Every delivery made, the one fed after the outage too.
    store = openStore(db.url, { poolSize: 2 });
    await waitForStates(store, subscription, { succeeded: EVENTS + 1 });
    const deliveredMs = performance.now() - restoredAt;
    alive();
    assert.deepEqual(await deliveryStates(store, subscription), { succeeded: EVENTS + 1 });
    const ids = await eventIds(store, ["match.goal"]);
    assert.equal(ids.length, EVENTS + 1, "the refused feed wrote nothing");
    const received = new Map<string, number[]>();
    for (const r of receiver.to(PATH)) {
      const id = r.webhookId ?? "";
      received.set(id, [...(received.get(id) ?? []), r.receivedAt]);
    }
    assert.deepEqual(
      ids.filter((id) => !received.has(id)),
      [],
      "no delivery lost",
    );

    // Duplicates: the attempts whose outcome could not be recorded — sent, answered, then the
    // write failed (each is in a worker's log) — sent again once their leases ran out. Those
    // attempts were claimed before the cut (no claim succeeds while the database is away), so
    // there are at most as many as both workers had in flight.
    const unrecordedDeliveries = cluster.workers
      .flatMap((w) => w.process.lines)
      .filter((l) => l.msg === "webhook worker: attempt failed to record")
      .map((l) => String(l.delivery_id));
    const unrecorded = new Set(
      unrecordedDeliveries.length === 0
        ? []
        : (
            await store.db
              .selectFrom("webhook_deliveries")
              .select("event_id")
              .where("id", "in", unrecordedDeliveries)
              .execute()
          ).map((r) => r.event_id),
    );
    const duplicates = [...received].filter(([, times]) => times.length > 1);
    for (const [id, times] of duplicates) {
      assert.equal(times.length, 2, `${id} sent ${times.length} times`);
      assert.ok(unrecorded.has(id), `${id} was sent twice but its first outcome was recorded`);
      assert.ok((times[0] as number) < restoredAt, `${id}: first sent before the restore`);
    }
    assert.ok(unrecorded.size <= 2 * WORKER_CONCURRENCY, `${unrecorded.size} unrecorded`);
    assert.ok(
      deliveredMs < LEASE_MS + 10_000,
      `delivered ${Math.round(deliveredMs)} ms after the restore (leases of unrecorded attempts run out first)`,
    );
    t.diagnostic(
      `${ended} sessions ended; /readyz 503 after ${Math.round(notReadyMs)} ms; ${probes} answers during the ${OUTAGE_MS} ms outage, slowest ${Math.round(slowest)} ms; after the restore /readyz 200 in ${Math.round(readyAgainMs)} ms, reads in ${Math.round(readsAgainMs)} ms, every delivery in ${Math.round(deliveredMs)} ms; ${receivedAtCut} of ${EVENTS} received at the cut; ${unrecorded.size} attempts in flight could not be recorded, ${duplicates.length} duplicates`,
    );
  });
});
