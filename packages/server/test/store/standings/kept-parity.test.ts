/**
 * Kept tables (ADR-0033) answer exactly what a from-scratch computation answers, byte for byte:
 * every league season of the demo data, and real openfootball seasons with point deductions,
 * imported file by file (a club renamed by a later file refreshes its earlier seasons). A full
 * rebuild then finds nothing to change. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { importOpenfootball } from "../../../src/importers/openfootball/import-openfootball.js";
import { getStandings } from "../../../src/services/standings.js";
import { rebuildTables } from "../../../src/store/standings/rebuild-tables.js";
import { seededWorld } from "../../helpers/app.js";
import { testClock } from "../../helpers/clock.js";
import { needsData } from "../../helpers/requirements.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../../helpers/stores.js";
import { leagueSeasons, referenceTable } from "./reference-table.js";

const DATA = fileURLToPath(new URL("../../../../../../shared/data/football/", import.meta.url));
const missingData = needsData(DATA, "openfootball data");

/** Every league season's kept answer equals the reference; returns how many were compared. */
async function assertParity(t: TestStore): Promise<number> {
  const ctx = { store: t.store, clock: testClock };
  const seasons = await leagueSeasons(t.store);
  for (const season of seasons) {
    const kept = await getStandings(ctx, season.sport, {
      league: season.competitionId,
      season: season.seasonName,
    });
    assert.equal(kept.season.id, season.seasonId, "season names are unique per competition");
    const label = `${season.competitionId} ${season.seasonName}`;
    assert.equal(
      JSON.stringify(kept.rows),
      JSON.stringify(await referenceTable(t.store, season)),
      label,
    );
  }
  return seasons.length;
}

async function keptSnapshot(t: TestStore) {
  return t.store.db
    .selectFrom("standings_rows")
    .selectAll()
    .orderBy("competition_id")
    .orderBy("season_id")
    .orderBy("team_id")
    .execute();
}

for (const dialect of DIALECTS) {
  describe(`kept standings parity on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestStore;
    before(async () => {
      // The sample world as `serve --demo` loads it: its standings kept as each result landed.
      t = await createTestStore(dialect, seededWorld("core"));
    });
    after(async () => {
      await t?.dispose();
    });

    test("demo data: every league season as computed from scratch", async () => {
      const compared = await assertParity(t);
      assert.ok(compared >= 10, `only ${compared} league seasons in the demo data`);
    });

    test("openfootball seasons with deductions, imported file by file", {
      skip: missingData,
    }, async () => {
      const ctx = { store: t.store, clock: testClock };
      for (const file of ["2023-24/en.1.json", "2022-23/en.1.json", "2023-24/de.1.json"]) {
        const summary = await importOpenfootball(ctx, [`${DATA}${file}`]);
        assert.deepEqual(summary.errors, []);
      }
      // The season's deductions ship with the importer (known-deductions.ts).
      await assertParity(t);
      const table = await getStandings(ctx, "football", {
        league: "english-premier-league",
        season: "2023-2024",
      });
      const everton = table.rows.find((r) => r.team === "Everton FC");
      assert.equal(everton?.deductions, 8);
      assert.equal(everton?.deduction_reasons.length, 2);
    });

    test("a full rebuild finds every kept row already right", async () => {
      const before = await keptSnapshot(t);
      assert.ok(before.length > 0);
      await rebuildTables(t.store.db, "2030-01-01T00:00:00Z");
      assert.deepEqual(await keptSnapshot(t), before);
    });
  });
}
