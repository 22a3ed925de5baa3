/**
 * `scoreline import fivethirtyeight-nfl` as a user runs it: 2010–2020 by default, and with
 * `--all` every season of the file (1920–2020), the AFL (1960–1969) and the AAFC (1946–1949)
 * in competitions of their own. Counts seasons only.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openStore } from "../../src/store/database.js";
import { runCli } from "../helpers/cli.js";
import { needsData } from "../helpers/requirements.js";

const CSV = fileURLToPath(
  new URL("../../../../../shared/data/american-football/data/nfl_games.csv", import.meta.url),
);
const missingData = needsData(CSV, "FiveThirtyEight NFL data");

describe("scoreline import fivethirtyeight-nfl", { skip: missingData }, () => {
  let dir: string;
  const env = () => ({ DATABASE_URL: `sqlite:${join(dir, "x.db")}` });
  const seasonsPerCompetition = async () => {
    const store = openStore(env().DATABASE_URL);
    try {
      const rows = await store.db
        .selectFrom("seasons as s")
        .innerJoin("competitions as c", "c.id", "s.competition_id")
        .select(["c.slug", (eb) => eb.fn.countAll<string | number>().as("n")])
        .groupBy("c.slug")
        .orderBy("c.slug")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.slug, Number(r.n)]));
    } finally {
      await store.close();
    }
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-nfl-cli-"));
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("by default the 2010-2020 seasons", async () => {
    const result = await runCli(["import", "fivethirtyeight-nfl", CSV, "--json"], { env: env() });
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual(summary.units, { found: 11, imported: 11, failed: 0 });
    assert.deepEqual(await seasonsPerCompetition(), { nfl: 11, "nfl-playoffs": 11 });
  });

  test("--all imports every season, 1920-2020", async () => {
    const result = await runCli(["import", "fivethirtyeight-nfl", CSV, "--all"], { env: env() });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Imported 101 of 101 units \(16,810 matches/);
    assert.match(result.stdout, /FiveThirtyEight \/ ABC News/);
    assert.deepEqual(await seasonsPerCompetition(), {
      aafc: 4,
      "aafc-playoffs": 4,
      afl: 10,
      "afl-playoffs": 10,
      nfl: 101,
      "nfl-playoffs": 88,
    });
  });
});
