import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import type { CountResult, LimitStore, WindowName } from "../../src/adapters/limits/types.js";
import { manualClock } from "../helpers/clock.js";
import {
  BACKENDS,
  createTestLimits,
  randomKey,
  type TestLimits,
  unavailable,
} from "./limit-backends.js";

/** A clock the test moves by hand. */
const unix = (iso: string) => Date.parse(iso) / 1000;

function windowOf(result: CountResult, name: WindowName) {
  const window = result.windows.find((w) => w.name === name);
  assert.ok(window, `no ${name} window in the result`);
  return window;
}

async function hitTimes(
  store: LimitStore,
  times: number,
  ...args: Parameters<LimitStore["hit"]>
): Promise<CountResult[]> {
  const results: CountResult[] = [];
  for (let i = 0; i < times; i++) results.push(await store.hit(...args));
  return results;
}

for (const backend of BACKENDS) {
  describe(`limit store on ${backend}`, { skip: unavailable(backend) }, () => {
    let t: TestLimits;
    beforeEach(() => {
      t = createTestLimits(backend);
    });
    afterEach(async () => {
      await t?.dispose();
    });

    test("the (limit+1)-th call in a minute is refused until the next minute", async () => {
      const clock = manualClock("2026-11-21T10:04:37.250Z");
      const key = randomKey();
      const windows = [{ name: "minute" as const, limit: 5 }];
      const allowed = await hitTimes(t.store, 5, key, windows, clock());
      assert.deepEqual(
        allowed.map((r) => [r.allowed, windowOf(r, "minute").remaining]),
        [4, 3, 2, 1, 0].map((remaining) => [true, remaining]),
      );

      const refused = await t.store.hit(key, windows, clock());
      assert.deepEqual(refused, {
        allowed: false,
        windows: [
          {
            name: "minute",
            limit: 5,
            used: 5,
            remaining: 0,
            resetAt: unix("2026-11-21T10:05:00Z"),
          },
        ],
        blockedBy: "minute",
        retryAfterSeconds: 23,
      });

      clock.advance(60_000);
      const next = await t.store.hit(key, windows, clock());
      assert.equal(next.allowed, true);
      assert.equal(windowOf(next, "minute").used, 1);
      assert.equal(windowOf(next, "minute").resetAt, unix("2026-11-21T10:06:00Z"));
    });

    test("refused calls are not counted, so hammering does not extend the window", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 3 },
        { name: "month" as const, limit: 1000 },
      ];
      await hitTimes(t.store, 3, key, windows, clock());
      clock.advance(30_000);
      const hammered = await hitTimes(t.store, 20, key, windows, clock());
      assert.ok(hammered.every((r) => !r.allowed && r.blockedBy === "minute"));
      assert.equal(hammered.at(-1)?.retryAfterSeconds, 30);

      const usage = await t.store.peek(key, windows, clock());
      assert.equal(windowOf(usage, "minute").used, 3);
      assert.equal(windowOf(usage, "month").used, 3);
      clock.advance(30_000);
      assert.equal((await t.store.hit(key, windows, clock())).allowed, true);
    });

    test("the monthly quota blocks until next month when overage is not allowed", async () => {
      const clock = manualClock("2026-11-30T23:00:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 100 },
        { name: "month" as const, limit: 3, allowOverage: false },
      ];
      await hitTimes(t.store, 3, key, windows, clock());
      const refused = await t.store.hit(key, windows, clock());
      assert.equal(refused.allowed, false);
      assert.equal(refused.blockedBy, "month");
      assert.equal(refused.retryAfterSeconds, 3600);
      assert.deepEqual(windowOf(refused, "month"), {
        name: "month",
        limit: 3,
        used: 3,
        remaining: 0,
        resetAt: unix("2026-12-01T00:00:00Z"),
      });
      assert.equal(windowOf(refused, "minute").used, 3);

      clock.advance(3_600_000);
      const december = await t.store.hit(key, windows, clock());
      assert.equal(december.allowed, true);
      assert.equal(windowOf(december, "month").used, 1);
    });

    test("with overage allowed the month keeps counting past its limit and never blocks", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 100 },
        { name: "month" as const, limit: 3, allowOverage: true },
      ];
      const results = await hitTimes(t.store, 5, key, windows, clock());
      assert.ok(results.every((r) => r.allowed && r.blockedBy === null));
      const last = results.at(-1);
      assert.ok(last);
      assert.equal(windowOf(last, "month").used, 5);
      assert.equal(windowOf(last, "month").remaining, 0);

      const usage = await t.store.peek(key, windows, clock());
      assert.equal(usage.allowed, true);
      assert.equal(windowOf(usage, "month").used, 5);
    });

    test("a minute window still blocks while the month is in overage", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 2 },
        { name: "month" as const, limit: 1, allowOverage: true },
      ];
      await hitTimes(t.store, 2, key, windows, clock());
      const refused = await t.store.hit(key, windows, clock());
      assert.equal(refused.blockedBy, "minute");
      assert.equal(windowOf(refused, "month").used, 2);
    });

    test("the sandbox's daily window allows 150 calls per UTC day", async () => {
      const clock = manualClock("2026-11-21T08:30:00Z");
      const key = randomKey();
      const windows = [{ name: "day" as const, limit: 150 }];
      for (let i = 0; i < 150; i++) {
        const result = await t.store.hit(key, windows, clock());
        assert.equal(result.allowed, true, `call ${i + 1}`);
        clock.advance(6 * 60 * 1000);
      }
      assert.equal(clock().toISOString(), "2026-11-21T23:30:00.000Z");
      const refused = await t.store.hit(key, windows, clock());
      assert.equal(refused.allowed, false);
      assert.equal(refused.blockedBy, "day");
      assert.equal(refused.retryAfterSeconds, 1800);
      assert.equal(windowOf(refused, "day").resetAt, unix("2026-11-22T00:00:00Z"));

      clock.advance(1_800_000);
      const nextDay = await t.store.hit(key, windows, clock());
      assert.equal(nextDay.allowed, true);
      assert.deepEqual(windowOf(nextDay, "day"), {
        name: "day",
        limit: 150,
        used: 1,
        remaining: 149,
        resetAt: unix("2026-11-23T00:00:00Z"),
      });
    });

    test("unlimited windows never block and report no remaining", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: null },
        { name: "month" as const, limit: null },
      ];
      const results = await Promise.all(
        Array.from({ length: 300 }, () => t.store.hit(key, windows, clock())),
      );
      assert.ok(results.every((r) => r.allowed));
      const usage = await t.store.peek(key, windows, clock());
      assert.deepEqual(
        usage.windows.map((w) => [w.name, w.used, w.remaining]),
        [
          ["minute", 300, null],
          ["month", 300, null],
        ],
      );
    });

    test("every window rolls over at the end of the year", async () => {
      const clock = manualClock("2026-12-31T23:59:59Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 1 },
        { name: "day" as const, limit: 1 },
        { name: "month" as const, limit: 1 },
      ];
      const first = await t.store.hit(key, windows, clock());
      assert.equal(first.allowed, true);
      const newYear = unix("2027-01-01T00:00:00Z");
      assert.ok(first.windows.every((w) => w.resetAt === newYear));

      const refused = await t.store.hit(key, windows, clock());
      assert.equal(refused.blockedBy, "month");
      assert.equal(refused.retryAfterSeconds, 1);

      clock.advance(1_000);
      const next = await t.store.hit(key, windows, clock());
      assert.equal(next.allowed, true);
      assert.deepEqual(
        next.windows.map((w) => [w.name, w.used, w.resetAt]),
        [
          ["minute", 1, unix("2027-01-01T00:01:00Z")],
          ["day", 1, unix("2027-01-02T00:00:00Z")],
          ["month", 1, unix("2027-02-01T00:00:00Z")],
        ],
      );
    });

    test("peek does not count and tells whether the next call would pass", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [{ name: "minute" as const, limit: 2 }];
      const empty = await t.store.peek(key, windows, clock());
      assert.deepEqual(empty.windows, [
        { name: "minute", limit: 2, used: 0, remaining: 2, resetAt: unix("2026-11-21T10:05:00Z") },
      ]);
      await t.store.hit(key, windows, clock());
      for (let i = 0; i < 5; i++) await t.store.peek(key, windows, clock());
      assert.equal(windowOf(await t.store.peek(key, windows, clock()), "minute").used, 1);

      await t.store.hit(key, windows, clock());
      const full = await t.store.peek(key, windows, clock());
      assert.equal(full.allowed, false);
      assert.equal(full.blockedBy, "minute");
      assert.equal(full.retryAfterSeconds, 60);
    });

    test("keys are counted apart", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const [first, second] = [randomKey(), randomKey()];
      const windows = [{ name: "minute" as const, limit: 1 }];
      await t.store.hit(first, windows, clock());
      assert.equal((await t.store.hit(first, windows, clock())).allowed, false);
      assert.equal((await t.store.hit(second, windows, clock())).allowed, true);
    });

    test("concurrent hits from two nodes allow exactly the limit", async () => {
      const clock = manualClock("2026-11-21T10:04:00Z");
      const key = randomKey();
      const windows = [
        { name: "minute" as const, limit: 150 },
        { name: "month" as const, limit: 50_000 },
      ];
      const nodes = [t.store, t.openNode()];
      const results = await Promise.all(
        Array.from({ length: 400 }, (_, i) => nodes[i % 2]?.hit(key, windows, clock())),
      );
      assert.equal(results.filter((r) => r?.allowed).length, 150);
      assert.equal(results.filter((r) => r?.blockedBy === "minute").length, 250);
      const usage = await t.store.peek(key, windows, clock());
      assert.equal(windowOf(usage, "minute").used, 150);
      assert.equal(windowOf(usage, "month").used, 150);
    });
  });
}
