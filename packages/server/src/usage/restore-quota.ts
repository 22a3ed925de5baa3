/**
 * With counters in memory, a restart would forget the month: at start the month's quota counts
 * are rebuilt from the usage ledger (ADR-0030). Redis keeps its own counters and needs none.
 */
import { quotaCounter } from "../accounts/rate-limiter.js";
import type { MemoryLimitStore } from "../adapters/limits/memory-limit-store.js";
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { quotaCallsThisMonth } from "./usage-reports.js";

/** Returns how many keys' counts were restored. */
export async function restoreMonthlyQuotas(
  store: Store,
  limits: MemoryLimitStore,
  clock: Clock,
): Promise<number> {
  const now = clock();
  const totals = await quotaCallsThisMonth(store, now);
  for (const [keyId, calls] of totals) {
    const counter = quotaCounter(keyId);
    limits.restore(counter.key, counter.window, calls, now);
  }
  return totals.size;
}
