/**
 * FiveThirtyEight's NBA 2022-23 games imported through `runImport` give the official final
 * standings through the REST API: every team's wins and losses, each conference's order 1–15
 * with games behind (ties broken by the NBA's rules: Atlanta over Toronto and Minnesota over New
 * Orleans on head-to-head, the Clippers over Golden State and Houston over San Antonio on
 * division record, Indiana over Washington on conference record), a division, the play-off
 * companion's rounds and the RAPTOR season statistics. Runs once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { fivethirtyeightNbaFormat } from "../../src/importers/fivethirtyeight-nba/nba-format.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/basketball/", import.meta.url));
const missingData = needsData(`${DATA}nba_elo_latest.csv`, "FiveThirtyEight NBA data");

/**
 * [team, wins, losses, games behind], in final conference order. Source: NBA.com, 2022-23
 * regular-season final standings (conference view).
 */
type Conference = Array<[string, number, number, number]>;

const EASTERN: Conference = [
  ["Milwaukee Bucks", 58, 24, 0],
  ["Boston Celtics", 57, 25, 1],
  ["Philadelphia 76ers", 54, 28, 4],
  ["Cleveland Cavaliers", 51, 31, 7],
  ["New York Knicks", 47, 35, 11],
  ["Brooklyn Nets", 45, 37, 13],
  ["Miami Heat", 44, 38, 14],
  ["Atlanta Hawks", 41, 41, 17],
  ["Toronto Raptors", 41, 41, 17],
  ["Chicago Bulls", 40, 42, 18],
  ["Indiana Pacers", 35, 47, 23],
  ["Washington Wizards", 35, 47, 23],
  ["Orlando Magic", 34, 48, 24],
  ["Charlotte Hornets", 27, 55, 31],
  ["Detroit Pistons", 17, 65, 41],
];

const WESTERN: Conference = [
  ["Denver Nuggets", 53, 29, 0],
  ["Memphis Grizzlies", 51, 31, 2],
  ["Sacramento Kings", 48, 34, 5],
  ["Phoenix Suns", 45, 37, 8],
  ["LA Clippers", 44, 38, 9],
  ["Golden State Warriors", 44, 38, 9],
  ["Los Angeles Lakers", 43, 39, 10],
  ["Minnesota Timberwolves", 42, 40, 11],
  ["New Orleans Pelicans", 42, 40, 11],
  ["Oklahoma City Thunder", 40, 42, 13],
  ["Dallas Mavericks", 38, 44, 15],
  ["Utah Jazz", 37, 45, 16],
  ["Portland Trail Blazers", 33, 49, 20],
  ["Houston Rockets", 22, 60, 31],
  ["San Antonio Spurs", 22, 60, 31],
];

/** NBA.com, 2022-23 division standings: Pacific. */
const PACIFIC: Conference = [
  ["Sacramento Kings", 48, 34, 0],
  ["Phoenix Suns", 45, 37, 3],
  ["LA Clippers", 44, 38, 4],
  ["Golden State Warriors", 44, 38, 4],
  ["Los Angeles Lakers", 43, 39, 5],
];

interface Row {
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

interface Fixture {
  round: string | null;
  status: string;
  home_team: string;
  away_team: string;
  score: { home: number; away: number } | null;
  result: { winner_team_id: string | null } | null;
}

for (const dialect of DIALECTS) {
  describe(`fivethirtyeight-nba standings on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      const summary = await runImport(
        { store: t.store, clock: testClock },
        fivethirtyeightNbaFormat,
        [DATA],
      );
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.units, { found: 1, imported: 1, failed: 0 });
      // 1,230 regular-season and 85 play-in and play-off games; the 7 Finals rows have no score.
      assert.equal(summary.matches, 1230 + 85);
      assert.equal(summary.records, 1322 + 825 + 541);
    });
    after(async () => {
      await t?.dispose();
    });

    const standings = async (query: string): Promise<Row[]> => {
      const { status, body } = await getJson(
        t.app,
        `/v1/basketball/standings?league=nba&season=2022-2023${query}`,
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      return body.data as Row[];
    };

    const assertOrder = (rows: Row[], expected: Conference) => {
      assert.deepEqual(
        rows.map((r) => [r.team, r.won, r.lost, r.games_behind]),
        expected,
      );
      rows.forEach((row, index) => {
        assert.equal(row.position, index + 1);
        assert.equal(row.played, 82);
      });
    };

    test("every team's wins and losses over 82 games", async () => {
      const rows = await standings("");
      assert.equal(rows.length, 30);
      const expected = new Map([...EASTERN, ...WESTERN].map(([team, w, l]) => [team, [w, l]]));
      for (const row of rows)
        assert.deepEqual([row.won, row.lost], expected.get(row.team), row.team);
    });

    test("Eastern Conference order 1-15 with games behind", async () => {
      assertOrder(await standings("&group=Eastern"), EASTERN);
    });

    test("Western Conference order 1-15 with games behind", async () => {
      assertOrder(await standings("&group=Western"), WESTERN);
    });

    test("a division: the Pacific, with its conference and division groups", async () => {
      const rows = await standings("&group=Pacific");
      assertOrder(rows, PACIFIC);
      assert.deepEqual(rows[0]?.groups, [
        { kind: "conference", name: "Western" },
        { kind: "division", name: "Pacific" },
      ]);
      assert.equal(rows[0]?.group, "Pacific");
    });

    test("play-offs are a companion cup with named rounds; the Finals rows are not finished", async () => {
      const rounds = new Map<string, Fixture[]>();
      const { status, body } = await getJson(
        t.app,
        "/v1/basketball/fixtures?league=nba-playoffs&season=2022-2023&per_page=100",
      );
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.equal(body.pagination.total, 85);
      for (const f of body.data as Fixture[])
        rounds.set(f.round ?? "", [...(rounds.get(f.round ?? "") ?? []), f]);
      assert.deepEqual(
        Object.fromEntries([...rounds].map(([round, games]) => [round, games.length])),
        { "Play-In": 6, "First Round": 43, "Conference Semifinals": 25, "Conference Finals": 11 },
      );
      const wins = (round: string, team: string) =>
        (rounds.get(round) ?? []).filter((f) => {
          const s = f.score;
          if (s === null || f.status !== "finished") return false;
          return f.home_team === team ? s.home > s.away : f.away_team === team && s.away > s.home;
        }).length;
      // NBA.com: Denver swept the Lakers 4-0; Miami beat Boston 4-3 in the conference finals.
      assert.equal(wins("Conference Finals", "Denver Nuggets"), 4);
      assert.equal(wins("Conference Finals", "Los Angeles Lakers"), 0);
      assert.equal(wins("Conference Finals", "Miami Heat"), 4);
      assert.equal(wins("Conference Finals", "Boston Celtics"), 3);
      // The Finals (Denver beat Miami 4-1) are in the file only as 7 schedule rows without
      // scores: none becomes a fixture, so nothing claims a result the data does not have.
      assert.equal(rounds.has("NBA Finals"), false);
      const cup = await getJson(t.app, "/v1/basketball/standings?league=nba-playoffs");
      assert.equal(cup.body.error.code, "invalid_parameter");
    });

    test("competitions, teams and fixtures carry the source", async () => {
      const competitions = await t.store.db
        .selectFrom("competitions")
        .select(["slug", "type", "country_code", "source", "rules"])
        .orderBy("slug")
        .execute();
      assert.deepEqual(
        competitions.map((c) => [c.slug, c.type, c.country_code, c.source]),
        [
          ["nba", "league", "US", "fivethirtyeight-nba"],
          ["nba-playoffs", "cup", "US", "fivethirtyeight-nba"],
        ],
      );
      const sources = await t.store.db.selectFrom("fixtures").select("source").distinct().execute();
      assert.deepEqual(sources, [{ source: "fivethirtyeight-nba" }]);
      const { body } = await getJson(t.app, "/v1/basketball/results?league=nba&season=2022-2023");
      assert.match(body.meta.attribution, /FiveThirtyEight/);
    });

    test("kick-offs: 19:00 local where the game was played, in UTC", async () => {
      const at = async (home: string, away: string, day: string) =>
        t.store.db
          .selectFrom("fixtures as f")
          .innerJoin("teams as h", "h.id", "f.home_team_id")
          .innerJoin("teams as a", "a.id", "f.away_team_id")
          .select(["f.kickoff", "f.venue"])
          .where("h.abbreviation", "=", home)
          .where("a.abbreviation", "=", away)
          .where("f.kickoff", ">=", `${day}T00:00:00Z`)
          .orderBy("f.kickoff")
          .executeTakeFirstOrThrow();
      // Boston in October (EDT), Phoenix (MST all year), the Paris game (CET), Denver (MST).
      assert.deepEqual(await at("BOS", "PHI", "2022-10-18"), {
        kickoff: "2022-10-18T23:00:00Z",
        venue: null,
      });
      assert.equal((await at("PHX", "LAC", "2023-04-16")).kickoff, "2023-04-17T02:00:00Z");
      assert.deepEqual(await at("DET", "CHI", "2023-01-19"), {
        kickoff: "2023-01-19T18:00:00Z",
        venue: "Accor Arena, Paris",
      });
      assert.equal((await at("DEN", "LAL", "2023-05-16")).kickoff, "2023-05-17T01:00:00Z");
    });

    test("team and player season statistics", async () => {
      const team = await t.store.db
        .selectFrom("team_season_stats as x")
        .innerJoin("teams as t", "t.id", "x.team_id")
        .innerJoin("competitions as c", "c.id", "x.competition_id")
        .select(["x.stats", "c.slug"])
        .where("t.abbreviation", "=", "DEN")
        .executeTakeFirstOrThrow();
      const stats = JSON.parse(team.stats);
      assert.equal(team.slug, "nba");
      // NBA.com: Denver 53-29, 34-7 at home, 19-22 on the road.
      assert.deepEqual([stats.won, stats.lost, stats.played], [53, 29, 82]);
      assert.deepEqual([stats.home.won, stats.home.lost], [34, 7]);
      assert.deepEqual([stats.away.won, stats.away.lost], [19, 22]);
      const jokic = await t.store.db
        .selectFrom("player_season_stats as x")
        .innerJoin("players as p", "p.id", "x.player_id")
        .innerJoin("competitions as c", "c.id", "x.competition_id")
        .innerJoin("teams as t", "t.id", "x.team_id")
        .select(["x.stats", "c.slug", "t.abbreviation"])
        .where("p.name", "=", "Nikola Jokic")
        .orderBy("c.slug")
        .execute();
      assert.deepEqual(
        jokic.map((r) => [r.slug, r.abbreviation]),
        [
          ["nba", "DEN"],
          ["nba-playoffs", "DEN"],
        ],
      );
      for (const r of jokic) {
        const s = JSON.parse(r.stats);
        assert.ok(s.minutes > 0 && s.possessions > 0 && typeof s.raptor_total === "number");
        assert.equal(typeof s.war, "number");
      }
    });
  });
}
