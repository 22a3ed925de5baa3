/**
 * Delivery leases run on the wall clock. A lease guards real work — an HTTP attempt in flight —
 * so it must expire after real time has passed, whatever clock stamps the deliveries: the sandbox
 * runs its deliveries on the simulation clock, which can move minutes in a real second, and a
 * lease measured on it would expire mid-attempt and let a second worker send the same delivery.
 *
 * A lease is short (LEASE_MS) and renewed while its attempt runs (every LEASE_RENEW_MS, by the
 * worker's heartbeat), so a worker that dies — `kill -9`, a lost node — lets its deliveries go
 * within seconds, while a slow attempt (up to the 10 s timeout, then the write of its outcome) is
 * never taken over by a second worker.
 */
import type { ExpressionBuilder } from "kysely";
import type { Store } from "../store/database.js";
import type { Tables } from "../store/tables.js";

/** How long a claim holds a delivery without renewal: above the 10 s attempt timeout. */
export const LEASE_MS = 12_000;
/** How often a worker renews the leases of its attempts in flight: four times a lease. */
export const LEASE_RENEW_MS = 3_000;

/** When a lease taken now for `ms` expires (ISO). */
export function leaseUntil(ms: number, now = new Date()): string {
  return new Date(now.getTime() + ms).toISOString();
}

/** Rows nobody holds at `now` (the wall clock unless a test says otherwise). */
export function leaseFree(now = new Date()) {
  const at = now.toISOString();
  return (w: ExpressionBuilder<Tables, "webhook_deliveries">) =>
    w.or([w("lease_expires_at", "is", null), w("lease_expires_at", "<", at)]);
}

/**
 * Extends to `now + ms` the leases `owner` still holds on `ids` (its attempts in flight); a
 * delivery already recorded (lease released) or taken over is left alone. Returns how many.
 *
 * On PostgreSQL it never waits for a row lock: a delivery locked now is being recorded (its
 * lease is about to be released) and is skipped. Waiting deadlocked against the recorder, whose
 * transaction locks a batch of the same deliveries in another order (test/chaos/
 * lease-renewal-locks.test.ts); a skipped delivery still in flight is renewed at the next beat.
 */
export async function renewLeases(
  store: Store,
  owner: string,
  ids: readonly string[],
  ms: number,
  now = new Date(),
): Promise<number> {
  if (ids.length === 0) return 0;
  const until = leaseUntil(ms, now);
  if (store.dialect === "postgres") {
    // The ids are locked first, in a MATERIALIZED CTE, as claimDue does (delivery-worker.ts).
    const result = await store.db
      .with(
        (cte) => cte("held").materialized(),
        (db) =>
          db
            .selectFrom("webhook_deliveries")
            .select("id")
            .where("id", "in", [...ids])
            .where("lease_owner", "=", owner)
            .where("state", "=", "pending")
            .forUpdate()
            .skipLocked(),
      )
      .updateTable("webhook_deliveries")
      .set({ lease_expires_at: until })
      .where("id", "in", (eb) => eb.selectFrom("held").select("held.id"))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const result = await store.db
    .updateTable("webhook_deliveries")
    .set({ lease_expires_at: until })
    .where("id", "in", [...ids])
    .where("lease_owner", "=", owner)
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
