/**
 * Importing the UFC dataset is an upsert keyed by ids derived from the file: the same file
 * twice changes nothing, a malformed row is reported by path and line and changes nothing, and
 * `scoreline import ufc` reports both as a user sees them. Uses the file's 2022-2023 rows (a
 * copy in a temporary folder) to stay quick; once per dialect.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { runImport } from "../../src/importers/shared/run-import.js";
import { ufcFormat } from "../../src/importers/ufc/ufc-format.js";
import { runCli } from "../helpers/cli.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/combat-sports/", import.meta.url));
const FILE = join(DATA, "ufc-master.csv");
const missingData = needsData(FILE, "UFC dataset");

/** The header and the rows of 2022 and 2023, with their line numbers in the copy. */
function subset(): { text: string; lines: string[] } {
  const [header = "", ...rows] = readFileSync(FILE, "utf8").split("\n");
  const kept = rows.filter((row) => /,(2022|2023)-\d\d-\d\d,/.test(row));
  return { text: `${[header, ...kept].join("\n")}\n`, lines: [header, ...kept] };
}

describe("ufc test data", { skip: missingData }, () => {
  test("the 2022-2023 copy has both years' bouts", () => {
    // The file has 506 bouts in 2022 and 504 in 2023.
    assert.equal(subset().lines.length - 1, 1010);
  });
});

for (const dialect of DIALECTS) {
  describe(`ufc import idempotency on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestStore;
    let dir: string;
    let good: string;
    const ctx = () => ({ store: t.store, clock: testClock });

    before(async () => {
      t = await createTestStore(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-ufc-"));
      mkdirSync(join(dir, "good"));
      good = join(dir, "good", "ufc-master.csv");
      writeFileSync(good, subset().text);
    });
    after(async () => {
      await t?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("the first import creates a unit per year and every row carries the source", async () => {
      const summary = await runImport(ctx(), ufcFormat, [good]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.units, { found: 2, imported: 2, failed: 0 });
      assert.equal(summary.matches, 1010);
      assert.equal(summary.tables.fixtures?.created, 1010);
      assert.equal(summary.tables.seasons?.created, 2);
      const fixtures = await t.store.db.selectFrom("fixtures").select("source").execute();
      assert.ok(fixtures.every((f) => f.source === "ufc-dataset"));
      const competitions = await t.store.db.selectFrom("competitions").selectAll().execute();
      assert.deepEqual(
        competitions.map((c) => [c.name, c.source, c.type]),
        [["UFC", "ufc-dataset", "tour"]],
      );
      const books = await t.store.db.selectFrom("bookmakers").selectAll().execute();
      assert.deepEqual(books, [
        {
          slug: "bestfightodds-closing",
          name: "Closing line (BestFightOdds, via Ultimate UFC Dataset)",
          native_format: "american",
        },
      ]);
    });

    test("importing the same file again creates and updates nothing", async () => {
      const before = await rowCounts(t.store);
      const summary = await runImport(ctx(), ufcFormat, [good]);
      assert.deepEqual(summary.errors, []);
      for (const [table, counts] of Object.entries(summary.tables)) {
        assert.equal(counts.created, 0, `${table} created`);
        assert.equal(counts.updated, 0, `${table} updated`);
      }
      assert.equal(summary.tables.fixtures?.unchanged, 1010);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("a malformed row is reported by path and line and changes nothing", async () => {
      const before = await rowCounts(t.store);
      const { lines } = subset();
      // Line 500 of the copy: an unknown winner; line 700: a quote left open.
      const broken = [...lines];
      broken[499] = (broken[499] ?? "").replace(/,(Red|Blue),(True|False),/, ",Green,$2,");
      mkdirSync(join(dir, "winner"));
      const winner = join(dir, "winner", "ufc-master.csv");
      writeFileSync(winner, `${broken.join("\n")}\n`);
      const summary = await runImport(ctx(), ufcFormat, [winner]);
      assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
      assert.equal(summary.errors.length, 1);
      assert.equal(summary.errors[0]?.path, winner);
      assert.equal(summary.errors[0]?.line, 500);
      assert.match(summary.errors[0]?.reason ?? "", /Winner: expected one of Red, Blue/);

      const unquoted = [...lines];
      unquoted[699] = `"${unquoted[699] ?? ""}`;
      mkdirSync(join(dir, "quote"));
      const quote = join(dir, "quote", "ufc-master.csv");
      writeFileSync(quote, `${unquoted.join("\n")}\n`);
      const second = await runImport(ctx(), ufcFormat, [quote]);
      assert.equal(second.units.imported, 0);
      assert.equal(second.errors[0]?.path, quote);
      assert.equal(typeof second.errors[0]?.line, "number");
      assert.ok((second.errors[0]?.line ?? 0) >= 700, String(second.errors[0]?.line));
      assert.match(second.errors[0]?.reason ?? "", /malformed CSV/);
      assert.deepEqual(await rowCounts(t.store), before);
    });
  });
}

describe("scoreline import ufc", { skip: missingData }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-ufc-cli-"));
    const { lines } = subset();
    writeFileSync(join(dir, "good.csv"), `${lines.slice(0, 40).join("\n")}\n`);
    const bad = lines.slice(0, 40);
    bad[9] = (bad[9] ?? "").replace(/,\d{4}-\d\d-\d\d,/, ",2023-02-30,");
    mkdirSync(join(dir, "bad"));
    writeFileSync(join(dir, "bad", "ufc-master.csv"), `${bad.join("\n")}\n`);
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("imports a file, then reports a bad one by path and line and exits 1", async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, "x.db")}` };
    const ok = await runCli(["import", "ufc", join(dir, "good.csv"), "--json"], { env });
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).matches, 39);
    const bad = await runCli(["import", "ufc", join(dir, "bad"), "--json"], { env });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /bad\/ufc-master\.csv:10: date: expected a date YYYY-MM-DD/);
  });
});
