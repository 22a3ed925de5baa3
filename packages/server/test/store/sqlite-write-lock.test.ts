/**
 * Two processes' worth of writers on one SQLite file (ADR-0047): a write that finds the lock
 * taken waits for it without blocking the event loop, and succeeds when it is free; one that
 * waits past its bound fails with a message saying what happened (a 503 on HTTP); a transaction
 * that read before another writer committed still writes (BEGIN IMMEDIATE: no upgrade to fail).
 * Each store here is a connection of its own, as another process's would be.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { StoreBusyError } from "../../src/store/sqlite-write-lock.js";
import { isDatabaseUnavailable } from "../../src/store/unavailable.js";
import { freshUrl } from "../helpers/stores.js";

const STAMP = "2026-11-21T10:00:00Z";

/** Holds `store`'s write lock until the returned function is called. */
async function holdLock(store: Store, code: string): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked: () => void = () => undefined;
  const hasLock = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = store.db.transaction().execute(async (trx) => {
    await trx.insertInto("countries").values({ code, name: code, updated_at: STAMP }).execute();
    locked();
    await released;
  });
  await hasLock;
  return async () => {
    release();
    await done;
  };
}

/** The longest gap between ticks of a 5 ms timer while `work` runs. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return worst;
}

describe("SQLite's write lock, shared by processes", () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let holder: Store;

  before(async () => {
    ({ url, cleanup } = freshUrl("sqlite"));
    holder = openStore(url);
    await migrate(holder);
  });

  after(async () => {
    await holder.close();
    await cleanup();
  });

  test("a write waits for the lock without blocking the event loop, then succeeds", async () => {
    const waiter = openStore(url, { lockWaitMs: 10_000 });
    try {
      const release = await holdLock(holder, "XA");
      setTimeout(() => void release(), 400);
      const stall = await longestStall(() =>
        waiter.db
          .insertInto("countries")
          .values({ code: "XB", name: "B", updated_at: STAMP })
          .execute(),
      );
      // Waiting inside SQLite (a long busy_timeout) would stall it until the lock is free: the
      // holder here is released by a timer of this process, so for the whole timeout (5 s).
      assert.ok(stall < 1000, `the event loop stalled ${Math.round(stall)} ms`);
      const rows = await waiter.db.selectFrom("countries").select("code").execute();
      assert.ok(rows.some((r) => r.code === "XA") && rows.some((r) => r.code === "XB"));
    } finally {
      await waiter.close();
    }
  });

  test("a transaction holds the lock from its start: its read-then-write never fails", async () => {
    const reader = openStore(url);
    try {
      let other: Promise<unknown> = Promise.resolve();
      await reader.db.transaction().execute(async (trx) => {
        await trx.selectFrom("countries").selectAll().execute();
        // Another process writes between this transaction's read and its write: it waits for
        // this one (a deferred BEGIN would let it commit and this write then fail at once).
        other = holder.db
          .insertInto("countries")
          .values({ code: "XC", name: "C", updated_at: STAMP })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await trx
          .insertInto("countries")
          .values({ code: "XD", name: "D", updated_at: STAMP })
          .execute();
      });
      await other;
      const codes = (await reader.db.selectFrom("countries").select("code").execute()).map(
        (r) => r.code,
      );
      assert.ok(codes.includes("XC") && codes.includes("XD"), codes.join(","));
    } finally {
      await reader.close();
    }
  });

  test("past its bound a write fails saying the database was busy, and changes nothing", async () => {
    const impatient = openStore(url, { lockWaitMs: 200 });
    const release = await holdLock(holder, "XF");
    try {
      const error = await impatient.db
        .insertInto("countries")
        .values({ code: "XE", name: "E", updated_at: STAMP })
        .execute()
        .then(
          () => assert.fail("the write went through while the lock was held"),
          (e: unknown) => e,
        );
      assert.ok(error instanceof StoreBusyError, String(error));
      assert.match(error.message, /the database is busy: another process held its write lock/);
      assert.ok(isDatabaseUnavailable(error), "answered as 503 service_unavailable");
    } finally {
      await release();
    }
    const rows = await impatient.db.selectFrom("countries").select("code").execute();
    assert.ok(!rows.some((r) => r.code === "XE"));
    await impatient.close();
  });
});
