/** `scoreline export history` as a user runs it: a real process on a small SQLite store. */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CSV_COLUMNS } from "../../src/services/history/csv.js";
import { type CliRun, runCli } from "../helpers/cli.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";
import { type HistoryWorld, inHistoryOrder, writeHistory } from "./synthetic-history.js";

const COUNT = 60;

describe("scoreline export history", () => {
  let t: TestStore;
  let world: HistoryWorld;
  let run: (args: string[]) => Promise<CliRun>;
  before(async () => {
    t = await createTestStore("sqlite");
    world = await writeHistory(t.store, COUNT);
    const env = { DATABASE_URL: t.url };
    run = (args) => runCli(["export", "history", ...args], { env });
  });
  after(async () => {
    await t?.dispose();
  });

  test("--format csv prints the header and every finished match, oldest first", async () => {
    const result = await run(["--sport", "football", "--format", "csv"]);
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.split("\r\n");
    assert.equal(lines.at(-1), "");
    assert.equal(lines[0], CSV_COLUMNS.join(","));
    const ids = lines.slice(1, -1).map((line) => line.split(",")[0]);
    assert.deepEqual(
      ids,
      inHistoryOrder(world.finished).map((m) => m.id),
    );
  });

  test("filters and --output write NDJSON to a file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "scoreline-export-"));
    try {
      const file = join(dir, "out.ndjson");
      const league = world.competitions[0]?.slug ?? "";
      const result = await run([
        "--sport",
        "football",
        "--league",
        league,
        "--season-from",
        "2024",
        "--output",
        file,
      ]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stdout, "");
      const ids = readFileSync(file, "utf8")
        .trimEnd()
        .split("\n")
        .map((line) => (JSON.parse(line) as { fixture_id: string }).fixture_id);
      const want = inHistoryOrder(
        world.finished.filter(
          (m) => m.competitionId === world.competitions[0]?.id && m.season >= "2024",
        ),
      ).map((m) => m.id);
      assert.ok(want.length > 0);
      assert.deepEqual(ids, want);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("bad arguments exit 2 with a clear message", async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ["--sport", "football", "--format", "xml"],
        /'xml' is invalid\. Allowed choices are ndjson, csv/,
      ],
      [["--format", "csv"], /required option '--sport <sport>' not specified/],
      [["--sport", "curling"], /'curling' is invalid/],
      [["--sport", "football", "--season-from", "24"], /--season-from.*use YYYY-YYYY or YYYY/],
      [
        ["--sport", "football", "--season-from", "2025", "--season-to", "2024"],
        /--season-from: season_from must not be after season_to/,
      ],
      [
        ["--sport", "football", "--league", "nowhere"],
        /--league: league "nowhere" is not a football competition/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      assert.equal(result.status, 2, `${args.join(" ")}: ${result.stderr}`);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, "");
    }
  });

  test("--help prints usage", async () => {
    const result = await run(["--help"]);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /Usage: scoreline export history/);
    assert.match(result.stdout, /--season-from/);
  });
});
