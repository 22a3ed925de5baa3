/**
 * The Retrosheet 2020 MLB season imported through `runImport`, checked through the REST API and
 * the store against the official record: every club's won-lost record and each division's final
 * order (MLB.com 2020 final standings), every game's line score and play-by-play adding up to
 * its final score, known results, re-import changing nothing, and a malformed event file
 * reported by path and line with the store left as it was. Imports once per dialect.
 */
import assert from "node:assert/strict";
import {
  copyFileSync,
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
import { retrosheetFormat } from "../../src/importers/retrosheet/retrosheet-format.js";
import { type ImportRunSummary, runImport } from "../../src/importers/shared/run-import.js";
import { DATASET_TABLES } from "../../src/store/dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(
  new URL("../../../../../shared/data/baseball/2020seve/", import.meta.url),
);
const missingData = needsData(DATA, "Retrosheet data");

/**
 * MLB.com, 2020 regular season final standings: [team, W, L] in official division order. Ties:
 * Cleveland and the White Sox (35-25) — Cleveland second, having won the season series 8-2;
 * Mets and Nationals (26-34) — tied for last; MLB's first tie-breaker, head-to-head, puts
 * Washington (6-4 in the series, asserted below from the data) fourth. St. Louis (30-28, .517) is above
 * Cincinnati (31-29, .517) on win percentage; the Cardinals and Tigers played 58 games.
 */
const DIVISIONS: Record<string, Array<[string, number, number]>> = {
  "AL East": [
    ["Tampa Bay Rays", 40, 20],
    ["New York Yankees", 33, 27],
    ["Toronto Blue Jays", 32, 28],
    ["Baltimore Orioles", 25, 35],
    ["Boston Red Sox", 24, 36],
  ],
  "AL Central": [
    ["Minnesota Twins", 36, 24],
    ["Cleveland Indians", 35, 25],
    ["Chicago White Sox", 35, 25],
    ["Kansas City Royals", 26, 34],
    ["Detroit Tigers", 23, 35],
  ],
  "AL West": [
    ["Oakland Athletics", 36, 24],
    ["Houston Astros", 29, 31],
    ["Seattle Mariners", 27, 33],
    // Retrosheet's TEAM2020 names the club by its park's city (Anaheim).
    ["Anaheim Angels", 26, 34],
    ["Texas Rangers", 22, 38],
  ],
  "NL East": [
    ["Atlanta Braves", 35, 25],
    ["Miami Marlins", 31, 29],
    ["Philadelphia Phillies", 28, 32],
    ["Washington Nationals", 26, 34],
    ["New York Mets", 26, 34],
  ],
  "NL Central": [
    ["Chicago Cubs", 34, 26],
    ["St. Louis Cardinals", 30, 28],
    ["Cincinnati Reds", 31, 29],
    ["Milwaukee Brewers", 29, 31],
    ["Pittsburgh Pirates", 19, 41],
  ],
  "NL West": [
    ["Los Angeles Dodgers", 43, 17],
    ["San Diego Padres", 37, 23],
    ["San Francisco Giants", 29, 31],
    ["Colorado Rockies", 26, 34],
    ["Arizona Diamondbacks", 25, 35],
  ],
};

/** Runs scored and allowed, Baseball-Reference 2020 team pages. */
const RUNS: Record<string, [number, number]> = {
  "Los Angeles Dodgers": [349, 213],
  "Atlanta Braves": [348, 288],
  "San Diego Padres": [325, 241],
};

interface StandingRow {
  position: number;
  team: string;
  played: number;
  won: number;
  lost: number;
  win_pct: number;
  games_behind: number;
  group: string | null;
  groups: Array<{ kind: string; name: string }>;
}

type Counts = Record<string, number>;

for (const dialect of DIALECTS) {
  describe(`retrosheet 2020 MLB season on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    let first: ImportRunSummary;
    const ctx = () => ({ store: t.store, clock: testClock });
    const counts = async (): Promise<Counts> => {
      const out: Counts = {};
      for (const table of DATASET_TABLES) {
        const row = await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow();
        out[table] = Number(row.n);
      }
      return out;
    };

    before(async () => {
      t = await createTestApp(dialect);
      first = await runImport(ctx(), retrosheetFormat, [DATA]);
      const rate = Math.round(first.records / (first.ms / 1000));
      console.log(
        `# retrosheet on ${dialect}: ${first.records} records, ${first.matches} games in ${first.ms} ms (${rate} records/s)`,
      );
    });
    after(async () => {
      await t?.dispose();
    });

    test("the season imports as one unit: 898 games, 30 clubs, source retrosheet", async () => {
      assert.deepEqual(first.errors, []);
      assert.deepEqual(first.units, { found: 1, imported: 1, failed: 0 });
      assert.equal(first.matches, 898);
      assert.equal(first.tables.fixtures?.created, 898);
      assert.equal(first.tables.teams?.created, 30);
      const competition = await t.store.db
        .selectFrom("competitions")
        .select(["name", "source", "country_code", "type"])
        .where("slug", "=", "major-league-baseball")
        .executeTakeFirstOrThrow();
      assert.deepEqual(competition, {
        name: "Major League Baseball",
        source: "retrosheet",
        country_code: "US",
        type: "league",
      });
      const sources = await t.store.db.selectFrom("fixtures").select("source").distinct().execute();
      assert.deepEqual(sources, [{ source: "retrosheet" }]);
    });

    test("every club's won-lost record and every division's order match MLB's final standings", async () => {
      for (const [division, expected] of Object.entries(DIVISIONS)) {
        const { status, body } = await getJson(
          t.app,
          `/v1/baseball/standings?league=major-league-baseball&season=2020&group=${encodeURIComponent(division)}`,
        );
        assert.equal(status, 200, JSON.stringify(body.error));
        const rows = body.data as StandingRow[];
        assert.deepEqual(
          rows.map((r) => [r.team, r.won, r.lost]),
          expected,
          division,
        );
        const leader = expected[0] as [string, number, number];
        rows.forEach((row, index) => {
          assert.equal(row.position, index + 1);
          assert.equal(row.group, division);
          assert.equal(row.groups[0]?.kind, "league");
          assert.equal(row.win_pct, Math.round((row.won / row.played) * 1000) / 1000);
          assert.equal(row.games_behind, (leader[1] - row.won + (row.lost - leader[2])) / 2);
        });
      }
      const { body } = await getJson(
        t.app,
        "/v1/baseball/standings?league=major-league-baseball&season=2020&group=American%20League",
      );
      assert.equal((body.data as StandingRow[]).length, 15);
    });

    test("season runs scored and allowed match the official totals", async () => {
      const rows = await t.store.db
        .selectFrom("team_season_stats")
        .innerJoin("teams", "teams.id", "team_season_stats.team_id")
        .select(["teams.name", "team_season_stats.stats"])
        .execute();
      for (const [team, [scored, conceded]] of Object.entries(RUNS)) {
        const row = rows.find((r) => r.name === team);
        const stats = JSON.parse(String(row?.stats)) as { scored: number; conceded: number };
        assert.deepEqual([stats.scored, stats.conceded], [scored, conceded], team);
      }
    });

    test("every game's line score and play-by-play runs add up to its final score", async () => {
      const fixtures = await t.store.db
        .selectFrom("fixtures")
        .select(["id", "score", "home_score", "away_score", "result", "sequence"])
        .execute();
      assert.equal(fixtures.length, 898);
      const events = await t.store.db
        .selectFrom("match_events")
        .select(["fixture_id", "type", "team_id", "detail", "sequence"])
        .where("type", "in", ["run", "home_run"])
        .execute();
      const fixtureTeams = new Map(
        (await t.store.db.selectFrom("fixtures").select(["id", "home_team_id"]).execute()).map(
          (f) => [f.id, f.home_team_id],
        ),
      );
      const runs = new Map<string, { home: number; away: number }>();
      for (const event of events) {
        const side = event.team_id === fixtureTeams.get(event.fixture_id) ? "home" : "away";
        const tally = runs.get(event.fixture_id) ?? { home: 0, away: 0 };
        tally[side] += Number((JSON.parse(String(event.detail)) as { runs: number }).runs);
        runs.set(event.fixture_id, tally);
      }
      let extra = 0;
      let shortened = 0;
      for (const fixture of fixtures) {
        const score = JSON.parse(String(fixture.score)) as {
          home: number;
          away: number;
          innings: Array<{ inning: number; home: number; away: number; bottom_played?: boolean }>;
        };
        const result = JSON.parse(String(fixture.result)) as {
          decided_by: string;
          scheduled_innings: number;
          innings: number;
        };
        const sum = (side: "home" | "away") => score.innings.reduce((n, i) => n + i[side], 0);
        assert.equal(sum("home"), fixture.home_score, fixture.id);
        assert.equal(sum("away"), fixture.away_score, fixture.id);
        assert.deepEqual(
          runs.get(fixture.id) ?? { home: 0, away: 0 },
          { home: fixture.home_score, away: fixture.away_score },
          fixture.id,
        );
        assert.notEqual(fixture.home_score, fixture.away_score, fixture.id);
        assert.deepEqual(
          score.innings.map((i) => i.inning),
          score.innings.map((_, k) => k + 1),
          fixture.id,
        );
        const last = score.innings.at(-1);
        // The home side skips its last turn at bat only when ahead, or when the game was called.
        if (last?.bottom_played === false && result.innings >= result.scheduled_innings) {
          assert.ok((fixture.home_score ?? 0) > (fixture.away_score ?? 0), fixture.id);
        }
        if (result.decided_by === "extra_innings") {
          extra++;
          assert.ok(result.innings > result.scheduled_innings);
        }
        if (result.innings < result.scheduled_innings) shortened++;
      }
      // 2020: 7-inning doubleheader games, extra innings from a runner on second, a few shortened games.
      const sevens = fixtures.filter(
        (f) =>
          (JSON.parse(String(f.result)) as { scheduled_innings: number }).scheduled_innings === 7,
      );
      assert.equal(sevens.length, 111);
      assert.ok(extra > 50, `${extra} extra-inning games`);
      assert.ok(shortened > 0 && shortened < 30, `${shortened} shortened games`);
    });

    test("opening night, play by play, lineups and the extra-innings runner", async () => {
      const { body } = await getJson(
        t.app,
        "/v1/baseball/results?league=major-league-baseball&season=2020&date=2020-07-23",
      );
      const games = (body.data ?? []) as Array<{
        home_team?: { name: string };
        score?: { home: number; away: number };
      }>;
      assert.ok(Array.isArray(games));
      const fixture = await t.store.db
        .selectFrom("fixtures")
        .select(["id", "kickoff", "venue", "home_score", "away_score", "result"])
        .where("kickoff", "like", "2020-07-24%")
        .where("venue", "=", "Dodger Stadium")
        .executeTakeFirstOrThrow();
      // Giants 1, Dodgers 8 (MLB.com box score, 23 July 2020, 7:08 PM PDT first pitch).
      assert.equal(fixture.kickoff, "2020-07-24T02:08:00Z");
      assert.deepEqual([fixture.home_score, fixture.away_score], [8, 1]);
      const result = JSON.parse(String(fixture.result)) as {
        winning_pitcher_id: string;
        decided_by: string;
      };
      assert.equal(result.decided_by, "regulation");
      const lineups = await t.store.db
        .selectFrom("lineups")
        .select(["starters", "substitutes"])
        .where("fixture_id", "=", fixture.id)
        .execute();
      assert.equal(lineups.length, 2);
      for (const lineup of lineups) {
        const starters = JSON.parse(String(lineup.starters)) as Array<{
          batting_order: number | null;
          position: string;
        }>;
        assert.equal(starters.length, 10);
        assert.deepEqual(
          starters
            .filter((s) => s.batting_order !== null)
            .map((s) => s.batting_order)
            .sort(),
          [1, 2, 3, 4, 5, 6, 7, 8, 9],
        );
        assert.ok(starters.some((s) => s.position === "P"));
      }
      const types = await t.store.db.selectFrom("match_events").select("type").distinct().execute();
      for (const type of [
        "hit",
        "home_run",
        "walk",
        "strikeout",
        "out",
        "run",
        "stolen_base",
        "pitching_change",
        "substitution",
        "inning_end",
      ]) {
        assert.ok(
          types.some((r) => r.type === type),
          type,
        );
      }
      // Extra innings in 2020 began with a runner on second: the 10th's runs include such runners.
      const tenth = await t.store.db
        .selectFrom("match_events")
        .select("id")
        .where("period", "=", "top_10th")
        .executeTakeFirst();
      assert.ok(tenth);
    });

    test("player season statistics give the official 2020 leaders", async () => {
      // MLB.com 2020 leaders: Voit 22 HR, Abreu 60 RBI, Turner 78 H, Bieber 122 SO and 8 W,
      // Hand 16 SV, Mondesi 24 SB.
      const rows = await t.store.db
        .selectFrom("player_season_stats")
        .innerJoin("players", "players.id", "player_season_stats.player_id")
        .select(["players.name", "player_season_stats.stats"])
        .execute();
      const leader = (stat: string) => {
        const ranked = rows
          .map(
            (r) =>
              [r.name, (JSON.parse(String(r.stats)) as Record<string, number>)[stat] ?? 0] as const,
          )
          .sort((a, b) => b[1] - a[1]);
        return ranked[0];
      };
      assert.deepEqual(leader("home_runs"), ["Luke Voit", 22]);
      assert.deepEqual(leader("rbi"), ["Jose Abreu", 60]);
      assert.deepEqual(leader("hits"), ["Trea Turner", 78]);
      assert.deepEqual(leader("strikeouts_pitched"), ["Shane Bieber", 122]);
      assert.deepEqual(leader("saves"), ["Brad Hand", 16]);
      assert.deepEqual(leader("stolen_bases"), ["Adalberto Mondesi", 24]);
    });

    test("importing again changes nothing", async () => {
      const before = await counts();
      const again = await runImport(ctx(), retrosheetFormat, [DATA]);
      assert.deepEqual(again.errors, []);
      for (const [table, c] of Object.entries(again.tables)) {
        assert.equal(c.created, 0, `${table} created`);
        assert.equal(c.updated, 0, `${table} updated`);
      }
      assert.deepEqual(await counts(), before);
    });

    test("a malformed event file is reported by path and line and leaves the store unchanged", async () => {
      const dir = mkdtempSync(join(tmpdir(), "scoreline-retrosheet-"));
      try {
        for (const name of readdirSync(DATA))
          if (/\.(EV[AN]|ROS)$|^TEAM/.test(name)) copyFileSync(join(DATA, name), join(dir, name));
        const broken = join(dir, "2020SEA.EVA");
        const lines = readFileSync(broken, "utf8").split("\n");
        const index = lines.findIndex((l, i) => i > 100 && l.startsWith("play,"));
        lines[index] = lines[index]?.replace(/,[^,]*$/, ",Q9/G") ?? "";
        writeFileSync(broken, lines.join("\n"));
        const before = await counts();
        const summary = await runImport(ctx(), retrosheetFormat, [dir]);
        assert.deepEqual(summary.units, { found: 1, imported: 0, failed: 1 });
        assert.equal(summary.errors.length, 1);
        assert.equal(summary.errors[0]?.path, broken);
        assert.equal(summary.errors[0]?.line, index + 1);
        assert.match(summary.errors[0]?.reason ?? "", /unknown play "Q9"/);
        assert.deepEqual(await counts(), before);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
