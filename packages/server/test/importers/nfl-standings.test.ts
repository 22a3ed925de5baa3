/**
 * FiveThirtyEight's NFL games (2019 and 2020 seasons) give the official 2020 NFL standings
 * through the REST API: every team's won-lost-tied record, the eight division winners, the
 * Super Bowl LV winner in the play-offs companion, and one identity for a relocated franchise.
 * Importing twice changes nothing; a malformed copy of the file is reported by path and line
 * and changes nothing. Imports once per dialect.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fivethirtyeightNflFormat } from "../../src/importers/fivethirtyeight-nfl/fivethirtyeight-nfl-format.js";
import { type ImportRunSummary, runImport } from "../../src/importers/shared/run-import.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(
  new URL("../../../../../shared/data/american-football/data/", import.meta.url),
);
const CSV = join(DATA, "nfl_games.csv");
const missingData = needsData(CSV, "FiveThirtyEight NFL data");
const SEASONS = { seasons: "2019-2020" };

/**
 * Final 2020 regular-season records [won, lost, tied], from NFL.com's 2020 standings
 * (nfl.com/standings/league/2020/REG) and Pro-Football-Reference (pro-football-reference.com/years/2020/).
 */
const RECORDS_2020: Record<string, [number, number, number]> = {
  "Buffalo Bills": [13, 3, 0],
  "Miami Dolphins": [10, 6, 0],
  "New England Patriots": [7, 9, 0],
  "New York Jets": [2, 14, 0],
  "Pittsburgh Steelers": [12, 4, 0],
  "Baltimore Ravens": [11, 5, 0],
  "Cleveland Browns": [11, 5, 0],
  "Cincinnati Bengals": [4, 11, 1],
  "Tennessee Titans": [11, 5, 0],
  "Indianapolis Colts": [11, 5, 0],
  "Houston Texans": [4, 12, 0],
  "Jacksonville Jaguars": [1, 15, 0],
  "Kansas City Chiefs": [14, 2, 0],
  "Las Vegas Raiders": [8, 8, 0],
  "Los Angeles Chargers": [7, 9, 0],
  "Denver Broncos": [5, 11, 0],
  "Washington Football Team": [7, 9, 0],
  "New York Giants": [6, 10, 0],
  "Dallas Cowboys": [6, 10, 0],
  "Philadelphia Eagles": [4, 11, 1],
  "Green Bay Packers": [13, 3, 0],
  "Chicago Bears": [8, 8, 0],
  "Minnesota Vikings": [7, 9, 0],
  "Detroit Lions": [5, 11, 0],
  "New Orleans Saints": [12, 4, 0],
  "Tampa Bay Buccaneers": [11, 5, 0],
  "Carolina Panthers": [5, 11, 0],
  "Atlanta Falcons": [4, 12, 0],
  "Seattle Seahawks": [12, 4, 0],
  "Los Angeles Rams": [10, 6, 0],
  "Arizona Cardinals": [8, 8, 0],
  "San Francisco 49ers": [6, 10, 0],
};

/** 2020 division winners (NFL.com), and the official order of the NFC East (Giants 2nd on division record). */
const DIVISION_WINNERS_2020: Record<string, string> = {
  "AFC East": "Buffalo Bills",
  "AFC North": "Pittsburgh Steelers",
  "AFC South": "Tennessee Titans",
  "AFC West": "Kansas City Chiefs",
  "NFC East": "Washington Football Team",
  "NFC North": "Green Bay Packers",
  "NFC South": "New Orleans Saints",
  "NFC West": "Seattle Seahawks",
};

interface Row {
  position: number;
  team: string;
  team_id: string;
  won: number;
  lost: number;
  drawn: number;
  win_pct: number;
  games_behind: number;
  group: string | null;
  groups: Array<{ kind: string; name: string }>;
}

for (const dialect of DIALECTS) {
  describe(`fivethirtyeight-nfl import on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    let first: ImportRunSummary;
    let dir: string;
    const ctx = () => ({ store: t.store, clock: testClock });
    before(async () => {
      t = await createTestApp(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-nfl-"));
      first = await runImport(ctx(), fivethirtyeightNflFormat, [DATA], { options: SEASONS });
    });
    after(async () => {
      await t?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const standings = async (season: string, group?: string): Promise<Row[]> => {
      const query = group === undefined ? "" : `&group=${encodeURIComponent(group)}`;
      const { status, body } = await getJson(
        t.app,
        `/v1/american-football/standings?league=nfl&season=${season}${query}`,
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      return body.data as Row[];
    };

    test("two season units import without errors, with the source id on the rows", async () => {
      assert.deepEqual(first.errors, []);
      assert.deepEqual(first.units, { found: 2, imported: 2, failed: 0 });
      assert.equal(first.matches, 267 + 269);
      const competitions = await t.store.db
        .selectFrom("competitions")
        .select(["slug", "type", "source", "country_code"])
        .orderBy("slug")
        .execute();
      assert.deepEqual(competitions, [
        { slug: "nfl", type: "league", source: "fivethirtyeight-nfl", country_code: "US" },
        { slug: "nfl-playoffs", type: "cup", source: "fivethirtyeight-nfl", country_code: "US" },
      ]);
      const sources = await t.store.db.selectFrom("fixtures").select("source").distinct().execute();
      assert.deepEqual(sources, [{ source: "fivethirtyeight-nfl" }]);
    });

    test("every team's 2020 record matches the official standings", async () => {
      const rows = await standings("2020");
      assert.equal(rows.length, 32);
      for (const row of rows) {
        const expected = RECORDS_2020[row.team];
        assert.ok(expected, `unexpected team ${row.team}`);
        assert.deepEqual([row.won, row.lost, row.drawn], expected, row.team);
      }
      const bengals = rows.find((r) => r.team === "Cincinnati Bengals");
      assert.equal(bengals?.win_pct, 0.281, "a tie counts half a win: (4 + 0.5) / 16");
    });

    test("each 2020 division winner is first of its group, with games behind", async () => {
      for (const [division, winner] of Object.entries(DIVISION_WINNERS_2020)) {
        const rows = await standings("2020", division);
        assert.equal(rows.length, 4, division);
        assert.equal(rows[0]?.position, 1);
        assert.equal(rows[0]?.team, winner, division);
        assert.equal(rows[0]?.games_behind, 0);
        assert.deepEqual(rows[0]?.groups, [
          { kind: "conference", name: division.slice(0, 3) },
          { kind: "division", name: division },
        ]);
      }
      const east = await standings("2020", "NFC East");
      assert.deepEqual(
        east.map((r) => [r.team, r.games_behind]),
        [
          ["Washington Football Team", 0],
          ["New York Giants", 1],
          ["Dallas Cowboys", 1],
          ["Philadelphia Eagles", 2.5],
        ],
      );
    });

    test("the Buccaneers won Super Bowl LV in the play-offs companion", async () => {
      const { status, body } = await getJson(
        t.app,
        "/v1/american-football/results?league=nfl-playoffs&season=2020",
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      const games = body.data as Array<{
        round: string;
        home_team: string;
        away_team: string;
        venue: string | null;
        final_score: { home: number; away: number };
        result: { outcome: string; winner_team_id: string };
        home_team_id: string;
      }>;
      const rounds = games.map((g) => g.round);
      assert.deepEqual(
        ["Wild Card", "Divisional", "Conference Championship", "Super Bowl"].map(
          (r) => rounds.filter((x) => x === r).length,
        ),
        [6, 4, 2, 1],
      );
      const final = games.find((g) => g.round === "Super Bowl");
      assert.ok(final);
      assert.equal(final.home_team, "Tampa Bay Buccaneers");
      assert.equal(final.away_team, "Kansas City Chiefs");
      assert.deepEqual(final.final_score, { home: 31, away: 9 });
      assert.equal(final.result.outcome, "home");
      assert.equal(final.result.winner_team_id, final.home_team_id);
      assert.equal(final.venue, "Neutral site");
    });

    test("the Raiders keep one team across Oakland (2019) and Las Vegas (2020)", async () => {
      const [before, now] = [await standings("2019"), await standings("2020")];
      const oakland = before.find((r) => r.team === "Oakland Raiders");
      const vegas = now.find((r) => r.team === "Las Vegas Raiders");
      assert.ok(oakland && vegas);
      assert.equal(oakland.team_id, vegas.team_id);
      assert.deepEqual([oakland.won, oakland.lost], [7, 9]);
      assert.equal(
        before.find((r) => r.team === "Washington Redskins")?.team_id,
        now.find((r) => r.team === "Washington Football Team")?.team_id,
      );
      const { body } = await getJson(t.app, `/v1/american-football/teams/${vegas.team_id}`);
      assert.equal(body.data.name, "Las Vegas Raiders");
    });

    test("a tie is a draw and regular-season rounds are weeks", async () => {
      const { body } = await getJson(
        t.app,
        "/v1/american-football/results?league=nfl&season=2020&date=2020-09-27",
      );
      const tie = (body.data as Array<Record<string, unknown>>).find(
        (g) => g.home_team === "Philadelphia Eagles",
      ) as { round: string; result: { outcome: string; winner_team_id: null }; kickoff: string };
      assert.ok(tie);
      assert.equal(tie.round, "Week 3");
      assert.equal(tie.result.outcome, "draw");
      assert.equal(tie.result.winner_team_id, null);
      assert.equal(tie.kickoff, "2020-09-27T17:00:00Z");
    });

    test("importing again changes nothing", async () => {
      const before = await rowCounts(t.store);
      const again = await runImport(ctx(), fivethirtyeightNflFormat, [CSV], { options: SEASONS });
      assert.deepEqual(again.errors, []);
      for (const [table, counts] of Object.entries(again.tables)) {
        assert.equal(counts.created, 0, `${table} created`);
        assert.equal(counts.updated, 0, `${table} updated`);
      }
      assert.equal(again.tables.fixtures?.unchanged, 267 + 269);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("a malformed copy is reported by path and line and changes nothing", async () => {
      const lines = readFileSync(CSV, "utf8").split("\n");
      const bad = lines.findIndex((l) => l.startsWith("2020-10-04,2020,"));
      lines[bad] = (lines[bad] ?? "").replace(/,(\d+),(\d+),([01.5]+)$/, ",x,$2,$3");
      const path = join(dir, "nfl_games.csv");
      writeFileSync(path, lines.join("\n"));
      const before = await rowCounts(t.store);
      const summary = await runImport(ctx(), fivethirtyeightNflFormat, [path], {
        options: { seasons: "2019" },
      });
      assert.equal(summary.units.imported, 0);
      assert.equal(summary.errors.length, 1);
      assert.equal(summary.errors[0]?.path, path);
      assert.equal(summary.errors[0]?.line, bad + 1);
      assert.match(summary.errors[0]?.reason ?? "", /score1 must be a whole number/);
      assert.deepEqual(await rowCounts(t.store), before);
    });
  });
}
