/**
 * The database: how long transactions take (both dialects), and the PostgreSQL connection pools
 * of the process (connections idle and in use, requests waiting for one, the pool's size).
 */
import { Gauge, Histogram } from "prom-client";
import { registry } from "./registry.js";
import { Sources } from "./sources.js";

const transactions = new Histogram({
  name: "scoreline_db_transaction_duration_seconds",
  help: "Time from BEGIN to COMMIT or ROLLBACK of a database transaction, by dialect and outcome",
  labelNames: ["dialect", "outcome"],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export function observeTransaction(
  dialect: string,
  outcome: "commit" | "rollback",
  seconds: number,
): void {
  transactions.observe({ dialect, outcome }, seconds);
}

/** What a pg Pool says about itself (its public counters). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number | undefined };
}

/** Every open PostgreSQL pool of the process; a store adds its pool and removes it on close. */
export const poolSources = new Sources<PoolCounts>();

function sum(read: (pool: PoolCounts) => number): number {
  let total = 0;
  for (const pool of poolSources.values()) total += read(pool);
  return total;
}

new Gauge({
  name: "scoreline_db_pool_connections",
  help: "PostgreSQL connections of the process's pools, by state: idle or in_use",
  labelNames: ["state"],
  registers: [registry],
  collect() {
    const idle = sum((pool) => pool.idleCount);
    this.set({ state: "idle" }, idle);
    this.set({ state: "in_use" }, sum((pool) => pool.totalCount) - idle);
  },
});

new Gauge({
  name: "scoreline_db_pool_waiting_requests",
  help: "Queries waiting for a PostgreSQL connection because every one of the pool is in use",
  registers: [registry],
  collect() {
    this.set(sum((pool) => pool.waitingCount));
  },
});

new Gauge({
  name: "scoreline_db_pool_max_connections",
  help: "The most connections the process's PostgreSQL pools may open",
  registers: [registry],
  collect() {
    this.set(sum((pool) => pool.options.max ?? 10));
  },
});
