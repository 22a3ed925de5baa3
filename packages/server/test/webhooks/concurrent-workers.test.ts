/**
 * Several workers on one store never attempt the same delivery at once: a backlog of 300 due
 * deliveries is drained by two workers (PostgreSQL: two DeliveryWorkers in this process, each over
 * its own connection pool; SQLite: two `scoreline serve --roles worker` processes on one file, as
 * SQLite's single writer is shared between processes) into a receiver that tracks the requests in
 * flight per `webhook-id`. No id is ever in flight twice, every delivery arrives exactly once, and
 * both workers take part.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { claimDue } from "../../src/webhooks/delivery-worker.js";
import { ServeProcess } from "../helpers/cli.js";
import { createTestStore, DIALECTS, freshUrl, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { pendingDeliveries, type RunningWorker, startWorker } from "./helpers.js";

const BACKLOG = 300;

/** A subscription to the receiver and `count` due deliveries, written in one transaction. */
/** A backlog of `count` pending deliveries to the receiver (`pendingDeliveries`). */
const backlog = (store: Store, receiver: Receiver, count = BACKLOG) =>
  pendingDeliveries(store, receiver.url(), count);

/**
 * A receiver answering 200 that notes, for each request, which worker held the delivery's lease
 * while it was in flight. It answers only once it has read the lease (then after 10-30 ms more),
 * so the worker cannot have finished the attempt and released the lease before it is read,
 * however slowly the read is served.
 */
async function trackingReceiver(store: Store) {
  const owners = new Map<string, string | null>();
  let seen = 0;
  const receiver = await startReceiver((request) => {
    const id = request.webhookId ?? "";
    // The first two workers' worth of requests are held a second (half the attempt timeout), so
    // that both workers' attempts are in flight together even when one starts slowly.
    const held = seen++ < 32 ? 1_000 : 0;
    const noted = store.db
      .selectFrom("webhook_deliveries")
      .select("lease_owner")
      .where("event_id", "=", id)
      .executeTakeFirst()
      .then((row) => owners.set(id, row?.lease_owner ?? null));
    const delay = held + 10 + Math.floor(Math.random() * 20);
    return { status: 200, body: "ok", release: noted.then(() => sleep(delay)) };
  });
  return { receiver, owners };
}

async function assertDrainedOnce(store: Store, receiver: Receiver, ids: string[]) {
  await waitFor(
    async () => {
      const left = await store.db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "!=", "succeeded")
        .executeTakeFirstOrThrow();
      return Number(left.n) === 0;
    },
    { timeoutMs: 120_000, what: "every delivery to succeed" },
  );
  assert.deepEqual(receiver.overlaps, [], "no webhook-id was ever in flight twice at once");
  assert.equal(receiver.requests.length, BACKLOG, "each delivery was sent exactly once");
  assert.deepEqual(receiver.ids().sort(), [...ids].sort());
  const rows = await store.db
    .selectFrom("webhook_deliveries")
    .select(["attempts", "lease_owner"])
    .execute();
  assert.ok(rows.every((r) => r.attempts === 1 && r.lease_owner === null));
  const attempts = await store.db
    .selectFrom("webhook_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  assert.equal(Number(attempts.n), BACKLOG, "one logged attempt per delivery");
}

for (const dialect of DIALECTS) {
  describe(`claimDue on ${dialect}`, { skip: unavailable(dialect) }, () => {
    test("takes at most `limit` deliveries, and none another holds", async () => {
      const t = await createTestStore(dialect);
      const receiver = await startReceiver();
      try {
        await backlog(t.store, receiver, 10);
        const now = new Date(Date.now() + 1);
        const first = await claimDue(t.store, "worker_a", 1, { due: now, wall: now }, 30_000);
        assert.equal(first.length, 1, "limit 1 claims one");
        const next = await claimDue(t.store, "worker_b", 3, { due: now, wall: now }, 30_000);
        assert.equal(next.length, 3, "limit 3 claims three");
        assert.ok(next.every((d) => d.id !== first[0]?.id && d.lease_owner === "worker_b"));
        const rest = await claimDue(t.store, "worker_c", 100, { due: now, wall: now }, 30_000);
        assert.equal(rest.length, 6, "the rest, and nothing held");
        assert.deepEqual(
          await claimDue(t.store, "worker_d", 100, { due: now, wall: now }, 30_000),
          [],
        );
        const later = new Date(now.getTime() + 30_001);
        assert.equal(
          (await claimDue(t.store, "worker_d", 100, { due: later, wall: later }, 30_000)).length,
          10,
          "expired leases are taken",
        );
      } finally {
        await receiver.stop();
        await t.dispose();
      }
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`leases on a fast clock, ${dialect}`, { skip: unavailable(dialect) }, () => {
    test("an attempt in flight is not taken again, however far the deliveries' clock moves", async () => {
      const t = await createTestStore(dialect);
      // The deliveries' clock jumps ten minutes (twenty leases) every time a worker reads it, as
      // the sandbox's simulation clock can; the receiver holds the one request until released.
      let reads = 0;
      const start = Date.now();
      const fastClock = () => new Date(start + ++reads * 600_000);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const receiver = await startReceiver(() => ({ status: 200, release: released }));
      const workers = [0, 1].map(() => startWorker(t.store, { clock: fastClock, pollMs: 5 }));
      try {
        const [id] = await backlog(t.store, receiver, 1);
        await receiver.waitForCount(1);
        const leaseOf = async () =>
          (
            await t.store.db
              .selectFrom("webhook_deliveries")
              .select(["lease_owner", "lease_expires_at"])
              .where("event_id", "=", id ?? "")
              .executeTakeFirstOrThrow()
          ).lease_expires_at;
        const held = await leaseOf();
        // Both workers look for due deliveries many times while the attempt is in flight.
        const seen = reads;
        await waitFor(() => reads >= seen + 40, { what: "forty more reads of the clock" });
        assert.equal(await leaseOf(), held, "the lease was not taken again");
        assert.equal(receiver.requests.length, 1, "the delivery was sent once");
        release();
        await waitFor(async () => (await leaseOf()) === null, { what: "the attempt to finish" });
        assert.deepEqual(receiver.overlaps, []);
        assert.equal(receiver.requests.length, 1);
      } finally {
        release();
        for (const w of workers) await w.stop();
        await receiver.stop();
        await t.dispose();
      }
    });
  });
}

describe("two workers on PostgreSQL", { skip: unavailable("postgres") }, () => {
  let url: string;
  let cleanup: () => Promise<void>;
  const stores: Store[] = [];
  const workers: RunningWorker[] = [];
  let receiver: Receiver | undefined;

  before(async () => {
    ({ url, cleanup } = freshUrl("postgres"));
    for (let i = 0; i < 3; i++) stores.push(openStore(url, { poolSize: 6 }));
    await migrate(stores[0] as Store);
  });
  after(async () => {
    for (const w of workers) await w.stop();
    await receiver?.stop();
    for (const s of stores) await s.close();
    await cleanup?.();
  });

  test("never attempt the same delivery at once; each is delivered once", async () => {
    const [main, a, b] = stores as [Store, Store, Store];
    const tracking = await trackingReceiver(main);
    receiver = tracking.receiver;
    const ids = await backlog(main, receiver);
    // Both start together, each with 16 attempts in flight over 16 connections.
    for (const store of [a, b]) {
      workers.push(startWorker(store, { concurrency: 16, connections: 16, pollMs: 5 }));
    }
    await assertDrainedOnce(main, receiver, ids);
    await waitFor(() => tracking.owners.size === BACKLOG, {
      what: "every lease owner noted",
    });
    const owners = new Set(tracking.owners.values());
    assert.deepEqual(
      [...owners].sort(),
      workers.map((w) => w.worker.owner).sort(),
      "both workers took part, and a lease was held during every request",
    );
    assert.ok(
      receiver.maxInFlight > 16,
      `more than one worker's worth in flight (${receiver.maxInFlight})`,
    );
  });
});

describe("two worker processes on one SQLite file", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  const processes: ServeProcess[] = [];
  let receiver: Receiver | undefined;

  before(async () => {
    ({ url, cleanup } = freshUrl("sqlite"));
    store = openStore(url);
    await migrate(store);
  });
  after(async () => {
    for (const p of processes) await p.kill("SIGKILL");
    await receiver?.stop();
    await store?.close();
    await cleanup?.();
  });

  test("never attempt the same delivery at once; each is delivered once", async () => {
    const tracking = await trackingReceiver(store);
    receiver = tracking.receiver;
    for (let i = 0; i < 2; i++) {
      processes.push(
        ServeProcess.start({
          DATABASE_URL: url,
          SCORELINE_ROLES: "worker",
          SCORELINE_SIMULATOR: "off",
          SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
          SCORELINE_LOG_LEVEL: "info",
        }),
      );
    }
    for (const p of processes) await p.waitForLog(/^scoreline is serving$/);
    // The backlog appears at once, to two workers that poll for it.
    const ids = await backlog(store, receiver);
    await assertDrainedOnce(store, receiver, ids);
    await waitFor(() => tracking.owners.size === BACKLOG, {
      what: "every lease owner noted",
    });
    const owners = new Set(tracking.owners.values());
    assert.equal(owners.has(null), false, "a lease was held during every request");
    assert.equal(owners.size, 2, "both processes took part");
    for (const p of processes) {
      assert.equal(await p.kill("SIGTERM"), 0, "stops gracefully");
    }
  });
});
