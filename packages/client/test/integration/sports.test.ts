/**
 * Every per-sport method of the client against a real `scoreline serve` (the demo world, on each
 * dialect), for all ten sports where the sport has the resource; then lists walked by iteration
 * against the same lists fetched page by page, the history export against the paged history, and
 * the keyless sandbox.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type HistoryMatch, NotFoundError, PermissionError, Scoreline } from "../../src/index.js";
import { SPORT_SLUGS } from "../../src/resources/sport.js";
import { DIALECTS } from "../helpers/dialects.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

/** The client's own list of the ten sports: each must be served. */
const SPORTS = SPORT_SLUGS;

for (const dialect of DIALECTS) {
  describe(`the client against a real server (${dialect.name})`, { skip: dialect.skip }, () => {
    let server: ScorelineServer;
    let client: Scoreline;
    let hasStandings: Map<string, boolean>;

    before(async () => {
      // The main host only reads: the still world, no simulator.
      server = await ScorelineServer.start({
        database: dialect.database,
        roles: "api",
        world: "still",
      });
      client = new Scoreline({
        apiKey: await server.createKey({ plan: "growth" }),
        baseUrl: server.apiUrl,
      });
      const sports = await client.sports.list();
      hasStandings = new Map(sports.data.map((s) => [s.sport, s.has_standings]));
    });
    after(async () => {
      await server?.dispose();
    });

    test("sports.list names the ten sports", async () => {
      const { data, meta } = await client.sports.list();
      assert.deepEqual(data.map((s) => s.sport).sort(), [...SPORTS].sort());
      assert.equal(typeof meta.generated_at, "string");
    });

    for (const slug of SPORTS) {
      test(`${slug}: every resource of the sport`, async () => {
        const sport = client.sport(slug);

        const competitions = await sport.competitions.list({ per_page: 5 });
        assert.ok(competitions.data.length > 0, "competitions");
        const countries = await sport.countries.list();
        assert.ok(countries.data.length > 0, "countries");

        const results = await sport.results.list({ per_page: 5 });
        const finished = results.data[0];
        assert.ok(finished, "a finished fixture");
        assert.equal(finished.sport, slug);
        assert.ok("final_score" in finished && finished.status === "finished", "a result");

        const fixture = await sport.fixtures.retrieve(finished.fixture_id);
        assert.equal(fixture.fixture_id, finished.fixture_id);
        const lineups = await sport.fixtures.lineups(finished.fixture_id);
        assert.equal(lineups.fixture_id, finished.fixture_id);
        const events = await sport.fixtures.events(finished.fixture_id);
        assert.ok(Array.isArray(events.data));
        await assert.rejects(sport.fixtures.retrieve("fx_doesnotexist00"), NotFoundError);

        const upcoming = await sport.fixtures.list({ per_page: 5 });
        assert.ok(upcoming.data.every((f) => f.sport === slug));

        const live = await sport.live.list();
        assert.ok(Array.isArray(live.data));
        assert.ok("updated_at" in live.meta, "live lists carry meta.updated_at");

        const oddsFixture =
          live.data[0]?.fixture_id ?? upcoming.data[0]?.fixture_id ?? finished.fixture_id;
        const odds = await sport.odds.list({ match_id: oddsFixture });
        assert.ok(odds.data.every((line) => typeof line.market === "string"));

        if (hasStandings.get(slug)) {
          const standings = await sport.standings.retrieve({ league: finished.competition_id });
          assert.ok(standings.data.length > 0, "standings rows");
          assert.equal(standings.data[0]?.position, 1);
        }

        const statistics = await sport.statistics.list({ per_page: 10 });
        const teamEntry = statistics.data.find((s) => s.type === "team");
        const playerEntry = statistics.data.find((s) => s.type === "player");
        if (teamEntry?.team_id) {
          const stats = await sport.statistics.team(teamEntry.team_id);
          assert.equal(stats.team_id, teamEntry.team_id);
        }
        if (playerEntry?.player_id) {
          const stats = await sport.statistics.player(playerEntry.player_id);
          assert.equal(stats.player_id, playerEntry.player_id);
        }

        const teams = await sport.teams.list({ per_page: 3 });
        const players = await sport.players.list({ per_page: 3 });
        // Field sports (golf, horse racing) have competitors but no teams; every sport has one.
        assert.ok(teams.data.length + players.data.length > 0, "teams or players");
        const team = teams.data[0];
        if (team) assert.equal((await sport.teams.retrieve(team.team_id)).team_id, team.team_id);
        const player = players.data[0];
        if (player)
          assert.equal(
            (await sport.players.retrieve(player.player_id)).player_id,
            player.player_id,
          );

        const history = await sport.history.list({ per_page: 2 });
        assert.ok(history.data.length > 0, "history");
        let exported = 0;
        for await (const match of sport.history.export({ date: finished.kickoff.slice(0, 10) })) {
          assert.equal(match.sport, slug);
          exported++;
        }
        assert.ok(exported >= 1, "the export holds the finished fixture's day");
      });
    }

    test("iterating a list equals fetching every page", async () => {
      const iterated: string[] = [];
      for await (const team of client.football.teams.list({ per_page: 7 }))
        iterated.push(team.team_id);
      const paged: string[] = [];
      for (let page = 1; ; page++) {
        const current = await client.football.teams.list({ per_page: 7, page });
        paged.push(...current.data.map((t) => t.team_id));
        if (page >= current.pagination.total_pages) break;
      }
      assert.ok(paged.length > 7, "more than one page");
      assert.deepEqual(iterated, paged);
      assert.equal(new Set(iterated).size, iterated.length);
    });

    test("history.export equals the paged history", async () => {
      const { data } = await client.football.competitions.list({ per_page: 1 });
      const league = data[0]?.competition_id;
      assert.ok(league);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const filter = { league, date_to: yesterday };
      const paged: HistoryMatch[] = [];
      for await (const match of client.football.history.list({ ...filter, per_page: 100 }))
        paged.push(match);
      const exported: HistoryMatch[] = [];
      for await (const match of client.football.history.export(filter)) exported.push(match);
      assert.ok(paged.length > 100, `more than one page (${paged.length})`);
      assert.deepEqual(
        exported.map((m) => m.fixture_id),
        paged.map((m) => m.fixture_id),
      );
      assert.deepEqual(exported[0], paged[0]);
      const lines: string[] = [];
      for await (const line of client.football.history.export({ ...filter, format: "csv" }))
        lines.push(line);
      assert.equal(lines.length, paged.length + 1, "a CSV header and one line per match");
    });

    test("a free key asking for odds gets PermissionError", async () => {
      const free = new Scoreline({
        apiKey: await server.createKey({ plan: "free" }),
        baseUrl: server.apiUrl,
      });
      const { data } = await free.football.results.list({ per_page: 1 });
      const error = await free.football.odds
        .list({ match_id: data[0]?.fixture_id ?? "x" })
        .catch((e: unknown) => e);
      assert.ok(error instanceof PermissionError, String(error));
      assert.equal(error.status, 403);
      assert.equal(error.code, "plan_forbidden");
      assert.ok(error.request_id?.startsWith("req_"));
      assert.ok(
        error.rate_limit && error.rate_limit.limit > 0,
        "errors carry the rate-limit figures",
      );
    });

    test("withResponse carries the request id and the limit figures", async () => {
      const { data, request_id, rate_limit, quota, response } = await client.usage
        .retrieve()
        .withResponse();
      assert.equal(response.status, 200);
      assert.ok(request_id?.startsWith("req_"));
      assert.equal(rate_limit?.limit, 3000);
      assert.ok(rate_limit.remaining < 3000);
      assert.equal(quota?.limit, 10_000_000);
      assert.equal(data.plan, "growth");
    });
  });
}

// The sandbox keeps its own store whatever the main store's dialect: one server, the sandbox role.
describe("the keyless sandbox through the client", () => {
  let server: ScorelineServer;
  before(async () => {
    server = await ScorelineServer.start({ roles: "sandbox", demo: false });
  });
  after(async () => {
    await server?.dispose();
  });

  test("same shapes, no key", async () => {
    const sandbox = new Scoreline({ sandbox: true, baseUrl: server.sandboxUrl });
    const live = await sandbox.basketball.live.list();
    assert.ok(live.data.length > 0, "the sandbox always has live matches");
    const fixtures = await sandbox.basketball.fixtures.list({ per_page: 2 });
    assert.ok(Array.isArray(fixtures.data));
  });
});
