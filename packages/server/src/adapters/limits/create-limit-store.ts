/** Picks the LimitStore backend: Redis when a URL is configured, the in-memory one otherwise. */
import { MemoryLimitStore } from "./memory-limit-store.js";
import { RedisLimitStore } from "./redis-limit-store.js";
import type { LimitStore } from "./types.js";

export interface LimitStoreSettings {
  /** Bounds each Redis command (ADR-0036). */
  commandTimeoutMs?: number;
  /** Redis connection errors (Redis away, reconnecting). */
  onError?: (error: unknown) => void;
}

export function createLimitStore(
  redisUrl: string | undefined,
  settings: LimitStoreSettings = {},
): LimitStore {
  return redisUrl ? new RedisLimitStore({ url: redisUrl, ...settings }) : new MemoryLimitStore();
}
