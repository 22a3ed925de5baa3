/**
 * Known point deductions ship with the openfootball importer (`known-deductions.ts`): importing
 * the Premier League 2023-24 gives the official table (Everton 40 points, 15th, after −8;
 * Nottingham Forest 32, 17th, after −4) with the deductions' reasons, in the same import, and
 * importing again changes nothing. A copy recorded by hand with the documented
 * `standings deduct` command is the same row, and `standings deduct` still records others.
 * Runs once per dialect.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { buildRecords } from "../../src/importers/openfootball/build-records.js";
import { importOpenfootball } from "../../src/importers/openfootball/import-openfootball.js";
import { KNOWN_DEDUCTIONS } from "../../src/importers/openfootball/known-deductions.js";
import { parseOpenfootballFile } from "../../src/importers/openfootball/parse-file.js";
import { clubIdentity } from "../../src/importers/openfootball/teams.js";
import { recordDeduction } from "../../src/services/deductions.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/football/", import.meta.url));
const SOURCE = `${DATA}2023-24/en.1.json`;
const missingData = needsData(SOURCE, "openfootball data");
const LEAGUE = "english-premier-league";
const SEASON = "2023-2024";

interface Row {
  position: number;
  team: string;
  played: number;
  points: number;
  deductions: number;
  deduction_reasons: string[];
}

interface SourceFile {
  name: string;
  matches: Array<{ team1: string; team2: string; stage?: string }>;
}

const reasonsOf = (team: string) =>
  KNOWN_DEDUCTIONS.filter((d) => d.season === SEASON && d.team === team).map((d) => d.reason);

/** The reasons the documentation's `standings deduct` examples recorded before they shipped. */
const DOCUMENTED: ReadonlyArray<[team: string, points: number, reason: string]> = [
  ["Everton FC", 6, "Profit and sustainability breach 2021-22 (10 reduced to 6 on appeal)"],
  ["everton", 2, "Profit and sustainability breach 2022-23"],
  ["Nottingham Forest FC", 4, "Profit and sustainability breach 2022-23"],
];

describe("the known deductions list", () => {
  test("every entry is well formed and sourced, and no two share an identity", () => {
    const identities = new Set<string>();
    for (const d of KNOWN_DEDUCTIONS) {
      const label = `${d.code} ${d.season} ${d.team} −${d.points}`;
      assert.ok(Number.isInteger(d.points) && d.points >= 1 && d.points <= 100, label);
      assert.match(d.season, /^\d{4}(-\d{4})?$/, label);
      assert.match(d.date, /^\d{4}-\d{2}-\d{2}$/, label);
      assert.ok(d.reason.trim() === d.reason && d.reason.length > 0, label);
      assert.ok(d.reason.length <= 500, `${label}: reason of ${d.reason.length} characters`);
      assert.ok(d.key.trim() === d.key && d.key.length > 0, label);
      assert.ok(d.sources.length > 0, `${label}: no source`);
      for (const s of d.sources) {
        assert.match(s.date, /^\d{4}-\d{2}-\d{2}$/, label);
        if (s.url !== undefined) assert.match(s.url, /^https:\/\//, label);
      }
      const identity = [d.code, d.season, clubIdentity(d.team).id, d.points, d.key].join("|");
      assert.ok(!identities.has(identity), `${label}: listed twice`);
      identities.add(identity);
    }
  });

  test.describe("built with a file", { skip: missingData }, () => {
    const source = () => JSON.parse(readFileSync(SOURCE, "utf8")) as SourceFile;
    const build = (folder: string, file: SourceFile) =>
      buildRecords(
        parseOpenfootballFile(`/data/${folder}/en.1.json`, JSON.stringify(file)),
        testClock(),
      );

    test("the season's league gets its deductions, with the reasons as listed", () => {
      const [league] = build("2023-24", source()).sections;
      assert.ok(league);
      assert.deepEqual(
        league.adjustments.map((a) => [a.team_id, a.points, a.reason]),
        KNOWN_DEDUCTIONS.filter((d) => d.code === "en.1" && d.season === SEASON).map((d) => [
          clubIdentity(d.team).id,
          d.points,
          d.reason,
        ]),
      );
      for (const a of league.adjustments) {
        assert.equal(a.competition_id, league.competition.id);
        assert.equal(a.season_id, league.season.id);
      }
    });

    test("another season, or a club not in the file, gets none", () => {
      const [otherSeason] = build("2022-23", source()).sections;
      assert.deepEqual(otherSeason?.adjustments, []);
      const withoutForest = source();
      withoutForest.matches = withoutForest.matches.filter(
        (m) => m.team1 !== "Nottingham Forest FC" && m.team2 !== "Nottingham Forest FC",
      );
      const [league] = build("2023-24", withoutForest).sections;
      assert.deepEqual(
        league?.adjustments.map((a) => a.points),
        [6, 2],
      );
    });

    test("a companion competition (play-offs) gets none", () => {
      const file = source();
      const [first] = file.matches;
      assert.ok(first);
      file.matches.push({ ...first, stage: "Playoffs" });
      const sections = build("2023-24", file).sections;
      assert.equal(sections.length, 2);
      assert.deepEqual(
        sections.map((s) => s.adjustments.length),
        [3, 0],
      );
    });
  });
});

for (const dialect of DIALECTS) {
  describe(`openfootball known deductions on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    const ctx = () => ({ store: t.store, clock: testClock });

    before(async () => {
      t = await createTestApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    const table = async (): Promise<Row[]> => {
      const { status, body } = await getJson(
        t.app,
        `/v1/football/standings?league=${LEAGUE}&season=${SEASON}`,
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.equal(body.meta.season, SEASON);
      return body.data as Row[];
    };
    const row = (rows: Row[], team: string): Row => {
      const found = rows.find((r) => r.team === team);
      assert.ok(found, `${team} is not in the table`);
      return found;
    };
    const assertOfficial = (rows: Row[]) => {
      assert.equal(rows.length, 20);
      const everton = row(rows, "Everton FC");
      assert.deepEqual([everton.position, everton.points, everton.deductions], [15, 40, 8]);
      assert.deepEqual(everton.deduction_reasons.toSorted(), reasonsOf("Everton FC").toSorted());
      const forest = row(rows, "Nottingham Forest FC");
      assert.deepEqual([forest.position, forest.points, forest.deductions], [17, 32, 4]);
      assert.deepEqual(forest.deduction_reasons, reasonsOf("Nottingham Forest FC"));
      assert.deepEqual(
        rows.filter((r) => r.deductions > 0).map((r) => r.team),
        ["Everton FC", "Nottingham Forest FC"],
      );
      // Luton, relegated in 18th, six points behind Forest.
      assert.deepEqual([rows[17]?.team, rows[17]?.points], ["Luton Town FC", 26]);
    };
    const adjustments = () =>
      t.store.db
        .selectFrom("standings_adjustments")
        .selectAll()
        .orderBy("id")
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, points: Number(r.points) })));

    test("one import gives the official table, deductions and reasons included", async () => {
      const summary = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.standings_adjustments, { created: 3, updated: 0, unchanged: 0 });
      assertOfficial(await table());
    });

    test("importing again changes nothing", async () => {
      const before = await rowCounts(t.store);
      const stored = await adjustments();
      const kept = await t.store.db
        .selectFrom("standings_rows")
        .select(["team_id", "updated_at"])
        .orderBy("team_id")
        .execute();
      const summary = await importOpenfootball(
        { store: t.store, clock: () => new Date("2027-01-01T00:00:00Z") },
        SOURCE,
      );
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.standings_adjustments, { created: 0, updated: 0, unchanged: 3 });
      assert.deepEqual(summary.fixtures, { created: 0, updated: 0, unchanged: 380 });
      assert.deepEqual(await rowCounts(t.store), before);
      assert.deepEqual(await adjustments(), stored);
      assert.deepEqual(
        await t.store.db
          .selectFrom("standings_rows")
          .select(["team_id", "updated_at"])
          .orderBy("team_id")
          .execute(),
        kept,
      );
      assertOfficial(await table());
    });

    test("the documented `standings deduct` commands find them already recorded", async () => {
      for (const [team, points, reason] of DOCUMENTED) {
        const { created } = await recordDeduction(ctx(), {
          sport: "football",
          league: LEAGUE,
          season: SEASON,
          team,
          points,
          reason,
        });
        assert.equal(created, false, `${team} −${points}`);
      }
      assertOfficial(await table());
    });

    test("deductions recorded by hand before they shipped are the same rows, brought up to date", async () => {
      // A store imported before the list shipped, where the documentation's commands were run.
      const shipped = await adjustments();
      await t.store.db.deleteFrom("standings_adjustments").execute();
      for (const [team, points, reason] of DOCUMENTED) {
        const { created } = await recordDeduction(ctx(), {
          sport: "football",
          league: LEAGUE,
          season: SEASON,
          team,
          points,
          reason,
        });
        assert.equal(created, true);
      }
      const summary = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(summary.standings_adjustments, { created: 0, updated: 3, unchanged: 0 });
      assert.deepEqual(
        (await adjustments()).map(({ created_at: _, ...rest }) => rest),
        shipped.map(({ created_at: _, ...rest }) => rest),
      );
      assertOfficial(await table());
    });

    test("`standings deduct` still records other deductions, which add up", async () => {
      const { created } = await recordDeduction(ctx(), {
        sport: "football",
        league: LEAGUE,
        season: SEASON,
        team: "Luton Town FC",
        points: 1,
        reason: "A test deduction",
      });
      assert.equal(created, true);
      const again = await importOpenfootball(ctx(), SOURCE);
      assert.deepEqual(again.standings_adjustments, { created: 0, updated: 0, unchanged: 3 });
      const luton = row(await table(), "Luton Town FC");
      assert.deepEqual([luton.points, luton.deductions], [25, 1]);
      assert.deepEqual(luton.deduction_reasons, ["A test deduction"]);
    });
  });
}
