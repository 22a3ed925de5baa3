/**
 * Delivery leases run on the wall clock. A lease guards real work — an HTTP attempt in flight —
 * so it must expire after real time has passed, whatever clock stamps the deliveries: the sandbox
 * runs its deliveries on the simulation clock, which can move minutes in a real second, and a
 * lease measured on it would expire mid-attempt and let a second worker send the same delivery.
 */
import type { ExpressionBuilder } from "kysely";
import type { Tables } from "../store/tables.js";

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
