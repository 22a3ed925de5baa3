/** Picks the LimitStore backend: Redis when a URL is configured, the in-memory one otherwise. */
import { MemoryLimitStore } from "./memory-limit-store.js";
import { RedisLimitStore } from "./redis-limit-store.js";
import type { LimitStore } from "./types.js";

export function createLimitStore(redisUrl: string | undefined): LimitStore {
  return redisUrl ? new RedisLimitStore({ url: redisUrl }) : new MemoryLimitStore();
}
