/**
 * Importing is an upsert keyed by ids derived from the source: the same file twice changes
 * nothing (not even `updated_at`), and a file that changed updates exactly what changed. Runs
 * once per dialect.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { importOpenfootball } from "../../src/importers/openfootball/import-openfootball.js";
import { parseJson } from "../../src/store/json-columns.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/football/", import.meta.url));
const SOURCE = join(DATA, "2023-24", "en.1.json");
const missingData = needsData(SOURCE, "openfootball data");

interface SourceFile {
  name: string;
  matches: Array<{ team1: string; team2: string; score: { ft?: number[]; ht?: number[] } }>;
}

for (const dialect of DIALECTS) {
  describe(`openfootball import idempotency on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestStore;
    let dir: string;
    let clockNow = new Date("2026-11-21T10:00:00Z");
    const ctx = () => ({ store: t.store, clock: () => new Date(clockNow) });
    const source = JSON.parse(readFileSync(SOURCE, "utf8")) as SourceFile;
    /** A copy of the season file, changed by `edit`, in a season folder of its own. */
    const variant = (label: string, edit: (file: SourceFile) => void): string => {
      const copy = structuredClone(source);
      edit(copy);
      const folder = join(dir, label, "2023-24");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "en.1.json"), JSON.stringify(copy));
      return join(folder, "en.1.json");
    };
    const firstMatchFixture = async () => {
      const first = source.matches[0];
      assert.ok(first);
      const home = await t.store.db
        .selectFrom("teams")
        .select("id")
        .where("name", "=", first.team1)
        .executeTakeFirstOrThrow();
      return t.store.db
        .selectFrom("fixtures")
        .selectAll()
        .where("home_team_id", "=", home.id)
        .orderBy("kickoff")
        .executeTakeFirstOrThrow();
    };

    before(async () => {
      t = await createTestStore(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-openfootball-"));
    });
    after(async () => {
      await t?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("the first import creates every row", async () => {
      const summary = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.files, { found: 1, imported: 1, failed: 0, skipped: 0 });
      assert.equal(summary.matches, 380);
      assert.deepEqual(summary.competitions, { created: 1, updated: 0, unchanged: 0 });
      assert.deepEqual(summary.seasons, { created: 1, updated: 0, unchanged: 0 });
      assert.deepEqual(summary.teams, { created: 20, updated: 0, unchanged: 0 });
      assert.deepEqual(summary.fixtures, { created: 380, updated: 0, unchanged: 0 });
      // Burnley–Manchester City: 20:00 in Burnley on 2023-08-11 (BST) kicked off at 19:00 UTC.
      assert.equal((await firstMatchFixture()).kickoff, "2023-08-11T19:00:00Z");
    });

    test("importing the same file again creates nothing and touches nothing", async () => {
      const before = await rowCounts(t.store);
      const stampBefore = (await firstMatchFixture()).updated_at;
      clockNow = new Date("2026-11-22T10:00:00Z");
      const summary = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(summary.competitions, { created: 0, updated: 0, unchanged: 1 });
      assert.deepEqual(summary.seasons, { created: 0, updated: 0, unchanged: 1 });
      assert.deepEqual(summary.teams, { created: 0, updated: 0, unchanged: 20 });
      assert.deepEqual(summary.fixtures, { created: 0, updated: 0, unchanged: 380 });
      assert.deepEqual(await rowCounts(t.store), before);
      assert.equal((await firstMatchFixture()).updated_at, stampBefore);
    });

    test("a changed score updates exactly that fixture", async () => {
      const before = await rowCounts(t.store);
      const original = await firstMatchFixture();
      clockNow = new Date("2026-11-23T10:00:00Z");
      const changed = variant("changed", (file) => {
        const first = file.matches[0];
        if (first) first.score = { ht: [0, 0], ft: [4, 4] };
      });
      const summary = await importOpenfootball(ctx(), changed);
      assert.deepEqual(summary.fixtures, { created: 0, updated: 1, unchanged: 379 });
      assert.deepEqual(summary.teams, { created: 0, updated: 0, unchanged: 20 });
      assert.deepEqual(await rowCounts(t.store), before);
      const fixture = await firstMatchFixture();
      assert.equal(fixture.id, original.id);
      assert.deepEqual(parseJson(fixture.score), {
        home: 4,
        away: 4,
        halftime: { home: 0, away: 0 },
      });
      assert.equal(parseJson<{ outcome: string }>(fixture.result)?.outcome, "draw");
      assert.equal(fixture.created_at, original.created_at);
      assert.equal(fixture.updated_at, "2026-11-23T10:00:00Z");
    });

    test("a score that arrives later finishes a fixture that had none", async () => {
      const unplayed = variant("unplayed", (file) => {
        const first = file.matches[0];
        if (first) first.score = {};
      });
      const missing = await importOpenfootball(ctx(), unplayed);
      assert.deepEqual(missing.fixtures, { created: 0, updated: 1, unchanged: 379 });
      assert.equal((await firstMatchFixture()).status, "postponed");
      const arrived = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(arrived.fixtures, { created: 0, updated: 1, unchanged: 379 });
      const fixture = await firstMatchFixture();
      assert.equal(fixture.status, "finished");
      assert.deepEqual(parseJson(fixture.score), {
        home: source.matches[0]?.score.ft?.[0],
        away: source.matches[0]?.score.ft?.[1],
        halftime: {
          home: source.matches[0]?.score.ht?.[0],
          away: source.matches[0]?.score.ht?.[1],
        },
      });
    });

    test("importing again corrects a kick-off stored as a local time labelled UTC", async () => {
      // What importers before the time-zone conversion stored: the local 20:00 as 20:00Z.
      const fixture = await firstMatchFixture();
      await t.store.db
        .updateTable("fixtures")
        .set({ kickoff: "2023-08-11T20:00:00Z" })
        .where("id", "=", fixture.id)
        .execute();
      clockNow = new Date("2026-11-24T10:00:00Z");
      const summary = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(summary.fixtures, { created: 0, updated: 1, unchanged: 379 });
      const corrected = await firstMatchFixture();
      assert.equal(corrected.kickoff, "2023-08-11T19:00:00Z");
      assert.equal(corrected.updated_at, "2026-11-24T10:00:00Z");
    });
  });
}
