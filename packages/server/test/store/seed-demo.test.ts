/**
 * Demo seeding (ADR-0052): an empty store is claimed and loaded part by part — the shared rows,
 * then each sport whole — and loaded once; real data is never seeded; a load stopped half-way
 * leaves whole sports only and resumes with the world it began; two nodes share one load.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { sql } from "kysely";
import {
  loadSampleParts,
  planSampleLoad,
  seedDemoData,
} from "../../src/sample/load-sample-world.js";
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

    test("a load stopped after three parts shows whole sports only, and resumes the same world", async () => {
      const { url, cleanup } = freshUrl(dialect);
      cleanups.push(cleanup);
      const store = openStore(url);
      try {
        await migrate(store);
        const plan = await planSampleLoad(store, { seed: 1, now: NOW, world: "core" });
        assert.ok(plan?.claimed, "the empty store is claimed");
        const stop = new Error("the process died");
        const parts: string[] = [];
        await assert.rejects(
          loadSampleParts(store, plan, ({ name, index }) => {
            parts.push(name);
            if (index === 3) throw stop;
          }),
          stop,
        );
        assert.deepEqual(parts, ["shared", "football", "basketball"]);
        const sports = await store.db.selectFrom("fixtures").select("sport").distinct().execute();
        assert.deepEqual(sports.map((r) => r.sport).sort(), ["basketball", "football"]);
        const competitions = await store.db
          .selectFrom("competitions")
          .select("sport")
          .distinct()
          .execute();
        assert.deepEqual(competitions.map((r) => r.sport).sort(), ["basketball", "football"]);
        // A restart an hour later resumes: the world is the one the claim began (its anchor).
        const later = new Date(NOW.getTime() + 3_600_000);
        const resumed = await seedDemoData(store, { seed: 9, now: later, world: "full" });
        assert.ok(resumed !== null && resumed.rows > 0);
        assert.equal(await seedDemoData(store, { seed: 1, now: later, world: "core" }), null);

        const { url: freshOne, cleanup: cleanupFresh } = freshUrl(dialect);
        cleanups.push(cleanupFresh);
        const whole = openStore(freshOne);
        try {
          await migrate(whole);
          await seedDemoData(whole, { seed: 1, now: NOW, world: "core" });
          const kickoffs = async (s: typeof store) =>
            (await s.db.selectFrom("fixtures").select(["id", "kickoff"]).orderBy("id").execute())
              .map((r) => `${r.id} ${r.kickoff}`)
              .join("\n");
          assert.equal(await kickoffs(store), await kickoffs(whole), "the same world as one load");
        } finally {
          await whole.close();
        }
      } finally {
        await store.close();
      }
    });

    if (dialect === "postgres") {
      test("two nodes starting at once load each part exactly once", async () => {
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
          // Both may take part; together they write every row once.
          const written = results.reduce((sum, r) => sum + (r?.rows ?? 0), 0);
          const { url: soloUrl, cleanup: soloCleanup } = freshUrl(dialect);
          cleanups.push(soloCleanup);
          const solo = openStore(soloUrl);
          try {
            await migrate(solo);
            const alone = await seedDemoData(solo, { seed: 5, now: NOW, world: "core" });
            assert.equal(written, alone?.rows);
            const fixtures = async (s: typeof a) =>
              Number(
                (await sql<{ n: string }>`select count(*) as n from fixtures`.execute(s.db)).rows[0]
                  ?.n,
              );
            assert.equal(await fixtures(a), await fixtures(solo));
          } finally {
            await solo.close();
          }
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
