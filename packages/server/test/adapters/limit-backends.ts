/**
 * Runs the LimitStore suite once per backend: memory always, Redis when TEST_REDIS_URL is set.
 * Every test opens its own store with a random key prefix and deletes its keys when disposed.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { MemoryLimitStore } from "../../src/adapters/limits/memory-limit-store.js";
import { RedisLimitStore } from "../../src/adapters/limits/redis-limit-store.js";
import type { LimitStore } from "../../src/adapters/limits/types.js";
import { needsRedis } from "../helpers/requirements.js";

export const BACKENDS = ["memory", "redis"] as const;
export type Backend = (typeof BACKENDS)[number];

export const redisUrl = process.env.TEST_REDIS_URL;

/** Skip reason for a backend that is not available here, or undefined (an error under CI). */
export function unavailable(backend: Backend): string | undefined {
  return backend === "redis" ? needsRedis() : undefined;
}

export interface TestLimits {
  store: LimitStore;
  /** Another store over the same counters through its own connection (a second node). */
  openNode(): LimitStore;
  dispose(): Promise<void>;
}

export function randomKey(): string {
  return `key_${randomBytes(6).toString("hex")}`;
}

export function createTestLimits(backend: Backend): TestLimits {
  if (backend === "memory") {
    const store = new MemoryLimitStore();
    return { store, openNode: () => store, dispose: () => store.close() };
  }
  if (!redisUrl) throw new Error("TEST_REDIS_URL is not set");
  const url = redisUrl;
  const prefix = `scoreline:test:limits:${randomBytes(6).toString("hex")}:`;
  const nodes: LimitStore[] = [];
  const openNode = (): LimitStore => {
    const node = new RedisLimitStore({ url, prefix });
    nodes.push(node);
    return node;
  };
  const store = openNode();
  return {
    store,
    openNode,
    dispose: async () => {
      await Promise.all(nodes.map((node) => node.close()));
      await deleteKeys(url, prefix);
    },
  };
}

async function deleteKeys(url: string, prefix: string): Promise<void> {
  const admin = new Redis(url);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await admin.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await admin.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    await admin.quit();
  }
}
