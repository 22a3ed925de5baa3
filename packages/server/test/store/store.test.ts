import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { parseJson } from "../../src/store/json-columns.js";
import { isMigrated, migrate } from "../../src/store/migrate.js";
import { MIGRATIONS } from "../../src/store/migrations/index.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { insertMiniLeague, miniLeague } from "../helpers/factories.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

for (const dialect of DIALECTS) {
  describe(`store on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    before(async () => {
      t = await createTestStore(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    test("migrations create every table and a second run applies nothing", async () => {
      assert.equal(await isMigrated(t.store), true);
      const again = await migrate(t.store);
      assert.deepEqual(again.applied, []);
      assert.deepEqual(again.current, Object.keys(MIGRATIONS));
      const tables = await t.store.db.introspection.getTables();
      const names = tables.map((table) => table.name);
      for (const table of [
        "countries",
        "competitions",
        "fixtures",
        "match_events",
        "odds",
        "lineups",
      ]) {
        assert.ok(names.includes(table), `missing table ${table}`);
      }
    });

    test("a written dataset reads back with its JSON columns intact", async () => {
      const league = await insertMiniLeague(t.store);
      const fixture = await t.store.db
        .selectFrom("fixtures")
        .selectAll()
        .where("id", "=", league.fixtureId)
        .executeTakeFirstOrThrow();
      assert.equal(fixture.home_score, 1);
      assert.deepEqual(parseJson(fixture.score), { home: 1, away: 0 });
      assert.deepEqual(parseJson(fixture.officials), [{ role: "referee", name: "A. Referee" }]);
      const odds = await t.store.db
        .selectFrom("odds")
        .select(["price", "opening_price", "line"])
        .where("fixture_id", "=", league.fixtureId)
        .executeTakeFirstOrThrow();
      assert.equal(odds.price, 1.95);
      assert.equal(odds.opening_price, 2.05);
      assert.equal(odds.line, null);
      const team = await t.store.db
        .selectFrom("teams")
        .select(["name", "search_name"])
        .where("id", "=", league.teamIds[0])
        .executeTakeFirstOrThrow();
      assert.equal(team.name, "Müller Athletic");
    });

    test("foreign keys refuse a fixture of an unknown competition, and the write changes nothing", async () => {
      const league = miniLeague();
      const before = await countRows(t, "fixtures");
      league.dataset.fixtures[0] = {
        ...league.dataset.fixtures[0],
        competition_id: "co_missing",
      } as never;
      await assert.rejects(writeDataset(t.store, league.dataset));
      assert.equal(
        await countRows(t, "fixtures"),
        before,
        "the failed transaction left rows behind",
      );
    });

    test("a match event sequence is unique per fixture", async () => {
      const league = await insertMiniLeague(t.store);
      const event = league.dataset.match_events[0];
      assert.ok(event);
      await assert.rejects(
        t.store.db
          .insertInto("match_events")
          .values({ ...event, id: "ev_duplicate_seq", detail: "{}", score: null })
          .execute(),
      );
    });

    test("timestamps stored as ISO text sort in time order", async () => {
      const league = await insertMiniLeague(t.store);
      const later = miniLeague();
      later.dataset.fixtures[0] = {
        ...later.dataset.fixtures[0],
        kickoff: "2026-12-01T20:00:00Z",
      } as never;
      await writeDataset(t.store, later.dataset);
      const rows = await t.store.db
        .selectFrom("fixtures")
        .select(["id", "kickoff"])
        .where("id", "in", [league.fixtureId, later.fixtureId])
        .orderBy("kickoff", "desc")
        .execute();
      assert.deepEqual(
        rows.map((r) => r.id),
        [later.fixtureId, league.fixtureId],
      );
    });
  });
}

async function countRows(t: TestStore, table: "fixtures"): Promise<number> {
  const row = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)}`.execute(t.store.db);
  return Number(row.rows[0]?.n ?? 0);
}
