/**
 * A worker whose own lease lapses while its attempt is still running — its heartbeat could not
 * run, as when a busy process stalls its event loop for longer than a lease — claims the delivery
 * again (the claim renews the lease) but does not send it a second time. Here the heartbeat is
 * switched off and the lease is 300 ms; the receiver holds the first request until the worker has
 * re-claimed the delivery, then answers it: the receiver sees exactly one request and the log one
 * attempt. (Across processes a stalled worker's delivery can still be sent twice: at least once.)
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { pendingDeliveries, type RunningWorker, startWorker } from "./helpers.js";

const LEASE_MS = 300;

for (const dialect of DIALECTS) {
  describe(`a lapsed lease of an attempt in flight on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let t: TestStore;
    let receiver: Receiver;
    let worker: RunningWorker | undefined;
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });

    before(async () => {
      t = await createTestStore(dialect);
      let seen = 0;
      receiver = await startReceiver(() =>
        seen++ === 0 ? { status: 200, body: "ok", release: held } : { status: 200, body: "ok" },
      );
    });
    after(async () => {
      answer();
      await worker?.stop();
      await receiver?.stop();
      await t?.dispose();
    });

    test("is claimed again by its worker but not sent twice", async () => {
      const [eventId] = await pendingDeliveries(t.store, receiver.url(), 1);
      const lease = async () =>
        await t.store.db
          .selectFrom("webhook_deliveries")
          .select(["lease_expires_at", "state", "attempts"])
          .where("event_id", "=", eventId ?? "")
          .executeTakeFirstOrThrow();

      worker = startWorker(t.store, { leaseMs: LEASE_MS, renewMs: 3_600_000, pollMs: 20 });
      await receiver.waitForCount(1);
      const first = (await lease()).lease_expires_at;
      assert.ok(first !== null, "the attempt holds a lease");
      // The lease lapses and the worker's next poll claims the delivery again.
      await waitFor(async () => {
        const now = await lease();
        return now.lease_expires_at !== null && now.lease_expires_at !== first;
      });
      answer();
      await waitFor(async () => (await lease()).state === "succeeded");
      assert.equal(receiver.requests.length, 1, "one request for one delivery");
      assert.equal((await lease()).attempts, 1);
    });
  });
}
