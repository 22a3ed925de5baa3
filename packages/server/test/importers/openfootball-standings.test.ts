/**
 * Real seasons imported from openfootball give the published final tables through the REST
 * API: positions, points (after deductions) and goal difference for every club. Runs once per
 * dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { importOpenfootball } from "../../src/importers/openfootball/import-openfootball.js";
import { recordDeduction } from "../../src/services/deductions.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/football/", import.meta.url));
const missingData = needsData(DATA, "openfootball data");

/** [name fragment, points, goal difference], in final position order. */
type Table = Array<[string, number, number]>;

const PREMIER_LEAGUE_2023_24: Table = [
  ["Manchester City", 91, 62],
  ["Arsenal", 89, 62],
  ["Liverpool", 82, 45],
  ["Aston Villa", 68, 15],
  ["Tottenham", 66, 13],
  ["Chelsea", 63, 14],
  ["Newcastle", 60, 23],
  ["Manchester United", 60, -1],
  ["West Ham", 52, -14],
  ["Crystal Palace", 49, -1],
  ["Brighton", 48, -7],
  ["Bournemouth", 48, -13],
  ["Fulham", 47, -6],
  ["Wolverhampton", 46, -15],
  ["Everton", 40, -11],
  ["Brentford", 39, -9],
  ["Nottingham Forest", 32, -18],
  ["Luton", 26, -33],
  ["Burnley", 24, -37],
  ["Sheffield United", 16, -69],
];

const PREMIER_LEAGUE_2022_23: Table = [
  ["Manchester City", 89, 61],
  ["Arsenal", 84, 45],
  ["Manchester United", 75, 15],
  ["Newcastle", 71, 35],
  ["Liverpool", 67, 28],
  ["Brighton", 62, 19],
  ["Aston Villa", 61, 5],
  ["Tottenham", 60, 7],
  ["Brentford", 59, 12],
  ["Fulham", 52, 2],
  ["Crystal Palace", 45, -9],
  ["Chelsea", 44, -9],
  ["Wolverhampton", 41, -27],
  ["West Ham", 40, -13],
  ["Bournemouth", 39, -34],
  ["Nottingham Forest", 38, -30],
  ["Everton", 36, -23],
  ["Leicester", 34, -17],
  ["Leeds", 31, -30],
  ["Southampton", 25, -37],
];

const BUNDESLIGA_2023_24: Table = [
  ["Leverkusen", 90, 65],
  ["Stuttgart", 73, 39],
  ["Bayern", 72, 49],
  ["Leipzig", 65, 38],
  ["Dortmund", 63, 25],
  ["Frankfurt", 47, 1],
  ["Hoffenheim", 46, 0],
  ["Heidenheim", 42, -5],
  ["Bremen", 42, -6],
  ["Freiburg", 42, -13],
  ["Augsburg", 39, -10],
  ["Wolfsburg", 37, -15],
  ["Mainz", 35, -12],
  ["Mönchengladbach", 34, -11],
  ["Union Berlin", 33, -25],
  ["Bochum", 33, -32],
  ["Köln", 27, -32],
  ["Darmstadt", 17, -56],
];

interface Row {
  position: number;
  team: string;
  played: number;
  points: number;
  goal_difference: number;
  deductions: number;
}

for (const dialect of DIALECTS) {
  describe(`openfootball standings on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      const ctx = { store: t.store, clock: testClock };
      const summary = await importOpenfootball(ctx, [
        `${DATA}2023-24/en.1.json`,
        `${DATA}2022-23/en.1.json`,
        `${DATA}2023-24/de.1.json`,
      ]);
      assert.deepEqual(summary.errors, []);
      const deduct = (team: string, points: number, reason: string) =>
        recordDeduction(ctx, {
          sport: "football",
          league: "english-premier-league",
          season: "2023-2024",
          team,
          points,
          reason,
        });
      await deduct(
        "Everton FC",
        6,
        "Profit and sustainability breach 2021-22 (10 reduced to 6 on appeal)",
      );
      await deduct("everton", 2, "Profit and sustainability breach 2022-23");
      await deduct("Nottingham Forest FC", 4, "Profit and sustainability breach 2022-23");
    });
    after(async () => {
      await t?.dispose();
    });

    const table = async (league: string, season: string): Promise<Row[]> => {
      const { status, body } = await getJson(
        t.app,
        `/v1/football/standings?league=${league}&season=${season}`,
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.equal(body.meta.season, season);
      return body.data as Row[];
    };

    const assertTable = (rows: Row[], expected: Table, played: number) => {
      assert.equal(rows.length, expected.length);
      expected.forEach(([fragment, points, goalDifference], index) => {
        const row = rows[index];
        assert.ok(row, `no row at position ${index + 1}`);
        const label = `position ${index + 1}: ${row.team}`;
        assert.ok(row.team.includes(fragment), `${label}, expected ${fragment}`);
        assert.equal(row.position, index + 1, label);
        assert.equal(row.played, played, label);
        assert.equal(row.points, points, `${label} points`);
        assert.equal(row.goal_difference, goalDifference, `${label} goal difference`);
      });
    };

    test("Premier League 2023-24 with Everton's and Forest's deductions", async () => {
      const rows = await table("english-premier-league", "2023-2024");
      assertTable(rows, PREMIER_LEAGUE_2023_24, 38);
      const deducted = Object.fromEntries(rows.map((r) => [r.team, r.deductions]));
      assert.equal(deducted["Everton FC"], 8);
      assert.equal(deducted["Nottingham Forest FC"], 4);
      assert.equal(rows.filter((r) => r.deductions > 0).length, 2);
    });

    test("Premier League 2022-23 (no deductions)", async () => {
      assertTable(await table("english-premier-league", "2022-2023"), PREMIER_LEAGUE_2022_23, 38);
    });

    test("Bundesliga 2023-24", async () => {
      assertTable(await table("deutsche-bundesliga", "2023-2024"), BUNDESLIGA_2023_24, 34);
    });

    test("the competition's current season is the latest imported, and its source is openfootball", async () => {
      const { body } = await getJson(t.app, "/v1/football/standings?league=english-premier-league");
      assert.equal(body.meta.season, "2023-2024");
      const competition = await t.store.db
        .selectFrom("competitions")
        .select(["source", "country_code", "tier", "type"])
        .where("slug", "=", "english-premier-league")
        .executeTakeFirstOrThrow();
      assert.deepEqual(competition, {
        source: "openfootball",
        country_code: "GB-ENG",
        tier: 1,
        type: "league",
      });
    });
  });
}
