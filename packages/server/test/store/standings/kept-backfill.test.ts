/**
 * Migration 008 backfills `standings_rows` for every league season already stored: a store
 * holding the demo data at migration 007, migrated on, answers every table as computed from
 * scratch. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Migrator, sql } from "kysely";
import { generateSampleData } from "../../../src/sample/generate.js";
import { getStandings } from "../../../src/services/standings.js";
import { openStore, type Store } from "../../../src/store/database.js";
import { DATASET_TABLES } from "../../../src/store/dataset.js";
import { migrate } from "../../../src/store/migrate.js";
import { MIGRATIONS } from "../../../src/store/migrations/index.js";
import { insertRows, MAX_PARAMETERS } from "../../../src/store/write-dataset.js";
import { TEST_NOW, testClock } from "../../helpers/clock.js";
import { DIALECTS, freshUrl, unavailable } from "../../helpers/stores.js";
import { leagueSeasons, referenceTable } from "./reference-table.js";

/** Migrates a store up to and including `last`. */
async function migrateTo(store: Store, last: string): Promise<void> {
  if (store.dialect === "postgres" && store.schema !== null)
    await sql`create schema if not exists ${sql.id(store.schema)}`.execute(store.db);
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(store.schema !== null ? { migrationTableSchema: store.schema } : {}),
  });
  const { error } = await migrator.migrateTo(last);
  if (error !== undefined) throw error;
}

for (const dialect of DIALECTS) {
  describe(`standings_rows backfill on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let store: Store;
    let cleanup: () => Promise<void>;
    before(async () => {
      const fresh = freshUrl(dialect);
      cleanup = fresh.cleanup;
      store = openStore(fresh.url, { poolSize: 4 });
    });
    after(async () => {
      await store?.close();
      await cleanup?.();
    });

    test("a store of migration 007 gets every league table when 008 runs", async () => {
      await migrateTo(store, "007-dashboard-sign-in");
      const dataset = generateSampleData({ seed: 11, anchor: TEST_NOW });
      // The rows as a release before 008 wrote them: no kept tables.
      await store.db.transaction().execute(async (trx) => {
        for (const table of DATASET_TABLES) {
          const rows = dataset[table] as unknown as Array<Record<string, unknown>>;
          await insertRows(trx, table, rows, MAX_PARAMETERS[store.dialect]);
        }
      });
      const report = await migrate(store);
      assert.ok(report.applied.includes("008-standings-rows"));
      const seasons = await leagueSeasons(store);
      assert.ok(seasons.length > 0);
      const ctx = { store, clock: testClock };
      let rows = 0;
      for (const season of seasons) {
        const kept = await getStandings(ctx, season.sport, {
          league: season.competitionId,
          season: season.seasonName,
        });
        const expected = await referenceTable(store, season);
        assert.equal(JSON.stringify(kept.rows), JSON.stringify(expected), season.competitionId);
        rows += kept.rows.length;
      }
      const stored = await store.db
        .selectFrom("standings_rows")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.n), rows);
      assert.ok(rows > 0);
    });
  });
}
