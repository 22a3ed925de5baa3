import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { sql } from "kysely";
import { seedDemoData } from "../../src/sample/seed-demo.js";
import { openStore } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { insertMiniLeague } from "../helpers/factories.js";
import { DIALECTS, freshUrl, unavailable } from "../helpers/stores.js";

const NOW = new Date("2026-11-21T08:00:00Z");

for (const dialect of DIALECTS) {
  describe(`demo seeding on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    test("an empty store gets the sample dataset once; a restart leaves it alone", async () => {
      const { url, cleanup } = freshUrl(dialect);
      cleanups.push(cleanup);
      const store = openStore(url);
      try {
        await migrate(store);
        const first = await seedDemoData(store, { seed: 1, now: NOW, world: "core" });
        assert.ok(first !== null && first.rows > 10_000, `loaded ${first?.rows} rows`);
        const fixtures = await count(store, "fixtures");
        const second = await seedDemoData(store, { seed: 1, now: NOW, world: "core" });
        assert.equal(second, null);
        assert.equal(await count(store, "fixtures"), fixtures);
        const sports = await store.db
          .selectFrom("competitions")
          .select("sport")
          .distinct()
          .execute();
        assert.equal(sports.length, 10);
      } finally {
        await store.close();
      }
    });

    test("a store holding real data is never seeded", async () => {
      const { url, cleanup } = freshUrl(dialect);
      cleanups.push(cleanup);
      const store = openStore(url);
      try {
        await migrate(store);
        await insertMiniLeague(store);
        assert.equal(await seedDemoData(store, { seed: 1, now: NOW, world: "core" }), null);
        assert.equal(await count(store, "fixtures"), 1);
      } finally {
        await store.close();
      }
    });

    if (dialect === "postgres") {
      test("two nodes starting at once load the data exactly once", async () => {
        const { url, cleanup } = freshUrl(dialect);
        cleanups.push(cleanup);
        const a = openStore(url);
        const b = openStore(url);
        try {
          await migrate(a);
          await migrate(b);
          const results = await Promise.all([
            seedDemoData(a, { seed: 5, now: NOW, world: "core" }),
            seedDemoData(b, { seed: 5, now: NOW, world: "core" }),
          ]);
          assert.equal(results.filter((r) => r !== null).length, 1);
          const generated = results.find((r) => r !== null);
          assert.ok(generated);
          const rows = await sql<{ n: string }>`select count(*) as n from fixtures`.execute(a.db);
          assert.ok(Number(rows.rows[0]?.n) > 1000);
        } finally {
          await a.close();
          await b.close();
        }
      });
    }
  });
}

async function count(store: ReturnType<typeof openStore>, table: "fixtures"): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
