/**
 * Importing harness sectionals is an upsert keyed by ids derived from the source: the same file
 * twice changes nothing, and a malformed copy (a non-numeric place, a duplicate saddlecloth,
 * places that skip a number) is reported by path and line and stores nothing of that file, even
 * its good rows. Once per dialect through `runImport`, then once through the CLI on SQLite.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fixtureId } from "../../src/importers/harness-vic/build-rows.js";
import { harnessVicFormat } from "../../src/importers/harness-vic/harness-vic-format.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { runCli } from "../helpers/cli.js";
import { needsData } from "../helpers/requirements.js";
import { rowCounts } from "../helpers/row-counts.js";
import { createTestStore, DIALECTS, type TestStore, unavailable } from "../helpers/stores.js";

const FILE = fileURLToPath(
  new URL(
    "../../../../../shared/data/horse-racing/sample/harness_sectionals_vic_2025.csv",
    import.meta.url,
  ),
);
const missingData = needsData(FILE, "harness sectionals");
const ECHUCA_RACE_1 = fixtureId("H:echuca", "2025-01-01", 1);

/** The file's lines (line n is `lines[n - 1]`, the header is line 1). */
const sourceLines = () => readFileSync(FILE, "utf8").split("\n");

/** A copy of the file with some lines' fields replaced: `{line: {column index: value}}`. */
function variant(dir: string, name: string, edits: Record<number, Record<number, string>>) {
  const lines = sourceLines();
  for (const [line, fields] of Object.entries(edits)) {
    const cells = (lines[Number(line) - 1] ?? "").split(",");
    for (const [index, value] of Object.entries(fields)) cells[Number(index)] = value;
    lines[Number(line) - 1] = cells.join(",");
  }
  mkdirSync(join(dir, name), { recursive: true });
  const path = join(dir, name, "harness_sectionals_vic_2025.csv");
  writeFileSync(path, lines.join("\n"));
  return path;
}

const SADDLECLOTH = 5;
const PLACE = 6;
const MARGIN = 7;

/** Each malformed copy: its edits, the line reported and the reason's pattern. */
const MALFORMED: Array<[string, Record<number, Record<number, string>>, number, RegExp]> = [
  // Line 2 changes a good row too: it must not be stored when line 127 fails.
  [
    "non-numeric place",
    { 2: { [MARGIN]: "9.9" }, 127: { [PLACE]: "6th" } },
    127,
    /^place "6th" is not a whole number of at least 1$/,
  ],
  [
    "duplicate saddlecloth",
    { 3: { [SADDLECLOTH]: "1" } },
    3,
    /^saddlecloth 1 appears twice in Echuca 2025-01-01 race 1 \(first on line 2\)$/,
  ],
  [
    "place beyond the field",
    { 13: { [PLACE]: "9" } },
    13,
    /^place 9 in Echuca 2025-01-01 race 2, which has 8 runners: places must run 1\.\.8$/,
  ],
  [
    "place shared without a dead heat",
    { 13: { [PLACE]: "3" } },
    15,
    /^place 3 shared in Echuca 2025-01-01 race 2 \(dead heat\) with margins 13\.3 and 10\.9 m$/,
  ],
];

for (const dialect of DIALECTS) {
  describe(`harness-vic import idempotency on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestStore;
    let dir: string;
    let clockNow = new Date("2026-11-21T10:00:00Z");
    const ctx = () => ({ store: t.store, clock: () => new Date(clockNow) });
    const echucaRace1 = () =>
      t.store.db
        .selectFrom("fixtures")
        .selectAll()
        .where("id", "=", ECHUCA_RACE_1)
        .executeTakeFirstOrThrow();

    before(async () => {
      t = await createTestStore(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-harness-vic-"));
      const first = await runImport(ctx(), harnessVicFormat, [FILE]);
      assert.deepEqual(first.errors, []);
    });
    after(async () => {
      await t?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("importing the same file again creates nothing and touches nothing", async () => {
      const before = await rowCounts(t.store);
      const stamp = (await echucaRace1()).updated_at;
      clockNow = new Date("2026-11-22T10:00:00Z");
      const again = await runImport(ctx(), harnessVicFormat, [FILE]);
      assert.deepEqual(again.errors, []);
      assert.deepEqual(again.tables, {
        countries: { created: 0, updated: 0, unchanged: 1 },
        competitions: { created: 0, updated: 0, unchanged: 2 },
        seasons: { created: 0, updated: 0, unchanged: 2 },
        fixtures: { created: 0, updated: 0, unchanged: 15 },
      });
      assert.deepEqual(await rowCounts(t.store), before);
      assert.equal(before.fixtures, 15);
      assert.equal((await echucaRace1()).updated_at, stamp);
      assert.equal((await echucaRace1()).source, "harness-vic");
    });

    for (const [name, edits, line, reason] of MALFORMED) {
      test(`a copy with a ${name} is reported by path and line and changes nothing`, async () => {
        const before = await rowCounts(t.store);
        const stored = await echucaRace1();
        const path = variant(dir, name.replaceAll(" ", "-"), edits);
        const summary = await runImport(ctx(), harnessVicFormat, [path]);
        assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
        assert.equal(summary.errors.length, 1);
        assert.equal(summary.errors[0]?.path, path);
        assert.equal(summary.errors[0]?.line, line);
        assert.match(summary.errors[0]?.reason ?? "", reason);
        assert.deepEqual(summary.tables, {});
        assert.deepEqual(await rowCounts(t.store), before);
        assert.deepEqual(await echucaRace1(), stored);
      });
    }

    test("a folder with a good and a bad copy imports the good one only", async () => {
      const folder = join(dir, "mixed");
      mkdirSync(join(folder, "bad"), { recursive: true });
      writeFileSync(join(folder, "good.csv"), readFileSync(FILE));
      const bad = join(folder, "bad", "bad.csv");
      writeFileSync(bad, `${readFileSync(FILE, "utf8").trimEnd()}\n2025-01-03,H:melton,Melton,1\n`);
      const summary = await runImport(ctx(), harnessVicFormat, [folder]);
      assert.deepEqual(summary.units, { found: 2, imported: 1, failed: 1 });
      assert.equal(summary.errors[0]?.path, bad);
      assert.equal(summary.errors[0]?.line, 128);
      assert.match(summary.errors[0]?.reason ?? "", /invalid CSV: .*expect 17, got 4/);
      assert.deepEqual(summary.tables.fixtures, { created: 0, updated: 0, unchanged: 15 });
    });
  });
}

describe("scoreline import harness-vic", { skip: missingData }, () => {
  let dir: string;
  let env: Record<string, string>;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-harness-vic-cli-"));
    env = { DATABASE_URL: `sqlite:${join(dir, "x.db")}` };
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("imports, reports a bad copy by path:line with exit 1, then changes nothing", async () => {
    const bad = variant(dir, "bad", { 40: { [PLACE]: "x" } });
    const first = await runCli(["import", "harness-vic", FILE, bad, "--json"], { env });
    assert.equal(first.status, 1, first.stderr);
    const summary = JSON.parse(first.stdout);
    assert.deepEqual(summary.units, { found: 2, imported: 1, failed: 1 });
    assert.equal(summary.records, 126);
    assert.equal(summary.matches, 15);
    assert.match(first.stderr, new RegExp(`${bad.replaceAll(".", "\\.")}:40: place "x"`));
    const again = await runCli(["import", "harness-vic", FILE], { env });
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /fixtures\s+0 created, 0 updated, 15 unchanged/);
    assert.match(again.stdout, /Australian Racing Open Data \(PandaVision\), ODC-BY 1\.0/);
  });
});
