import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createLimitStore } from "../../src/adapters/limits/create-limit-store.js";
import { MemoryLimitStore } from "../../src/adapters/limits/memory-limit-store.js";

const windows = [
  { name: "minute" as const, limit: 100 },
  { name: "day" as const, limit: null },
  { name: "month" as const, limit: 50_000 },
];

describe("memory limit store", () => {
  test("counters of ended windows are swept, so the store stays small", async () => {
    const store = new MemoryLimitStore({ sweepEvery: 50 });
    const start = Date.parse("2026-11-21T10:04:00Z");
    const keys = ["key_a", "key_b", "key_c"];
    for (let minute = 0; minute < 3 * 24 * 60; minute++) {
      const now = new Date(start + minute * 60_000);
      for (const key of keys) await store.hit(key, windows, now);
    }
    // At most one sweep interval of ended minutes, plus the live day and month per key.
    assert.ok(store.size <= 50 + 2 * keys.length, `size ${store.size}`);

    const nextYear = new Date("2027-12-01T00:00:00Z");
    for (let i = 0; i < 50; i++) await store.hit("key_a", windows, nextYear);
    assert.equal(store.size, 3);
    await store.close();
  });

  test("without a Redis URL the embedded store is used", async () => {
    const store = createLimitStore(undefined);
    assert.ok(store instanceof MemoryLimitStore);
    await store.close();
  });
});
