/**
 * Database instruments, once per dialect: every transaction observed once, by how it ended;
 * on PostgreSQL the pool gauges follow a pool of the process — its size while open, its
 * connections in use while transactions hold them, a query waiting when none is free — and
 * leave once it closes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { openStore } from "../../src/store/database.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Scrape, scrape } from "./scrape.js";

const TRANSACTIONS = "scoreline_db_transaction_duration_seconds_count";

for (const dialect of DIALECTS) {
  describe(`database metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });
    const metrics = () => scrape({ inject: t.rawInject });

    test("each transaction once, by outcome", async () => {
      const count = (s: Scrape, outcome: string) => s.value(TRANSACTIONS, { dialect, outcome });
      const before = await metrics();
      for (let i = 0; i < 3; i++) {
        await t.store.db.transaction().execute((trx) => sql`select 1`.execute(trx));
      }
      await assert.rejects(
        t.store.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          throw new Error("changed its mind");
        }),
        /changed its mind/,
      );
      const after = await metrics();
      assert.equal(count(after, "commit") - count(before, "commit"), 3);
      assert.equal(count(after, "rollback") - count(before, "rollback"), 1);
    });

    // PostgreSQL only: SQLite has no pool.
    if (dialect === "postgres") {
      test("the pool gauges follow the process's pools", async () => {
        const pool = (s: Scrape, name: string, labels: Record<string, string> = {}) =>
          s.value(name, labels);
        const before = await metrics();
        const other = openStore(t.url, { poolSize: 3 });
        let release = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        const holders = [0, 1, 2].map(() =>
          other.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await gate;
          }),
        );
        try {
          const opened = await metrics();
          assert.equal(
            pool(opened, "scoreline_db_pool_max_connections") -
              pool(before, "scoreline_db_pool_max_connections"),
            3,
          );
          let held = opened;
          await waitFor(async () => {
            held = await metrics();
            return (
              pool(held, "scoreline_db_pool_connections", { state: "in_use" }) -
                pool(before, "scoreline_db_pool_connections", { state: "in_use" }) >=
              3
            );
          });
          const waiting = sql`select 1`.execute(other.db);
          await waitFor(async () => {
            held = await metrics();
            return (
              pool(held, "scoreline_db_pool_waiting_requests") -
                pool(before, "scoreline_db_pool_waiting_requests") ===
              1
            );
          });
          release();
          await Promise.all(holders);
          await waiting;
        } finally {
          release();
          await other.close();
        }
        const closed = await metrics();
        assert.equal(
          pool(closed, "scoreline_db_pool_max_connections") -
            pool(before, "scoreline_db_pool_max_connections"),
          0,
          "a closed store's pool leaves the gauges",
        );
      });
    }
  });
}
