/**
 * The machinery every import format shares (`runImport`, `writeImport`), driven by a small format
 * made here that reads a league from a text file — one result a line, `home,away,home
 * score,away score` — with the teams' conference and division: importing twice changes nothing;
 * a bad line fails its unit with its path and line and nothing of that unit is written while the
 * other units import; a new team whose slug another row holds gets a slug of its own; a
 * competition's current season is its latest whatever the import order; and the tables it makes
 * carry their groups, a season's team names, games behind and the source's attribution through
 * the REST API. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  ImportError,
  type ImportFormat,
  type ImportUnit,
} from "../../src/importers/shared/import-format.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { derivedId } from "../../src/lib/ids.js";
import type { RecordOf } from "../../src/store/dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const SPORT = "basketball";
const COMPETITION = derivedId("co", "test-league");

/** Teams: [code, name, conference, division]. */
const TEAMS: Array<[string, string, string, string]> = [
  ["BOS", "Boston Hoops", "Eastern", "Atlantic"],
  ["NYK", "New York Hoops", "Eastern", "Atlantic"],
  ["MIL", "Milwaukee Hoops", "Eastern", "Central"],
  ["DEN", "Denver Hoops", "Western", "Northwest"],
];

function seasonOf(file: string): string {
  return basename(file, ".txt");
}

/** `<year>.txt`: one result a line; `# rename CODE Name` gives a team's name that season. */
const testFormat: ImportFormat = {
  name: "test-league",
  source: "fivethirtyeight-nba",
  description: "a test league",
  sharedData: [],
  async plan(paths) {
    return paths.map((path) => ({ label: path, files: [path] }));
  },
  async build(unit: ImportUnit) {
    const [file] = unit.files;
    if (file === undefined) throw new ImportError(unit.label, null, "no file");
    const year = seasonOf(file);
    const seasonId = derivedId("se", "test-league", year);
    const names = new Map<string, string>();
    const fixtures: Array<RecordOf<"fixtures">> = [];
    for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
      if (line.trim() === "") continue;
      const rename = /^# rename (\w+) (.+)$/.exec(line);
      if (rename?.[1] !== undefined && rename[2] !== undefined) {
        names.set(rename[1], rename[2]);
        continue;
      }
      const [home, away, hs, as] = line.split(",");
      const [homeScore, awayScore] = [Number(hs), Number(as)];
      if (!Number.isInteger(homeScore) || !Number.isInteger(awayScore) || !home || !away) {
        throw new ImportError(file, index + 1, `expected "home,away,score,score", got "${line}"`);
      }
      fixtures.push({
        id: derivedId("fx", year, index),
        sport: SPORT,
        competition_id: COMPETITION,
        season_id: seasonId,
        round: null,
        kickoff: `${year}-01-${String(index + 1).padStart(2, "0")}T19:00:00Z`,
        status: "finished",
        period: null,
        minute: null,
        home_team_id: derivedId("tm", home),
        away_team_id: derivedId("tm", away),
        venue: null,
        officials: [],
        broadcast: [],
        score: { home: homeScore, away: awayScore },
        home_score: homeScore,
        away_score: awayScore,
        result: {
          outcome: homeScore > awayScore ? "home" : "away",
          winner_team_id: derivedId("tm", homeScore > awayScore ? home : away),
          decided_by: "regulation",
          text: null,
        },
        participants: null,
        last_event: null,
        sequence: 0,
        source: "fivethirtyeight-nba",
        created_at: `${year}-01-01T00:00:00Z`,
        updated_at: `${year}-01-01T00:00:00Z`,
      });
    }
    return {
      records: fixtures.length,
      matches: fixtures.length,
      dataset: {
        countries: [{ code: "US", name: "United States", updated_at: "2026-01-01T00:00:00Z" }],
        competitions: [
          {
            id: COMPETITION,
            sport: SPORT,
            slug: "test-league",
            name: "Test League",
            country_code: "US",
            tier: 1,
            type: "league",
            gender: "men",
            current_season_id: seasonId,
            rules: {},
            source: "fivethirtyeight-nba",
            search_name: "test league",
            updated_at: "2026-01-01T00:00:00Z",
          },
        ],
        seasons: [
          {
            id: seasonId,
            sport: SPORT,
            competition_id: COMPETITION,
            name: year,
            start_date: `${year}-01-01`,
            end_date: `${year}-12-31`,
            updated_at: "2026-01-01T00:00:00Z",
          },
        ],
        teams: TEAMS.map(([code, name]) => ({
          id: derivedId("tm", code),
          sport: SPORT,
          // Every test team wants the slug the seeded "taken" team holds.
          slug: code === "DEN" ? "taken-slug" : code.toLowerCase(),
          name,
          short_name: name,
          abbreviation: code,
          kind: "team",
          country_code: "US",
          city: null,
          founded: null,
          venue: null,
          player_id: null,
          search_name: name.toLowerCase(),
          updated_at: "2026-01-01T00:00:00Z",
        })),
        team_competitions: TEAMS.map(([code, , conference, division]) => ({
          team_id: derivedId("tm", code),
          competition_id: COMPETITION,
          season_id: seasonId,
          groups: [
            { kind: "conference", name: conference },
            { kind: "division", name: division },
          ],
          // Only a renamed team's row sets the column; the writer nulls it in the others.
          ...(names.has(code) ? { team_name: names.get(code) } : {}),
        })),
        fixtures,
      },
    };
  },
};

const RESULTS_2022 = ["BOS,NYK,110,100", "MIL,BOS,90,99", "NYK,MIL,101,100", "DEN,BOS,120,100"];
const RESULTS_2021 = ["# rename NYK New York Old Hoops", "BOS,NYK,100,101", "MIL,DEN,99,98"];

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["competitions", "seasons", "teams", "team_competitions", "fixtures"]) {
    const row = await t.store.db
      .selectFrom(table as "teams")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

for (const dialect of DIALECTS) {
  describe(`import runner on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let dir: string;
    const file = (name: string, lines: string[]) => {
      const path = join(dir, name);
      writeFileSync(path, `${lines.join("\n")}\n`);
      return path;
    };
    const ctx = () => ({ store: t.store, clock: testClock });

    before(async () => {
      t = await createTestApp(dialect);
      dir = mkdtempSync(join(tmpdir(), "scoreline-import-runner-"));
      await t.store.db
        .insertInto("teams")
        .values({
          id: "tm_taken",
          sport: SPORT,
          slug: "taken-slug",
          name: "Holder",
          short_name: "Holder",
          abbreviation: "HLD",
          kind: "team",
          country_code: null,
          city: null,
          founded: null,
          venue: null,
          player_id: null,
          search_name: "holder",
          updated_at: "2026-01-01T00:00:00Z",
        })
        .execute();
    });
    after(async () => {
      await t?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    test("imports a newer season first, then an older one: the newer stays current", async () => {
      const summary = await runImport(ctx(), testFormat, [
        file("2022.txt", RESULTS_2022),
        file("2021.txt", RESULTS_2021),
      ]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.units, { found: 2, imported: 2, failed: 0 });
      assert.equal(summary.tables.fixtures?.created, 6);
      const competition = await t.store.db
        .selectFrom("competitions")
        .innerJoin("seasons", "seasons.id", "competitions.current_season_id")
        .select("seasons.name")
        .where("competitions.id", "=", COMPETITION)
        .executeTakeFirstOrThrow();
      assert.equal(competition.name, "2022");
    });

    test("importing the same files again changes nothing", async () => {
      const before = await rowCounts(t);
      const stamps = await t.store.db.selectFrom("fixtures").select(["id", "updated_at"]).execute();
      const again = await runImport(ctx(), testFormat, [
        join(dir, "2022.txt"),
        join(dir, "2021.txt"),
      ]);
      assert.deepEqual(again.errors, []);
      for (const [table, counts] of Object.entries(again.tables)) {
        assert.equal(counts.created, 0, `${table} created`);
        assert.equal(counts.updated, 0, `${table} updated`);
      }
      assert.deepEqual(await rowCounts(t), before);
      assert.deepEqual(
        await t.store.db.selectFrom("fixtures").select(["id", "updated_at"]).execute(),
        stamps,
      );
    });

    test("a bad line fails its unit by path and line, writes nothing of it, and others import", async () => {
      const before = await rowCounts(t);
      const bad = file("2023.txt", ["BOS,NYK,100,90", "MIL,DEN,ninety,80"]);
      const summary = await runImport(ctx(), testFormat, [bad, join(dir, "2022.txt")]);
      assert.deepEqual(summary.units, { found: 2, imported: 1, failed: 1 });
      assert.deepEqual(summary.errors, [
        { path: bad, line: 2, reason: 'expected "home,away,score,score", got "MIL,DEN,ninety,80"' },
      ]);
      assert.deepEqual(await rowCounts(t), before);
    });

    test("a new team whose slug another row holds gets its own; stored slugs never change", async () => {
      const den = await t.store.db
        .selectFrom("teams")
        .select("slug")
        .where("id", "=", derivedId("tm", "DEN"))
        .executeTakeFirstOrThrow();
      assert.equal(den.slug, `taken-slug-${derivedId("tm", "DEN").slice(-6)}`);
      const holder = await t.store.db
        .selectFrom("teams")
        .select("slug")
        .where("id", "=", "tm_taken")
        .executeTakeFirstOrThrow();
      assert.equal(holder.slug, "taken-slug");
    });

    test("the table carries groups, games behind and attribution; group= narrows it", async () => {
      const { status, body } = await getJson(
        t.app,
        "/v1/basketball/standings?league=test-league&season=2022",
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.match(body.meta.attribution, /FiveThirtyEight/);
      const rows = body.data as Array<Record<string, unknown>>;
      // BOS 2-1, NYK 1-1, DEN 1-0, MIL 0-2 → DEN 1.000, BOS .667, NYK .500, MIL .000
      assert.deepEqual(
        rows.map((r) => [r.team, r.won, r.lost, r.games_behind, r.group]),
        [
          ["Denver Hoops", 1, 0, 0, "Northwest"],
          // Games behind each division's leader: BOS leads the Atlantic, NYK 0.5 behind it; MIL
          // is alone in the Central, so 0 (not 1.5 behind DEN, the table's first row).
          ["Boston Hoops", 2, 1, 0, "Atlantic"],
          ["New York Hoops", 1, 1, 0.5, "Atlantic"],
          ["Milwaukee Hoops", 0, 2, 0, "Central"],
        ],
      );
      assert.deepEqual(rows[0]?.groups, [
        { kind: "conference", name: "Western" },
        { kind: "division", name: "Northwest" },
      ]);
      const east = await getJson(
        t.app,
        "/v1/basketball/standings?league=test-league&season=2022&group=eastern%20conference",
      );
      assert.equal(east.status, 200);
      assert.equal(east.body.meta.group, "eastern conference");
      assert.deepEqual(
        (east.body.data as Array<Record<string, unknown>>).map((r) => [
          r.position,
          r.team,
          r.games_behind,
        ]),
        [
          [1, "Boston Hoops", 0],
          [2, "New York Hoops", 0.5],
          [3, "Milwaukee Hoops", 1.5],
        ],
      );
      const unknown = await getJson(
        t.app,
        "/v1/basketball/standings?league=test-league&season=2022&group=Pacific",
      );
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.error.field, "group");
      assert.match(unknown.body.error.message, /Atlantic, Central, Eastern, Northwest, Western/);
    });

    test("a season's own team name is in that season's table", async () => {
      const { body } = await getJson(
        t.app,
        "/v1/basketball/standings?league=test-league&season=2021",
      );
      const names = (body.data as Array<{ team: string }>).map((r) => r.team);
      assert.ok(names.includes("New York Old Hoops"), names.join(", "));
      assert.ok(!names.includes("New York Hoops"));
    });

    test("a column some rows of a unit set and others leave out is null in the others", async () => {
      const corrected = join(dir, "corrected");
      mkdirSync(corrected);
      // The same season, NYK's rename gone and BOS renamed instead.
      const path = join(corrected, "2021.txt");
      writeFileSync(
        path,
        `${["# rename BOS Boston Old Hoops", ...RESULTS_2021.slice(1)].join("\n")}\n`,
      );
      const summary = await runImport(ctx(), testFormat, [path]);
      assert.deepEqual(summary.errors, []);
      assert.equal(summary.tables.team_competitions?.updated, 2);
      const { body } = await getJson(
        t.app,
        "/v1/basketball/standings?league=test-league&season=2021",
      );
      const names = (body.data as Array<{ team: string }>).map((r) => r.team).sort();
      assert.deepEqual(names, [
        "Boston Old Hoops",
        "Denver Hoops",
        "Milwaukee Hoops",
        "New York Hoops",
      ]);
    });

    test("lists of imported rows carry the attribution; resources carry their source", async () => {
      const results = await getJson(t.app, "/v1/basketball/results?league=test-league&season=2022");
      assert.equal(results.status, 200, JSON.stringify(results.body.error));
      assert.match(results.body.meta.attribution, /CC BY 4\.0/);
      const id = (results.body.data as Array<{ fixture_id: string }>)[0]?.fixture_id;
      const fixture = await getJson(t.app, `/v1/basketball/fixtures/${id}`);
      assert.deepEqual(fixture.body.data.source, {
        id: "fivethirtyeight-nba",
        name: "FiveThirtyEight",
        licence: "CC-BY-4.0",
        url: "https://github.com/fivethirtyeight/data/tree/master/nba-forecasts",
      });
      const competitions = await getJson(t.app, "/v1/basketball/competitions");
      const league = (competitions.body.data as Array<Record<string, unknown>>).find(
        (c) => c.slug === "test-league",
      );
      assert.equal((league?.source as { licence: string } | undefined)?.licence, "CC-BY-4.0");
      assert.match(competitions.body.meta.attribution, /FiveThirtyEight/);
      const exported = await t.app.inject({
        url: "/v1/basketball/history/matches?league=test-league&format=ndjson",
      });
      assert.equal(exported.statusCode, 200);
      assert.match(
        decodeURI(String(exported.headers["scoreline-attribution"])),
        /FiveThirtyEight \(ABC News\), CC BY 4\.0/,
      );
    });
  });
}
