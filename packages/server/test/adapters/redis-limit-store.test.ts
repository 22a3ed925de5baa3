import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { Redis } from "ioredis";
import { createLimitStore } from "../../src/adapters/limits/create-limit-store.js";
import { RedisLimitStore } from "../../src/adapters/limits/redis-limit-store.js";
import { randomKey, redisUrl, unavailable } from "./limit-backends.js";

describe("redis limit store", { skip: unavailable("redis") }, () => {
  let client: Redis;
  const prefix = `scoreline:test:limits:${randomBytes(6).toString("hex")}:`;
  before(() => {
    client = new Redis(redisUrl ?? "");
  });
  after(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  test("counters live under the prefix and expire a minute after their window", async () => {
    const store = new RedisLimitStore({ client, prefix });
    const key = randomKey();
    const now = new Date("2026-11-21T10:04:30Z");
    const windows = [
      { name: "minute" as const, limit: 10 },
      { name: "month" as const, limit: 100 },
    ];
    await store.hit(key, windows, now);
    const minuteKey = `${prefix}{${key}}:m:2026-11-21T10:04`;
    const monthKey = `${prefix}{${key}}:mo:2026-11`;
    assert.deepEqual(await client.mget(minuteKey, monthKey), ["1", "1"]);

    const minuteTtl = await client.pttl(minuteKey);
    assert.ok(minuteTtl > 85_000 && minuteTtl <= 90_000, `minute TTL ${minuteTtl}`);
    const monthTtl = await client.pttl(monthKey);
    const monthLeft = Date.parse("2026-12-01T00:00:00Z") - now.getTime() + 60_000;
    assert.ok(monthTtl > monthLeft - 5_000 && monthTtl <= monthLeft, `month TTL ${monthTtl}`);
    await store.close();
  });

  test("closing a store leaves a client it does not own open", async () => {
    const store = new RedisLimitStore({ client, prefix });
    await store.close();
    assert.equal(await client.ping(), "PONG");
  });

  test("a store made from a URL owns its connection and quits it on close", async () => {
    const store = createLimitStore(redisUrl);
    assert.ok(store instanceof RedisLimitStore);
    const result = await store.peek(randomKey(), [{ name: "minute", limit: 1 }], new Date());
    assert.equal(result.allowed, true);
    await store.close();
  });
});
