/**
 * What the store says about a subscription's webhook deliveries, for tests that check a fault
 * lost nothing: counts by state, the deliveries a worker holds (its leases), and every attempt
 * as the delivery log records it (millisecond times, unlike the API's seconds).
 */
import type { Store } from "../../src/store/database.js";
import { waitFor } from "./wait.js";

export async function deliveryStates(
  store: Store,
  subscriptionId: string,
): Promise<Record<string, number>> {
  const rows = await store.db
    .selectFrom("webhook_deliveries")
    .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
    .where("subscription_id", "=", subscriptionId)
    .groupBy("state")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Waits until a subscription's deliveries are exactly `expected` by state (e.g. all succeeded). */
export async function waitForStates(
  store: Store,
  subscriptionId: string,
  expected: Record<string, number>,
  timeoutMs = 60_000,
): Promise<void> {
  let now: Record<string, number> = {};
  const want = JSON.stringify(Object.entries(expected).sort());
  await waitFor(
    async () => {
      now = await deliveryStates(store, subscriptionId);
      return JSON.stringify(Object.entries(now).sort()) === want;
    },
    {
      timeoutMs,
      intervalMs: 50,
      what: () => `deliveries ${JSON.stringify(expected)}; now ${JSON.stringify(now)}`,
    },
  );
}

/** The deliveries `owner` holds now: leased to it and still pending. */
export async function heldBy(store: Store, owner: string) {
  return store.db
    .selectFrom("webhook_deliveries")
    .select(["id", "event_id", "lease_expires_at"])
    .where("state", "=", "pending")
    .where("lease_owner", "=", owner)
    .execute();
}

/** Every attempt of a subscription's deliveries, in order per delivery. */
export async function attemptRows(store: Store, subscriptionId: string) {
  return store.db
    .selectFrom("webhook_attempts")
    .innerJoin("webhook_deliveries", "webhook_deliveries.id", "webhook_attempts.delivery_id")
    .select([
      "webhook_deliveries.event_id",
      "webhook_deliveries.state",
      "webhook_attempts.attempt",
      "webhook_attempts.attempted_at",
      "webhook_attempts.next_attempt_at",
      "webhook_attempts.status",
      "webhook_attempts.error",
      "webhook_attempts.duration_ms",
    ])
    .where("webhook_deliveries.subscription_id", "=", subscriptionId)
    .orderBy("webhook_deliveries.event_id")
    .orderBy("webhook_attempts.attempt")
    .execute();
}

/** The ids of the domain events of `types` in the store's log. */
export async function eventIds(store: Store, types: readonly string[]): Promise<string[]> {
  const rows = await store.db
    .selectFrom("domain_events")
    .select("id")
    .where("type", "in", [...types])
    .execute();
  return rows.map((r) => r.id);
}

/** `performance.now()` (the receiver's clock) of a wall-clock instant in this process. */
export function wallToPerf(iso: string): number {
  return Date.parse(iso) - Date.now() + performance.now();
}
