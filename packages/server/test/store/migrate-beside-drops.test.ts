/**
 * Migrating a store in its own PostgreSQL schema must not depend on what other clients do to
 * other schemas of the same database. Kysely's stock introspector reads every schema and fails
 * with `schema "…" does not exist` when one is dropped under it; the suite's parallel test files
 * drop schemas all the time, and so would any shared database.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { test } from "node:test";
import { sql } from "kysely";
import { openStore } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { freshUrl, postgresUrl, unavailable } from "../helpers/stores.js";

test("a migration succeeds while other schemas are created and dropped", {
  skip: unavailable("postgres"),
}, async () => {
  const admin = openStore(postgresUrl ?? "", { poolSize: 4 });
  let churning = true;
  // Other clients: schemas with a table and a serial column, created and dropped in a loop.
  const churn = async () => {
    while (churning) {
      const schema = `churn_${randomBytes(6).toString("hex")}`;
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      await sql`create table ${sql.id(schema, "t")} (id serial primary key)`.execute(admin.db);
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    }
  };
  const churners = [churn(), churn(), churn()];
  try {
    for (let i = 0; i < 15; i++) {
      const { url, cleanup } = freshUrl("postgres");
      const store = openStore(url, { poolSize: 2 });
      try {
        const report = await migrate(store);
        assert.deepEqual(report.applied, report.current);
      } finally {
        await store.close();
        await cleanup();
      }
    }
  } finally {
    churning = false;
    await Promise.all(churners);
    await admin.close();
  }
});
