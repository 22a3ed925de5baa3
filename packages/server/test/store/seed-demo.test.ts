/**
 * Demo seeding (ADR-0052): an empty store is claimed and loaded part by part — the shared rows,
 * then each sport whole — and loaded once; real data is never seeded; a load stopped half-way
 * leaves whole sports only and resumes with the world it began; two nodes share one load.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  loadSampleParts,
  planSampleLoad,
  seedDemoData,
} from "../../src/sample/load-sample-world.js";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { seededWorld } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { insertMiniLeague } from "../helpers/factories.js";
import { createTestStore, DIALECTS, freshUrl, unavailable } from "../helpers/stores.js";

/**
 * The world the run's template holds (`seededWorld("core")`: seed 7 at TEST_NOW): a load with
 * these options is compared with a copy of it rather than with a second load of its own.
 */
const NOW = TEST_NOW;
const SEED = 7;

for (const dialect of DIALECTS) {
  describe(`demo seeding on ${dialect}`, { skip: unavailable(dialect) }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    /** The rows the first test's whole load wrote: what any complete load of the world writes. */
    let wholeRows = 0;
    after(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    test("an empty store gets the sample dataset once; a restart leaves it alone", async () => {
      const { url, cleanup } = freshUrl(dialect);
      cleanups.push(cleanup);
      const store = openStore(url);
      try {
        await migrate(store);
        const first = await seedDemoData(store, { seed: SEED, now: NOW, world: "core" });
        assert.ok(first !== null && first.rows > 10_000, `loaded ${first?.rows} rows`);
        wholeRows = first.rows;
        const fixtures = await count(store, "fixtures");
        const second = await seedDemoData(store, { seed: SEED, now: NOW, world: "core" });
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
        assert.equal(await seedDemoData(store, { seed: SEED, now: NOW, world: "core" }), null);
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
        const plan = await planSampleLoad(store, { seed: SEED, now: NOW, world: "core" });
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
        assert.equal(await seedDemoData(store, { seed: SEED, now: later, world: "core" }), null);

        // The same world as one load: the run's template was made by one.
        const whole = await createTestStore(dialect, seededWorld("core"));
        try {
          assert.equal(
            await kickoffs(store),
            await kickoffs(whole.store),
            "the same world as one load",
          );
        } finally {
          await whole.dispose();
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
            seedDemoData(a, { seed: SEED, now: NOW, world: "core" }),
            seedDemoData(b, { seed: SEED, now: NOW, world: "core" }),
          ]);
          // Both may take part; together they write every row once: as many as one load wrote.
          const written = results.reduce((sum, r) => sum + (r?.rows ?? 0), 0);
          assert.ok(wholeRows > 0, "the first test's load ran");
          assert.equal(written, wholeRows);
          const solo = await createTestStore(dialect, seededWorld("core"));
          try {
            assert.equal(await kickoffs(a), await kickoffs(solo.store));
          } finally {
            await solo.dispose();
          }
        } finally {
          await a.close();
          await b.close();
        }
      });
    }
  });
}

/** Every fixture's id and kick-off: the world's calendar, to compare two loads. */
async function kickoffs(store: Store): Promise<string> {
  const rows = await store.db
    .selectFrom("fixtures")
    .select(["id", "kickoff"])
    .orderBy("id")
    .execute();
  return rows.map((r) => `${r.id} ${r.kickoff}`).join("\n");
}

async function count(store: ReturnType<typeof openStore>, table: "fixtures"): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
