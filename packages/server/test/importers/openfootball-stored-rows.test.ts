/**
 * How an openfootball file's rows meet the rows already stored, through the writer every format
 * uses: one club across spellings takes the longer name, a domestic league's country wins over a
 * cup suffix's, a competition is named by the file of its current season, and what the files
 * never give (a club's city, a country's name) stays as stored — whatever order the files are
 * imported in. Counts are summed over files. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { importOpenfootball } from "../../src/importers/openfootball/import-openfootball.js";
import type { Store } from "../../src/store/database.js";
import { testClock } from "../helpers/clock.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

interface Match {
  stage?: string;
  round: string;
  date: string;
  team1: string;
  team2: string;
  score: { ft: [number, number] };
}

const match = (date: string, team1: string, team2: string, stage?: string): Match => ({
  ...(stage === undefined ? {} : { stage }),
  round: "1",
  date,
  team1,
  team2,
  score: { ft: [1, 0] },
});

/** An unknown code (`xx.1`): its name comes from the file, and changes between seasons. */
const OLDER = {
  folder: "2021-22",
  code: "xx.1",
  name: "Testland Top Division 2021/22",
  matches: [match("2021-08-01", "Aston Villa", "sc Heerenveen")],
};
const NEWER = {
  folder: "2022-23",
  code: "xx.1",
  name: "Testland Premier Division 2022/23",
  matches: [
    match("2022-08-01", "Aston Villa FC (ENG)", "SC Heerenveen (GER)"),
    match("2023-05-20", "Aston Villa", "SC Heerenveen (GER)", "Playoffs"),
  ],
};
const DOMESTIC = {
  folder: "2022-23",
  code: "nl.1",
  name: "Eredivisie 2022/23",
  matches: [match("2022-08-06", "SC Heerenveen", "AFC Ajax")],
};

const teams = (store: Store) =>
  store.db
    .selectFrom("teams")
    .select(["id", "slug", "name", "short_name", "abbreviation", "search_name", "country_code"])
    .select("city")
    .orderBy("id")
    .execute();
/** A competition's slug is made from its first name stored and never changes: left out here. */
const competitions = (store: Store) =>
  store.db
    .selectFrom("competitions")
    .select(["id", "name", "search_name", "type", "current_season_id"])
    .orderBy("id")
    .execute();
const countries = (store: Store) =>
  store.db.selectFrom("countries").select(["code", "name"]).orderBy("code").execute();

for (const dialect of DIALECTS) {
  describe(`openfootball rows meeting stored rows on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let dir: string;
    let oldestFirst: TestStore;
    let newestFirst: TestStore;
    const paths: Record<"older" | "newer" | "domestic", string> = {
      older: "",
      newer: "",
      domestic: "",
    };
    const ctx = (t: TestStore) => ({ store: t.store, clock: testClock });

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "scoreline-openfootball-stored-"));
      for (const [key, file] of Object.entries({
        older: OLDER,
        newer: NEWER,
        domestic: DOMESTIC,
      })) {
        const folder = join(dir, key, file.folder);
        mkdirSync(folder, { recursive: true });
        const path = join(folder, `${file.code}.json`);
        writeFileSync(path, JSON.stringify({ name: file.name, matches: file.matches }));
        paths[key as keyof typeof paths] = path;
      }
      [oldestFirst, newestFirst] = [await createTestStore(dialect), await createTestStore(dialect)];
    });
    after(async () => {
      await oldestFirst?.dispose();
      await newestFirst?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("oldest first: each file's changes are counted, summed over the files", async () => {
      const summary = await importOpenfootball(ctx(oldestFirst), [
        paths.older,
        paths.newer,
        paths.domestic,
      ]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.files, { found: 3, imported: 3, failed: 0, skipped: 0 });
      // Villa and Heerenveen by the older file; their spellings and countries by the newer two.
      assert.deepEqual(summary.teams, { created: 3, updated: 3, unchanged: 0 });
      assert.deepEqual(summary.competitions, { created: 3, updated: 1, unchanged: 0 });
    });

    test("newest first ends in the same rows: longer names, domestic countries, latest name", async () => {
      const summary = await importOpenfootball(ctx(newestFirst), [
        paths.domestic,
        paths.newer,
        paths.older,
      ]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.teams, { created: 3, updated: 0, unchanged: 3 });
      for (const read of [teams, competitions, countries])
        assert.deepEqual(await read(newestFirst.store), await read(oldestFirst.store));
      const clubs = await teams(oldestFirst.store);
      assert.deepEqual(
        clubs
          .map((c) => [c.slug, c.name, c.short_name, c.country_code])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        [
          ["ajax", "AFC Ajax", "Ajax", "NL"],
          ["aston-villa", "Aston Villa FC", "Aston Villa", "GB-ENG"],
          ["heerenveen", "SC Heerenveen", "Heerenveen", "NL"],
        ],
      );
      const league = (await competitions(oldestFirst.store)).filter((c) => c.type === "league");
      assert.deepEqual(league.map((c) => c.name).sort(), [
        "Dutch Eredivisie",
        "Testland Premier Division",
      ]);
    });

    test("what the files never give stays as stored, and importing again changes nothing", async () => {
      await oldestFirst.store.db
        .updateTable("teams")
        .set({ city: "Birmingham" })
        .where("slug", "=", "aston-villa")
        .execute();
      await oldestFirst.store.db
        .updateTable("countries")
        .set({ name: "Holland" })
        .where("code", "=", "NL")
        .execute();
      const summary = await importOpenfootball(ctx(oldestFirst), [
        paths.newer,
        paths.older,
        paths.domestic,
      ]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.teams, { created: 0, updated: 0, unchanged: 6 });
      assert.deepEqual(summary.competitions, { created: 0, updated: 0, unchanged: 4 });
      assert.deepEqual(summary.fixtures, { created: 0, updated: 0, unchanged: 4 });
      const villa = (await teams(oldestFirst.store)).find((c) => c.slug === "aston-villa");
      assert.equal(villa?.city, "Birmingham");
      const holland = (await countries(oldestFirst.store)).find((c) => c.code === "NL");
      assert.equal(holland?.name, "Holland");
    });
  });
}
