/**
 * Cricsheet's IPL 2018 and 2019 ball-by-ball files imported through `runImport` give the official
 * record through the REST API: the IPL 2019 points table (played, won, lost, no result, points and
 * net run rate to three decimals for all eight teams, in order), the play-off companion's four
 * teams and the 2018 and 2019 finals, the season's top run-scorer and wicket-taker, and for every
 * one of the 120 matches the ball-by-ball events adding up to each innings' runs and wickets.
 * Runs once per dialect.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { cricsheetFormat } from "../../src/importers/cricsheet/cricsheet-format.js";
import { runImport } from "../../src/importers/shared/run-import.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { needsData } from "../helpers/requirements.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const DATA = fileURLToPath(new URL("../../../../../shared/data/cricket/data/", import.meta.url));
const missingData = needsData(DATA, "Cricsheet data");

/**
 * IPL 2019 final points table, league stage (iplt20.com, "Points Table 2019"): [team, played,
 * won, lost, no result, points, net run rate]. Every match of the table has a file: the one
 * no-result (RCB v RR, Bengaluru, 30 April 2019, cut to five overs a side, abandoned at 41/1 in
 * 3.2 overs) has its deliveries, and no 2019 league match was abandoned without a ball bowled.
 */
const IPL_2019: Array<[string, number, number, number, number, number, number]> = [
  ["Mumbai Indians", 14, 9, 5, 0, 18, 0.421],
  ["Chennai Super Kings", 14, 9, 5, 0, 18, 0.131],
  ["Delhi Capitals", 14, 9, 5, 0, 18, 0.044],
  ["Sunrisers Hyderabad", 14, 6, 8, 0, 12, 0.577],
  ["Kolkata Knight Riders", 14, 6, 8, 0, 12, 0.028],
  ["Kings XI Punjab", 14, 6, 8, 0, 12, -0.251],
  ["Rajasthan Royals", 14, 5, 8, 1, 11, -0.449],
  ["Royal Challengers Bangalore", 14, 5, 8, 1, 11, -0.607],
];

interface Row {
  position: number;
  team: string;
  played: number;
  won: number;
  lost: number;
  no_result: number;
  points: number;
  net_run_rate: number;
}

interface Innings {
  team: "home" | "away";
  runs: number;
  wickets: number;
  overs: string;
  super_over?: boolean;
}

interface Fixture {
  fixture_id: string;
  round: string;
  kickoff: string;
  home_team: string;
  away_team: string;
  venue: string;
  status: string;
  score: { home: number; away: number; innings: Innings[] };
}

interface Event {
  sequence: number;
  type: string;
  player_id: string | null;
  detail: {
    innings?: number;
    runs?: { batter: number; extras: number; total: number };
    wickets?: Array<{ kind: string; player_out_id: string }>;
  };
}

const DELIVERY_TYPES = new Set(["delivery", "wicket", "four", "six"]);

for (const dialect of DIALECTS) {
  describe(`cricsheet IPL import on ${dialect}`, {
    skip: unavailable(dialect) ?? missingData,
  }, () => {
    let t: TestApp;
    let records = 0;
    before(async () => {
      t = await createTestApp(dialect);
      const summary = await runImport({ store: t.store, clock: testClock }, cricsheetFormat, [
        DATA,
      ]);
      assert.deepEqual(summary.errors, []);
      assert.deepEqual(summary.units, { found: 2, imported: 2, failed: 0 });
      assert.equal(summary.matches, 120);
      records = summary.records;
    });
    after(async () => {
      await t?.dispose();
    });

    const get = async (url: string) => {
      const { status, body } = await getJson(t.app, url);
      assert.equal(status, 200, `${url}: ${JSON.stringify(body.error)}`);
      return body;
    };
    const fixtures = async (league: string, season: string): Promise<Fixture[]> =>
      (await get(`/v1/cricket/fixtures?league=${league}&season=${season}&per_page=100`))
        .data as Fixture[];

    test("the IPL 2019 points table: every team's record, points and net run rate, in order", async () => {
      const body = await get("/v1/cricket/standings?league=indian-premier-league&season=2019");
      const rows = body.data as Row[];
      assert.deepEqual(
        rows.map((r) => [r.team, r.played, r.won, r.lost, r.no_result, r.points, r.net_run_rate]),
        IPL_2019,
      );
      assert.deepEqual(
        rows.map((r) => r.position),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
      assert.match(String(body.meta.attribution), /Cricsheet/);
    });

    test("the league holds the 56 league matches, the play-offs companion the other four", async () => {
      for (const season of ["2018", "2019"]) {
        const league = await fixtures("indian-premier-league", season);
        assert.equal(league.length, 56);
        assert.ok(league.every((f) => f.round.startsWith("Match ") && f.status === "finished"));
      }
      const competitions = (await get("/v1/cricket/competitions")).data as Array<{
        slug: string;
        type: string;
        country_code?: string;
      }>;
      const bySlug = new Map(competitions.map((c) => [c.slug, c.type]));
      assert.equal(bySlug.get("indian-premier-league"), "league");
      assert.equal(bySlug.get("indian-premier-league-playoffs"), "cup");
    });

    test("IPL 2019 play-offs: MI, CSK, DC and SRH; Mumbai Indians won the final by one run", async () => {
      const playoffs = await fixtures("indian-premier-league-playoffs", "2019");
      assert.deepEqual(
        playoffs.map((f) => [f.round, f.home_team, f.away_team]),
        [
          ["Qualifier 1", "Mumbai Indians", "Chennai Super Kings"],
          ["Eliminator", "Delhi Capitals", "Sunrisers Hyderabad"],
          ["Qualifier 2", "Chennai Super Kings", "Delhi Capitals"],
          ["Final", "Mumbai Indians", "Chennai Super Kings"],
        ],
      );
      const teams = new Set(playoffs.flatMap((f) => [f.home_team, f.away_team]));
      assert.deepEqual([...teams].sort(), [
        "Chennai Super Kings",
        "Delhi Capitals",
        "Mumbai Indians",
        "Sunrisers Hyderabad",
      ]);
      const final = playoffs[3];
      assert.ok(final);
      const detail = (await get(`/v1/cricket/fixtures/${final.fixture_id}`)).data;
      assert.equal(detail.result.text, "Mumbai Indians won by 1 run");
      assert.equal(detail.result.decided_by, "runs");
      // Mumbai 149/8, Chennai 148/7 (iplt20.com scorecard, Hyderabad, 12 May 2019).
      assert.deepEqual(
        detail.score.innings.map((i: Innings) => [i.team, i.runs, i.wickets, i.overs]),
        [
          ["home", 149, 8, "20.0"],
          ["away", 148, 7, "20.0"],
        ],
      );
      assert.equal(detail.venue, "Rajiv Gandhi International Stadium, Uppal, Hyderabad");
      // 19:30 India time is the published start; the importer stores the usual 20:00 (documented).
      assert.equal(detail.kickoff, "2019-05-12T14:30:00Z");
      assert.deepEqual(detail.result.toss, {
        team_id: detail.home_team_id,
        team: "Mumbai Indians",
        decision: "bat",
      });
      assert.equal(detail.source.name, "Cricsheet");
    });

    test("IPL 2018: Chennai Super Kings won the final against Sunrisers Hyderabad", async () => {
      const playoffs = await fixtures("indian-premier-league-playoffs", "2018");
      const final = playoffs.find((f) => f.round === "Final");
      assert.ok(final);
      const detail = (await get(`/v1/cricket/fixtures/${final.fixture_id}`)).data;
      assert.equal(detail.result.winner_team_id, detail.home_team_id);
      assert.equal(detail.home_team, "Chennai Super Kings");
      assert.equal(detail.away_team, "Sunrisers Hyderabad");
      assert.equal(detail.result.text, "Chennai Super Kings won by 8 wickets (9 balls left)");
      // 2018 was Delhi's last season as Delhi Daredevils: one franchise, that season's name.
      const table = (await get("/v1/cricket/standings?league=indian-premier-league&season=2018"))
        .data as Row[];
      assert.ok(table.some((r) => r.team === "Delhi Daredevils"));
      assert.deepEqual(
        table.slice(0, 4).map((r) => [r.team, r.points]),
        [
          ["Sunrisers Hyderabad", 18],
          ["Chennai Super Kings", 18],
          ["Kolkata Knight Riders", 16],
          ["Rajasthan Royals", 14],
        ],
      );
    });

    test("results carry decided_by: super over, no result and D/L", async () => {
      const byDate = async (season: string, date: string, home: string) => {
        const all = await fixtures("indian-premier-league", season);
        const match = all.find((f) => f.kickoff.startsWith(date) && f.home_team === home);
        assert.ok(match, date);
        return (await get(`/v1/cricket/fixtures/${match.fixture_id}`)).data;
      };
      const tie = await byDate("2019", "2019-03-30", "Delhi Capitals");
      assert.equal(tie.result.decided_by, "super_over");
      assert.equal(tie.result.winner_team_id, tie.home_team_id);
      assert.equal(tie.score.home, tie.score.away);
      assert.equal(tie.score.innings.filter((i: Innings) => i.super_over).length, 2);
      const washed = await byDate("2019", "2019-04-30", "Royal Challengers Bangalore");
      assert.equal(washed.result.decided_by, "no_result");
      assert.equal(washed.result.outcome, "no_result");
      assert.equal(washed.status, "finished");
      const dl = await byDate("2018", "2018-04-11", "Rajasthan Royals");
      assert.equal(dl.result.decided_by, "dls");
      assert.equal(dl.result.text, "Rajasthan Royals won by 10 runs (D/L method)");
      // Delhi's chase was revised to 71 in 6 overs: 60/4 fell 10 short.
      const chase = dl.score.innings[1];
      assert.deepEqual([chase.runs, chase.revised_target, chase.revised_overs], [60, 71, 6]);
    });

    test("for every match the deliveries add up to each innings' runs and wickets", async () => {
      let deliveries = 0;
      let matches = 0;
      const sports = (await get("/v1/sports")).data as Array<{
        sport: string;
        event_types: string[];
      }>;
      const eventTypes = new Set(sports.find((s) => s.sport === "cricket")?.event_types);
      for (const season of ["2018", "2019"]) {
        for (const league of ["indian-premier-league", "indian-premier-league-playoffs"]) {
          for (const fixture of await fixtures(league, season)) {
            const events = (await get(`/v1/cricket/fixtures/${fixture.fixture_id}/events`))
              .data as Event[];
            const balls = events.filter((e) => DELIVERY_TYPES.has(e.type));
            assert.ok(events.every((e) => eventTypes.has(e.type)));
            deliveries += balls.length;
            matches += 1;
            assert.deepEqual(
              events.map((e) => e.sequence),
              events.map((_, i) => i + 1),
            );
            fixture.score.innings.forEach((innings, index) => {
              const mine = balls.filter((e) => e.detail.innings === index + 1);
              const runs = mine.reduce((sum, e) => sum + (e.detail.runs?.total ?? 0), 0);
              const wickets = mine
                .flatMap((e) => e.detail.wickets ?? [])
                .filter((w) => w.kind !== "retired hurt").length;
              const label = `${fixture.round} ${season} innings ${index + 1}`;
              assert.equal(runs, innings.runs, label);
              assert.equal(wickets, innings.wickets, label);
              assert.ok(mine.length > 0 && mine.every((e) => e.player_id !== null), label);
            });
          }
        }
      }
      assert.equal(matches, 120);
      assert.equal(deliveries, records);
    });

    test("season statistics from the balls: the Orange and Purple Caps", async () => {
      const seasonTotal = async (name: string, season: string, stat: string) => {
        const players = (await get(`/v1/cricket/players?search=${encodeURIComponent(name)}`))
          .data as Array<{ player_id?: string; id?: string; name: string }>;
        const player = players.find((p) => p.name === name);
        assert.ok(player, name);
        const id = player.player_id ?? player.id;
        const stats = (await get(`/v1/cricket/statistics/player/${id}?season=${season}`)).data;
        return (stats.competitions as Array<{ stats: Record<string, number> }>).reduce(
          (sum, c) => sum + (c.stats[stat] ?? 0),
          0,
        );
      };
      // iplt20.com season stats: 2019 David Warner 692 runs, Imran Tahir 26 wickets; 2018 Kane
      // Williamson 735 runs, Andrew Tye 24 wickets (play-offs included, super overs not).
      assert.equal(await seasonTotal("DA Warner", "2019", "runs"), 692);
      assert.equal(await seasonTotal("Imran Tahir", "2019", "wickets"), 26);
      assert.equal(await seasonTotal("KS Williamson", "2018", "runs"), 735);
      assert.equal(await seasonTotal("AJ Tye", "2018", "wickets"), 24);
      const team = (
        await get(
          "/v1/cricket/statistics?type=team&league=indian-premier-league&season=2019&per_page=50",
        )
      ).data as Array<{ team: string; stats: Record<string, unknown> }>;
      const mi = team.find((r) => r.team === "Mumbai Indians");
      assert.ok(mi);
      assert.equal(mi.stats.won, 9);
      assert.deepEqual(mi.stats.net_run_rate, {
        runs_for: (mi.stats.net_run_rate as { runs_for: number }).runs_for,
        overs_faced: (mi.stats.net_run_rate as { overs_faced: string }).overs_faced,
        runs_against: (mi.stats.net_run_rate as { runs_against: number }).runs_against,
        overs_bowled: (mi.stats.net_run_rate as { overs_bowled: string }).overs_bowled,
        value: 0.421,
      });
    });
  });
}
