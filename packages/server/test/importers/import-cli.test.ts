/**
 * `scoreline import openfootball` and `scoreline standings deduct|deductions` as a user runs
 * them: a real process on a folder with good, bad and unrelated files.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openStore, type Store } from "../../src/store/database.js";
import { runCli } from "../helpers/cli.js";
import { needsData } from "../helpers/requirements.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/football/", import.meta.url));
const missingData = needsData(DATA, "openfootball data");

describe("scoreline import openfootball and standings deduct", { skip: missingData }, () => {
  let dir: string;
  let env: Record<string, string>;
  const run = (args: string[]) => runCli(args, { env });
  const withStore = async <T>(use: (store: Store) => Promise<T>): Promise<T> => {
    const store = openStore(env.DATABASE_URL ?? "");
    try {
      return await use(store);
    } finally {
      await store.close();
    }
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "scoreline-import-cli-"));
    env = { DATABASE_URL: `sqlite:${join(dir, "x.db")}` };
    const data = join(dir, "data");
    mkdirSync(join(data, "2023-24"), { recursive: true });
    mkdirSync(join(data, "2022-23", "nested"), { recursive: true });
    copyFileSync(join(DATA, "2023-24", "en.1.json"), join(data, "2023-24", "en.1.json"));
    copyFileSync(join(DATA, "2023-24", "de.1.json"), join(data, "2022-23", "nested", "de.1.json"));
    writeFileSync(
      join(data, "2023-24", "fr.1.json"),
      '{"name": "French Ligue 1 2023/24", "matches": [',
    );
    writeFileSync(
      join(data, "2023-24", "it.1.json"),
      JSON.stringify({
        name: "Italian Serie A 2023/24",
        matches: [{ date: "2023-08-19", team1: "Genoa CFC" }],
      }),
    );
    writeFileSync(join(data, "2023-24", "package.json"), "{}");
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("a folder imports its good files, reports each bad one by path and exits 1", async () => {
    const result = await run(["import", "openfootball", join(dir, "data"), "--json"]);
    assert.equal(result.status, 1, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual(summary.files, { found: 4, imported: 2, failed: 2, skipped: 1 });
    assert.equal(summary.matches, 380 + 306);
    assert.deepEqual(summary.fixtures, { created: 686, updated: 0, unchanged: 0 });
    assert.equal(summary.competitions.created, 2);
    assert.equal(typeof summary.ms, "number");
    const reasons = Object.fromEntries(
      summary.errors.map((e: { path: string; reason: string }) => [e.path, e.reason]),
    );
    assert.match(reasons[join(dir, "data", "2023-24", "fr.1.json")] ?? "", /invalid JSON/);
    assert.match(reasons[join(dir, "data", "2023-24", "it.1.json")] ?? "", /matches\[0\]\.team2/);
    assert.match(result.stderr, /fr\.1\.json: invalid JSON/);
    await withStore(async (store) => {
      const slugs = await store.db
        .selectFrom("competitions")
        .select("slug")
        .orderBy("slug")
        .execute();
      assert.deepEqual(
        slugs.map((s) => s.slug),
        ["deutsche-bundesliga", "english-premier-league"],
      );
      const teams = await store.db
        .selectFrom("teams")
        .select("name")
        .where("name", "=", "Genoa CFC")
        .execute();
      assert.deepEqual(teams, []);
    });
  });

  test("a second run of the good file reports nothing created, in text by default", async () => {
    const result = await run(["import", "openfootball", join(dir, "data", "2023-24", "en.1.json")]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /fixtures\s+0 created, 0 updated, 380 unchanged/);
    assert.match(result.stdout, /openfootball \(public domain, CC0\)/);
  });

  test("standings deduct records once, lists, and refuses bad arguments by name", async () => {
    const args = [
      "standings",
      "deduct",
      "--sport",
      "football",
      "--league",
      "english-premier-league",
      "--season",
      "2023-2024",
      "--team",
      "Nottingham Forest FC",
      "--points",
      "4",
      "--reason",
      "Profit and sustainability breach",
      "--json",
    ];
    const first = await run(args);
    assert.equal(first.status, 0, first.stderr);
    const recorded = JSON.parse(first.stdout);
    assert.equal(recorded.created, true);
    assert.equal(recorded.points, 4);
    assert.equal(recorded.team, "Nottingham Forest FC");
    const again = await run(args);
    assert.equal(JSON.parse(again.stdout).created, false);

    const list = await run([
      "standings",
      "deductions",
      "--league",
      "english-premier-league",
      "--json",
    ]);
    assert.equal(list.status, 0, list.stderr);
    const { deductions } = JSON.parse(list.stdout);
    // The three the importer ships (known-deductions.ts) and the one recorded here.
    assert.equal(deductions.length, 4);
    const recordedHere = deductions.filter(
      (d: { reason: string }) => d.reason === "Profit and sustainability breach",
    );
    assert.equal(recordedHere.length, 1);
    assert.equal(recordedHere[0].season, "2023-2024");

    const badPoints = await run(args.map((a) => (a === "4" ? "0" : a)));
    assert.equal(badPoints.status, 2);
    assert.match(badPoints.stderr, /points must be a whole number from 1 to 100/);
    assert.equal(JSON.parse(badPoints.stdout).error.field, "points");
    const badTeam = await run(args.map((a) => (a === "Nottingham Forest FC" ? "Nobody FC" : a)));
    assert.equal(badTeam.status, 2);
    assert.match(badTeam.stderr, /team "Nobody FC" is not a football team/);
    const human = await run([
      "standings",
      "deductions",
      "--league",
      "english-premier-league",
      "--season",
      "2023-2024",
    ]);
    assert.match(human.stdout, /Nottingham Forest FC −4 in English Premier League 2023-2024/);
  });
});
