/** The bus a process uses: Redis when REDIS_URL is set (several nodes act as one), else memory. */
import type { EventBus } from "./event-bus.js";
import { MemoryEventBus } from "./memory-bus.js";
import { RedisEventBus } from "./redis-bus.js";

export function createEventBus(
  redisUrl: string | undefined,
  onError?: (error: unknown) => void,
): EventBus {
  if (redisUrl === undefined) return new MemoryEventBus(onError);
  return new RedisEventBus(redisUrl, onError ? { onError } : {});
}
