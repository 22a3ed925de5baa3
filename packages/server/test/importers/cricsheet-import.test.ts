/**
 * Importing Cricsheet files is idempotent and all-or-nothing per season: the same files twice
 * create and update nothing; a season with one bad file (a delivery whose runs do not add up,
 * or broken XML) is reported by path and line and leaves every table as it was; the rows carry
 * the `cricsheet` source. The CLI reports a bad file the same way. Runs once per dialect.
 */
import assert from "node:assert/strict";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { cricsheetFormat } from "../../src/importers/cricsheet/cricsheet-format.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { runCli } from "../helpers/cli.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/cricket/data/", import.meta.url));
const INDEX = fileURLToPath(
  new URL("../../../../../shared/data/cricket/_index_generated.csv", import.meta.url),
);
const missingData = needsData(INDEX, "Cricsheet data");

/** The files of one season, from the dataset's generated index (path,match_id,start_date,season,…). */
function seasonFiles(season: string): string[] {
  return readFileSync(INDEX, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.split(","))
    .filter((cols) => cols[3] === season)
    .map((cols) => join(DATA, "..", cols[0] ?? ""));
}

/**
 * A copy of the 2019 files in a folder of its own, with `edit` applied to the text of the file
 * `name`; answers the folder and the edited file's path.
 */
function brokenSeason(root: string, label: string, name: string, edit: (text: string) => string) {
  const folder = join(root, label);
  mkdirSync(folder, { recursive: true });
  for (const file of seasonFiles("2019"))
    copyFileSync(file, join(folder, file.split("/").at(-1) ?? ""));
  const path = join(folder, name);
  writeFileSync(path, edit(readFileSync(path, "utf8")));
  return { folder, path };
}

/** The 1-based line of the `n`th (0-based) occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string, n = 0): number {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  return text.slice(0, at).split("\n").length;
}

/** A delivery's `<total>` raised by one, so it is no longer batsman + extras. */
function badTotal(text: string): string {
  return text.replace("<total>0</total>", "<total>1</total>");
}

for (const dialect of DIALECTS) {
  describe(`cricsheet import idempotency on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestStore;
    let dir: string;
    const ctx = () => ({ store: t.store, clock: testClock });

    before(async () => {
      t = await createTestStore(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-cricsheet-"));
      const first = await runImport(ctx(), cricsheetFormat, [DATA]);
      assert.deepEqual(first.errors, []);
      assert.deepEqual(first.units, { found: 2, imported: 2, failed: 0 });
    });
    after(async () => {
      await t?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("importing the same files again creates and updates nothing", async () => {
      const before = await rowCounts(t.store);
      assert.equal(before.fixtures, 120);
      const again = await runImport(ctx(), cricsheetFormat, [DATA]);
      assert.deepEqual(again.errors, []);
      for (const [table, counts] of Object.entries(again.tables)) {
        assert.equal(counts.created, 0, `${table} created`);
        assert.equal(counts.updated, 0, `${table} updated`);
      }
      assert.equal(again.tables.match_events?.unchanged, before.match_events);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("a delivery whose runs do not add up fails its season by path and line, changing nothing", async () => {
      const before = await rowCounts(t.store);
      const name = "1178424.xml";
      const { folder, path } = brokenSeason(dir, "bad-total", name, badTotal);
      const original = readFileSync(join(DATA, "1", name), "utf8");
      const deliveryLine = original
        .slice(0, original.indexOf("<total>0</total>"))
        .lastIndexOf("<delivery>");
      const expectedLine = original.slice(0, deliveryLine).split("\n").length;
      const summary = await runImport(ctx(), cricsheetFormat, [folder]);
      assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
      assert.equal(summary.errors.length, 1);
      assert.equal(summary.errors[0]?.path, path);
      assert.equal(summary.errors[0]?.line, expectedLine);
      assert.match(summary.errors[0]?.reason ?? "", /<total> 1 is not <batsman> \+ <extras>/);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("broken XML is reported at the parser's line, changing nothing", async () => {
      const before = await rowCounts(t.store);
      const name = "1175356.xml";
      const { folder, path } = brokenSeason(dir, "bad-xml", name, (text) =>
        text.replace("</bowler>", "</bowlr>"),
      );
      const summary = await runImport(ctx(), cricsheetFormat, [folder]);
      assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
      assert.equal(summary.errors[0]?.path, path);
      assert.equal(summary.errors[0]?.line, lineOf(readFileSync(path, "utf8"), "</bowlr>"));
      assert.match(summary.errors[0]?.reason ?? "", /malformed XML/);
      assert.deepEqual(await rowCounts(t.store), before);
    });

    test("every imported competition and fixture carries the cricsheet source", async () => {
      for (const table of ["competitions", "fixtures"] as const) {
        const sources = await t.store.db.selectFrom(table).select("source").distinct().execute();
        assert.deepEqual(
          sources.map((s) => s.source),
          ["cricsheet"],
          table,
        );
      }
    });
  });
}

describe("scoreline import cricsheet", { skip: missingData }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-cricsheet-cli-"));
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("a season with a bad file exits 1 naming the file and line; the good season imports", async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, "x.db")}` };
    const { folder, path } = brokenSeason(dir, "2019", "1178424.xml", badTotal);
    const season2018 = join(dir, "2018");
    mkdirSync(season2018);
    for (const file of seasonFiles("2018"))
      copyFileSync(file, join(season2018, file.split("/").at(-1) ?? ""));
    const result = await runCli(["import", "cricsheet", season2018, folder, "--json"], { env });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, new RegExp(`${path.replaceAll(".", "\\.")}:\\d+: <runs> <total>`));
    const summary = JSON.parse(result.stdout) as { units: unknown; matches: number };
    assert.deepEqual(summary.units, { found: 2, imported: 1, failed: 1 });
    assert.equal(summary.matches, 60);
    assert.equal(readdirSync(folder).length, 60);
  });
});
