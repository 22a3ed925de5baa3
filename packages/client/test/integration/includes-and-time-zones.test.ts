/**
 * `include` and `timezone` through the client against a real `scoreline serve` (demo data):
 * the included parts, typed as present, equal the separate calls; lists and the single fixture
 * carry local kickoffs; the `(id, options)` form of `retrieve` still works; a plan without odds
 * gets PermissionError naming `include`; a bad value gets InvalidParameterError.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type FixtureInclude,
  InvalidParameterError,
  PermissionError,
  Scoreline,
} from "../../src/index.js";
import { DIALECTS } from "../helpers/dialects.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

const KOLKATA_OFFSET = /\+05:30$/;

for (const dialect of DIALECTS) {
  describe(`include and timezone through the client (${dialect.name})`, {
    skip: dialect.skip,
  }, () => {
    let server: ScorelineServer;
    let client: Scoreline;
    let fixtureId: string;

    before(async () => {
      server = await ScorelineServer.start({
        database: dialect.database,
        roles: "api",
        world: "still",
      });
      client = new Scoreline({
        apiKey: await server.createKey({ plan: "growth" }),
        baseUrl: server.apiUrl,
      });
      const { data } = await client.football.results.list({ per_page: 1 });
      assert.ok(data[0], "a finished football fixture");
      fixtureId = data[0].fixture_id;
    });
    after(async () => {
      await server?.dispose();
    });

    test("fixtures.retrieve with include: each part equals its own call", async () => {
      const football = client.football;
      const fixture = await football.fixtures.retrieve(fixtureId, {
        include: ["lineups", "events", "odds", "statistics"],
      });
      // Typed as present: no optional chaining needed.
      const { lineups, events, odds, statistics } = fixture.included;
      assert.deepEqual(lineups, await football.fixtures.lineups(fixtureId));
      assert.deepEqual(events, (await football.fixtures.events(fixtureId)).data);
      assert.deepEqual(odds, (await football.odds.list({ match_id: fixtureId })).data);
      const scope = { competition: fixture.competition_id, season: fixture.season };
      assert.ok(fixture.home_team_id && fixture.away_team_id);
      assert.deepEqual(statistics, {
        home: await football.statistics.team(fixture.home_team_id, scope),
        away: await football.statistics.team(fixture.away_team_id, scope),
      });
      const { included: _, ...rest } = fixture;
      assert.deepEqual(rest, await football.fixtures.retrieve(fixtureId));
    });

    test("retrieve(id, options) still reads its second argument as options", async () => {
      const plain = await client.football.fixtures.retrieve(fixtureId, { timeout: 30_000 });
      assert.equal(plain.fixture_id, fixtureId);
      assert.equal(plain.included, undefined);
      const names: FixtureInclude[] = ["events"];
      const some = await client.football.fixtures.retrieve(
        fixtureId,
        { include: names },
        { timeout: 30_000 },
      );
      assert.deepEqual(Object.keys(some.included ?? {}), ["events"]);
    });

    test("timezone: local kickoffs on lists and the single fixture", async () => {
      const football = client.football;
      const one = await football.fixtures.retrieve(fixtureId, { timezone: "asia/kolkata" });
      assert.equal(one.timezone, "Asia/Kolkata");
      assert.match(one.kickoff_local ?? "", KOLKATA_OFFSET);
      const upcoming = await football.fixtures.list({ timezone: "Asia/Kolkata", per_page: 5 });
      assert.ok(upcoming.data.length > 0);
      assert.ok(upcoming.data.every((f) => KOLKATA_OFFSET.test(f.kickoff_local ?? "")));
      assert.equal(upcoming.meta.timezone, "Asia/Kolkata");
      const results = await football.results.list({ timezone: "UTC", per_page: 3 });
      assert.ok(results.data.every((r) => r.kickoff_local?.endsWith("+00:00")));
      const live = await client.basketball.live.list({ timezone: "America/New_York" });
      assert.ok(live.data.every((m) => m.timezone === "America/New_York"));
      const history = await football.history.list({ timezone: "Europe/London", per_page: 2 });
      assert.ok(history.data.every((m) => m.timezone === "Europe/London"));
      const day = one.kickoff.slice(0, 10);
      for await (const match of football.history.export({ date: day, timezone: "UTC" })) {
        assert.equal(match.timezone, "UTC");
      }
    });

    test("teams.retrieve with include: the squad as players.list gives it", async () => {
      const fixture = await client.football.fixtures.retrieve(fixtureId);
      assert.ok(fixture.home_team_id);
      const team = await client.football.teams.retrieve(fixture.home_team_id, {
        include: ["squad"],
      });
      const players = await client.football.players.list({
        team_id: fixture.home_team_id,
        per_page: 100,
      });
      assert.ok(team.included.squad.length > 0);
      assert.deepEqual(team.included.squad, players.data);
    });

    test("bad values and a plan without odds are typed errors naming the parameter", async () => {
      const starter = new Scoreline({
        apiKey: await server.createKey({ plan: "starter" }),
        baseUrl: server.apiUrl,
      });
      const denied = await starter.football.fixtures
        .retrieve(fixtureId, { include: ["odds"] })
        .catch((e: unknown) => e);
      assert.ok(denied instanceof PermissionError, String(denied));
      assert.equal(denied.field, "include");
      const withLineups = await starter.football.fixtures.retrieve(fixtureId, {
        include: ["lineups"],
      });
      assert.equal(withLineups.included.lineups.fixture_id, fixtureId);

      const badZone = await client.football.fixtures
        .list({ timezone: "Mars/Olympus_Mons" })
        .catch((e: unknown) => e);
      assert.ok(badZone instanceof InvalidParameterError, String(badZone));
      assert.equal(badZone.field, "timezone");
      const badInclude = await client.football.fixtures
        .retrieve(fixtureId, { include: ["bogus" as FixtureInclude] })
        .catch((e: unknown) => e);
      assert.ok(badInclude instanceof InvalidParameterError, String(badInclude));
      assert.equal(badInclude.field, "include");
    });
  });
}
