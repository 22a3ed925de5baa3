/**
 * Found by backlog-crash.test.ts on a loaded machine: a worker's lease heartbeat (one UPDATE over
 * every delivery in flight) and its attempt recorder (one transaction updating a batch of those
 * deliveries) ran on two connections and locked the same rows in different orders. PostgreSQL
 * broke the deadlock by failing one: a failed renewal, or a whole batch of outcomes lost —
 * delivered again once their leases ran out, as duplicates, 12 s late.
 *
 * Here a transaction holds one delivery as the recorder does while the heartbeat renews it and
 * another: the renewal must not wait for the held row (it is being recorded, its lease about to
 * be released), and the transaction must then be able to take the other row. PostgreSQL only:
 * SQLite has one writer and no row locks.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { createAccount } from "../../src/accounts/accounts-service.js";
import { loadPlans } from "../../src/config/plans.js";
import { newId } from "../../src/lib/ids.js";
import type { WebhookDeliveriesTable } from "../../src/store/tables.js";
import { LEASE_MS, leaseUntil, renewLeases } from "../../src/webhooks/lease.js";
import { createSubscription } from "../../src/webhooks/subscriptions.js";
import { realClock } from "../helpers/clock.js";
import { createTestStore, type TestStore, unavailable } from "../helpers/stores.js";

/** Far beyond a renewal that does not wait (a few ms); PostgreSQL's deadlock check runs at 1 s. */
const NO_WAIT_BOUND_MS = 5_000;

describe("lease renewal beside the recorder", { skip: unavailable("postgres") }, () => {
  let t: TestStore;
  const owner = "worker_locks";
  let first: string;
  let second: string;

  before(async () => {
    t = await createTestStore("postgres");
    const ctx = { store: t.store, clock: realClock, plans: loadPlans(undefined) };
    const account = await createAccount(ctx, { email: `${newId("acc")}@example.com` });
    const sub = await createSubscription(ctx, { allowPrivate: true }, account.id, {
      url: "http://127.0.0.1:9/hook",
      events: ["match.goal"],
    });
    const now = new Date().toISOString();
    const rows: WebhookDeliveriesTable[] = ["a", "b"].map((n) => ({
      id: `whd_locks${n}`,
      subscription_id: sub.id,
      event_id: `dev_locks${n}`,
      event_type: "match.goal",
      body: "{}",
      state: "pending",
      attempts: 0,
      next_attempt_at: now,
      lease_owner: owner,
      lease_expires_at: leaseUntil(LEASE_MS),
      last_status: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    }));
    await t.store.db.insertInto("webhook_deliveries").values(rows).execute();
    [first, second] = rows.map((r) => r.id) as [string, string];
  });
  after(async () => {
    await t?.dispose();
  });

  test("the heartbeat skips a delivery being recorded instead of waiting for it", async () => {
    await t.store.db.transaction().execute(async (trx) => {
      // The recorder has written the second delivery's outcome and not yet committed.
      await trx
        .updateTable("webhook_deliveries")
        .set({ state: "succeeded", lease_owner: null, lease_expires_at: null })
        .where("id", "=", second)
        .execute();
      const started = performance.now();
      const renewal = renewLeases(t.store, owner, [first, second], LEASE_MS);
      const outcome = await Promise.race([
        renewal.then((n) => ({ renewed: n })),
        sleep(NO_WAIT_BOUND_MS).then(() => ({ renewed: -1 })),
      ]);
      assert.notEqual(outcome.renewed, -1, "the renewal waited for the row being recorded");
      assert.equal(outcome.renewed, 1, "the other delivery's lease is renewed");
      assert.ok(performance.now() - started < NO_WAIT_BOUND_MS);
      // The recorder goes on to the first delivery: nothing holds it.
      await trx
        .updateTable("webhook_deliveries")
        .set({ state: "succeeded", lease_owner: null, lease_expires_at: null })
        .where("id", "=", first)
        .execute();
    });
    const states = await t.store.db
      .selectFrom("webhook_deliveries")
      .select(["id", "state", "lease_owner"])
      .orderBy("id")
      .execute();
    assert.deepEqual(
      states.map((s) => [s.id, s.state, s.lease_owner]),
      [
        [first, "succeeded", null],
        [second, "succeeded", null],
      ],
    );
  });
});
