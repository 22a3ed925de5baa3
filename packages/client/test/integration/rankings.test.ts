/**
 * `headToHead`, `statistics.leaders` and `sort` on the directory lists against a real
 * `scoreline serve` (demo data): typed answers, their invariants, and the API's 400s and 404s
 * as the client's typed errors with the offending field.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  InvalidParameterError,
  NotFoundError,
  Scoreline,
  type StatisticsLeader,
} from "../../src/index.js";
import { DIALECTS } from "../helpers/dialects.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

for (const dialect of DIALECTS) {
  describe(`head-to-head, leaders and sort (${dialect.name})`, { skip: dialect.skip }, () => {
    let server: ScorelineServer;
    let client: Scoreline;

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
    });
    after(async () => {
      await server?.dispose();
    });

    test("headToHead: the record, the meetings' pages and upcoming meetings of two sides", async () => {
      const { data } = await client.football.results.list({ per_page: 1 });
      const met = data[0];
      assert.ok(met?.home_team_id && met.away_team_id, "a finished meeting");
      const params = { team_a: met.home_team_id, team_b: met.away_team_id, per_page: 1 };
      const first = await client.football.headToHead(params);
      const { record, meetings, team_a, team_b, upcoming } = first.data;
      assert.equal(team_a.team_id, met.home_team_id);
      assert.equal(team_b.team_id, met.away_team_id);
      assert.ok(record.played >= 1);
      assert.equal(
        record.team_a_wins + record.draws + record.team_b_wins + record.no_result,
        record.played,
      );
      assert.equal(first.pagination.total, record.played);
      assert.equal(meetings.length, 1);
      const sides = new Set([met.home_team_id, met.away_team_id]);
      for (const fixture of [...meetings, ...upcoming]) {
        assert.ok(sides.has(fixture.home_team_id ?? "") && sides.has(fixture.away_team_id ?? ""));
      }
      if (first.pagination.total_pages > 1) {
        const second = await client.football.headToHead({ ...params, page: 2 });
        assert.equal(second.pagination.page, 2);
        assert.notEqual(second.data.meetings[0]?.fixture_id, meetings[0]?.fixture_id);
      }

      await assert.rejects(
        client.football.headToHead({ team_a: met.home_team_id, team_b: met.home_team_id }),
        (error: unknown) => error instanceof InvalidParameterError && error.field === "team_b",
      );
      await assert.rejects(
        client.football.headToHead({ team_a: "tm_nobody00000000", team_b: met.away_team_id }),
        (error: unknown) => error instanceof NotFoundError && error.field === "team_a",
      );
      await assert.rejects(
        client.golf.headToHead({ team_a: "a", team_b: "b" }),
        (error: unknown) => error instanceof NotFoundError,
      );
    });

    test("statistics.leaders: ranked values, meta, and a bad stat naming the field", async () => {
      const sports = await client.sports.list();
      const football = sports.data.find((s) => s.sport === "football");
      assert.ok(football?.leader_stats.some((s) => s.stat === "goals" && s.type === "player"));
      const goals = await client.football.statistics.leaders({ stat: "goals", limit: 5 });
      assert.ok(goals.data.length > 0 && goals.data.length <= 5);
      assert.equal(goals.meta.stat, "goals");
      assertRanked(goals.data, "desc");

      const era = await client.baseball.statistics.leaders({ stat: "era", limit: 100 });
      assert.equal(era.meta.order, "asc");
      assertRanked(era.data, "asc");

      const teams = await client.basketball.statistics.leaders({ stat: "win_pct", type: "team" });
      assert.ok(teams.data.every((entry) => entry.type === "team" && entry.team_id !== null));
      assertRanked(teams.data, "desc");

      await assert.rejects(
        client.football.statistics.leaders({ stat: "era" }),
        (error: unknown) =>
          error instanceof InvalidParameterError &&
          error.field === "stat" &&
          /goals/.test(error.message),
      );
    });

    test("sort on players and teams: statistics and profile fields, unknown fields a 400", async () => {
      const leader = (await client.football.statistics.leaders({ stat: "goals", limit: 1 }))
        .data[0];
      assert.ok(leader);
      const league = leader.competition_id;
      const sorted = await client.football.players.list({ league, sort: "-goals,name" });
      const top = sorted.data[0];
      assert.ok(top);
      const stats = await client.football.statistics.player(top.player_id, { competition: league });
      assert.equal(stats.competitions[0]?.stats.goals, leader.value, "the league's top scorer");
      const teams = await client.football.teams.list({ sort: "founded", per_page: 10 });
      const founded = teams.data.map((t) => t.founded ?? Number.POSITIVE_INFINITY);
      assert.deepEqual(
        founded,
        [...founded].sort((a, b) => a - b),
      );
      await assert.rejects(
        client.football.teams.list({ sort: "goals" }),
        (error: unknown) => error instanceof InvalidParameterError && error.field === "sort",
      );
    });
  });
}

function assertRanked(entries: readonly StatisticsLeader[], order: "asc" | "desc"): void {
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    if (previous === undefined) {
      assert.equal(entry.rank, 1);
      return;
    }
    assert.ok(order === "desc" ? previous.value >= entry.value : previous.value <= entry.value);
    assert.equal(entry.rank, previous.value === entry.value ? previous.rank : i + 1);
  });
}
