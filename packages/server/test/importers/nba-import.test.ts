/**
 * `fivethirtyeight-nba` as an import: the same files twice change nothing; a malformed copy of
 * a games or RAPTOR file is reported by path and line and leaves the store as it was (the
 * folder's files are one unit); the CLI imports the dataset with the summary a user sees. Runs
 * once per dialect.
 */
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fivethirtyeightNbaFormat } from "../../src/importers/fivethirtyeight-nba/nba-format.js";
import { type ImportRunSummary, runImport } from "../../src/importers/shared/run-import.js";
import { runCli } from "../helpers/cli.js";
import { testClock } from "../helpers/clock.js";
import { requirement } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/basketball/", import.meta.url));
const FILES = ["nba_elo_latest.csv", "latest_RAPTOR_by_team.csv", "latest_RAPTOR_by_player.csv"];
const missingData = requirement(
  FILES.every((f) => existsSync(join(DATA, f)))
    ? undefined
    : `FiveThirtyEight NBA data not found at ${DATA}`,
);

/** A copy of the dataset in a temporary folder with one line of one file replaced. */
function brokenCopy(file: string, line: number, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-nba-"));
  for (const f of FILES) copyFileSync(join(DATA, f), join(dir, f));
  const lines = readFileSync(join(DATA, file), "utf8").split("\n");
  lines[line - 1] = edit(lines[line - 1] ?? "");
  writeFileSync(join(dir, file), lines.join("\n"));
  return dir;
}

for (const dialect of DIALECTS) {
  describe(`fivethirtyeight-nba import on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestStore;
    let first: ImportRunSummary;
    const dirs: string[] = [];
    const run = (paths: string[]) =>
      runImport({ store: t.store, clock: testClock }, fivethirtyeightNbaFormat, paths);
    before(async () => {
      t = await createTestStore(dialect);
      first = await run([DATA]);
      assert.deepEqual(first.errors, []);
    });
    after(async () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await t?.dispose();
    });

    test("the first import creates every row of the season", () => {
      const created = Object.fromEntries(
        Object.entries(first.tables).map(([table, c]) => [table, c.created]),
      );
      assert.deepEqual(created, {
        countries: 2,
        competitions: 2,
        seasons: 2,
        teams: 30,
        // 30 teams in the league, 20 in the play-in and play-offs.
        team_competitions: 50,
        players: 541,
        fixtures: 1315,
        team_season_stats: 30,
        // 541 players with regular-season rows, 214 with play-off rows.
        player_season_stats: 755,
      });
    });

    test("importing the same files again changes nothing", async () => {
      const before = await rowCounts(t.store);
      const again = await run([DATA]);
      assert.deepEqual(again.errors, []);
      for (const [table, c] of Object.entries(again.tables)) {
        assert.equal(c.created, 0, `${table} created`);
        assert.equal(c.updated, 0, `${table} updated`);
      }
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("a malformed games row is reported by path and line and changes nothing", async () => {
      const before = await rowCounts(t.store);
      const dir = brokenCopy("nba_elo_latest.csv", 101, (line) =>
        line.replace(/,(\d+),(\d+),(\d+),(\d+),(\d+)$/, ",1O5,$2,$3,$4,$5"),
      );
      dirs.push(dir);
      const summary = await run([dir]);
      assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
      assert.equal(summary.errors.length, 1);
      assert.equal(summary.errors[0]?.path, join(dir, "nba_elo_latest.csv"));
      assert.equal(summary.errors[0]?.line, 101);
      assert.match(summary.errors[0]?.reason ?? "", /score1: expected a number, found "1O5"/);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("a malformed RAPTOR row fails the whole folder, games included", async () => {
      const before = await rowCounts(t.store);
      const dir = brokenCopy("latest_RAPTOR_by_team.csv", 42, (line) =>
        line.replace(/,(RS|PO),[A-Z]{3},/, ",$1,XYZ,"),
      );
      dirs.push(dir);
      const summary = await run([dir]);
      assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
      assert.deepEqual(summary.errors, [
        {
          path: join(dir, "latest_RAPTOR_by_team.csv"),
          line: 42,
          reason: 'team: unknown NBA team code "XYZ"',
        },
      ]);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("an unplayed row outside the play-offs is an error, not a skipped game", async () => {
      const dir = brokenCopy("nba_elo_latest.csv", 2, (line) =>
        line.replace(/,(\d+),(\d+),(\d+),(\d+),(\d+)$/, ",,,$3,$4,$5"),
      );
      dirs.push(dir);
      const summary = await run([join(dir, "nba_elo_latest.csv")]);
      assert.equal(summary.errors[0]?.line, 2);
      assert.match(summary.errors[0]?.reason ?? "", /score1: expected a number, found ""/);
    });
  });
}

describe("scoreline import fivethirtyeight-nba", { skip: missingData }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-nba-cli-"));
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("imports the dataset folder and prints the summary with the attribution", async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, "x.db")}` };
    const result = await runCli(["import", "fivethirtyeight-nba", DATA], { env });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Imported 1 of 1 units \(1,315 matches, 2,688 records/);
    assert.match(result.stdout, /fixtures\s+1315 created, 0 updated, 0 unchanged/);
    assert.match(result.stdout, /Data: NBA games, Elo and RAPTOR ratings by FiveThirtyEight/);
    const again = await runCli(["import", "fivethirtyeight-nba", DATA, "--json"], { env });
    assert.equal(again.status, 0, again.stderr);
    const summary = JSON.parse(again.stdout) as ImportRunSummary;
    assert.equal(summary.tables.fixtures?.unchanged, 1315);
  });
});
