/**
 * The REST read API through its public surface (app.inject) on the sample dataset, once per
 * dialect: happy paths, every kind of bad parameter (400 with the right `field`), 404s, the
 * envelope, and the alternate paths' identical bodies.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { refreshTables } from "../../src/store/standings/kept-tables.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

for (const dialect of DIALECTS) {
  describe(`REST read API on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let league: { id: string; slug: string };
    let finished: { id: string; home_team_id: string | null };
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
      league = await t.store.db
        .selectFrom("competitions")
        .select(["id", "slug"])
        .where("slug", "=", "premier-division")
        .executeTakeFirstOrThrow();
      finished = await t.store.db
        .selectFrom("fixtures")
        .select(["id", "home_team_id"])
        .where("competition_id", "=", league.id)
        .where("status", "=", "finished")
        .executeTakeFirstOrThrow();
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);
    const expect400 = async (url: string, field: string) => {
      const { status, body } = await get(url);
      assert.equal(status, 400, `${url} → ${status}`);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, field, `${url}: field ${body.error.field}`);
      assert.equal(body.errors[0].field, field);
    };

    test("fixtures: envelope, default window today … today + 14 days, pagination", async () => {
      const { status, headers, body } = await get("/v1/football/fixtures?per_page=10");
      assert.equal(status, 200);
      assert.match(String(headers["x-request-id"]), /^req_/);
      assert.equal(body.meta.sport, "football");
      assert.equal(body.meta.count, 10);
      assert.deepEqual(body.errors, []);
      assert.equal(body.pagination.per_page, 10);
      assert.equal(body.pagination.total_results, body.pagination.total);
      assert.equal(body.pagination.total_pages, Math.ceil(body.pagination.total / 10));
      assert.deepEqual(body.meta.pagination, {
        page: 1,
        per_page: 10,
        total: body.pagination.total,
      });
      const all = await get(`/v1/football/fixtures?per_page=100&page=1`);
      for (const f of all.body.data) {
        assert.ok(
          f.kickoff >= "2026-11-21T00:00:00Z" && f.kickoff < "2026-12-06T00:00:00Z",
          f.kickoff,
        );
      }
      const kickoffs = all.body.data.map((f: { kickoff: string }) => f.kickoff);
      assert.deepEqual(kickoffs, [...kickoffs].sort());
    });

    test("fixtures: filters by league (either name), team, date, season and status", async () => {
      const byLeague = await get(`/v1/football/fixtures?league=${league.slug}&per_page=100`);
      const byAlias = await get(`/v1/football/fixtures?competition_id=${league.id}&per_page=100`);
      assert.ok(byLeague.body.data.length > 0);
      assert.deepEqual(byLeague.body.data, byAlias.body.data);
      assert.ok(
        byLeague.body.data.every((f: { competition_id: string }) => f.competition_id === league.id),
      );
      const team = finished.home_team_id as string;
      const byTeam = await get(
        `/v1/football/fixtures?team_id=${team}&season=2026-2027&per_page=100`,
      );
      assert.equal(byTeam.body.pagination.total, 38);
      const day = await get("/v1/football/fixtures?date=2026-11-21&per_page=100");
      assert.ok(
        day.body.data.every((f: { kickoff: string }) => f.kickoff.startsWith("2026-11-21")),
      );
      const done = await get("/v1/football/fixtures?status=finished&season=2026-2027&per_page=5");
      assert.ok(done.body.data.every((f: { status: string }) => f.status === "finished"));
      const ignored = await get("/v1/football/fixtures?per_page=3&utm_source=docs");
      assert.equal(ignored.status, 200);
    });

    test("fixtures: each bad parameter is a 400 naming it", async () => {
      await expect400("/v1/football/fixtures?per_page=0", "per_page");
      await expect400("/v1/football/fixtures?per_page=101", "per_page");
      await expect400("/v1/football/fixtures?page=0", "page");
      await expect400("/v1/football/fixtures?page=two", "page");
      await expect400("/v1/football/fixtures?date=2026-02-30", "date");
      await expect400("/v1/football/fixtures?date=2026-11-21&date_from=2026-11-01", "date");
      await expect400("/v1/football/fixtures?date_from=2026-12-01&date_to=2026-11-01", "date_from");
      await expect400("/v1/football/fixtures?league=no-such-league", "league");
      await expect400(
        `/v1/football/fixtures?league=${league.slug}&competition_id=other`,
        "competition_id",
      );
      await expect400("/v1/football/fixtures?team=nobody", "team");
      await expect400("/v1/football/fixtures?status=playing", "status");
      await expect400("/v1/football/fixtures?season=26-27", "season");
      await expect400("/v1/football/fixtures?updated_since=yesterday", "updated_since");
      const many = await get("/v1/football/fixtures?per_page=0&page=0");
      assert.equal(many.body.errors.length, 2);
      const text = await get("/v1/football/fixtures?per_page=500");
      assert.equal(text.body.error.message, "per_page must be between 1 and 100");
    });

    test("fixture detail: officials, broadcast, result and links; 404s", async () => {
      const { status, body } = await get(`/v1/football/fixtures/${finished.id}`);
      assert.equal(status, 200);
      const f = body.data;
      assert.equal(f.fixture_id, finished.id);
      assert.ok(f.officials.length > 0);
      assert.ok(f.result.decided_by);
      assert.equal(f.links.events, `/v1/football/fixtures/${finished.id}/events`);
      assert.equal(f.links.lineups, `/v1/football/fixtures/${finished.id}/lineups`);
      assert.equal(typeof f.score.home, "number");
      assert.equal(
        (await get("/v1/football/fixtures/fx_doesnotexist0000")).body.error.code,
        "not_found",
      );
      const other = await get(`/v1/basketball/fixtures/${finished.id}`);
      assert.equal(other.status, 404);
      assert.equal((await get("/v1/hockey/fixtures")).status, 404);
      const v2 = await get("/v2/football/fixtures");
      assert.equal(v2.body.error.code, "unsupported_version");
    });

    test("results: finished only, newest first, final score and text", async () => {
      const { body } = await get(`/v1/football/results?league=${league.slug}&per_page=20`);
      assert.ok(body.data.length === 20);
      for (const r of body.data) {
        assert.equal(r.status, "finished");
        assert.equal(r.score_text, `${r.final_score.home}-${r.final_score.away}`);
        assert.ok(["home", "away", "draw"].includes(r.result.outcome));
      }
      const kickoffs = body.data.map((r: { kickoff: string }) => r.kickoff);
      assert.deepEqual(kickoffs, [...kickoffs].sort().reverse());
      await expect400("/v1/football/results?status=scheduled", "status");
    });

    test("standings: required league, sorted table, deductions shown", async () => {
      await expect400("/v1/football/standings", "league");
      await expect400("/v1/football/standings?league=nope", "league");
      await expect400(`/v1/football/standings?league=${league.slug}&season=1999-2000`, "season");
      const tennis = await t.store.db
        .selectFrom("competitions")
        .select("slug")
        .where("sport", "=", "tennis")
        .executeTakeFirstOrThrow();
      await expect400(`/v1/tennis/standings?league=${tennis.slug}`, "league");
      const before = await get(`/v1/football/standings?league=${league.slug}`);
      assert.equal(before.status, 200);
      assert.equal(before.body.data.length, 20);
      assert.equal(before.body.meta.competition_id, league.id);
      const points = before.body.data.map((r: { points: number }) => r.points);
      assert.deepEqual(
        points,
        [...points].sort((a, b) => b - a),
      );
      const leader = before.body.data[0];
      const season = await t.store.db
        .selectFrom("competitions")
        .select("current_season_id")
        .where("id", "=", league.id)
        .executeTakeFirstOrThrow();
      const seasonKey = {
        competitionId: league.id,
        seasonId: season.current_season_id as string,
      };
      // Written behind the services' back: the kept table is refreshed as a write path would.
      await t.store.db
        .insertInto("standings_adjustments")
        .values({
          id: "adj_test_leader",
          sport: "football",
          competition_id: league.id,
          season_id: season.current_season_id as string,
          team_id: leader.team_id,
          points: 100,
          reason: "financial breach",
          created_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      await refreshTables(t.store.db, [seasonKey], "2026-11-21T10:00:00Z");
      const after = await get(`/v1/football/standings?league=${league.id}`);
      const row = after.body.data.find((r: { team_id: string }) => r.team_id === leader.team_id);
      assert.equal(row.points, leader.points - 100);
      assert.equal(row.deductions, 100);
      assert.deepEqual(row.deduction_reasons, ["financial breach"]);
      assert.equal(row.position, 20);
      await t.store.db
        .deleteFrom("standings_adjustments")
        .where("id", "=", "adj_test_leader")
        .execute();
      await refreshTables(t.store.db, [seasonKey], "2026-11-21T10:00:00Z");
    });

    test("live: always revalidated, follows the live state, updated_at in meta", async () => {
      const empty = await get("/v1/football/matches/live");
      assert.equal(empty.status, 200);
      assert.deepEqual(empty.body.data, []);
      assert.match(empty.body.meta.updated_at, /Z$/);
      assert.equal(empty.headers["cache-control"], "private, no-cache");
      const next = await t.store.db
        .selectFrom("fixtures")
        .select("id")
        .where("competition_id", "=", league.id)
        .where("status", "=", "scheduled")
        .orderBy("kickoff")
        .executeTakeFirstOrThrow();
      await t.store.db
        .updateTable("fixtures")
        .set({
          status: "live",
          period: "2nd_half",
          minute: 67,
          score: JSON.stringify({ home: 2, away: 1 }),
          home_score: 2,
          away_score: 1,
          last_event: JSON.stringify({ type: "goal", team: "X", minute: 66 }),
          updated_at: "2026-11-21T10:00:00Z",
        })
        .where("id", "=", next.id)
        .execute();
      const live = await get("/v1/football/matches/live");
      const scores = await get("/v1/football/live-scores");
      assert.deepEqual(live.body.data, scores.body.data);
      const item = live.body.data.find((m: { fixture_id: string }) => m.fixture_id === next.id);
      assert.equal(item.score, "2-1");
      assert.match(item.match, / vs /);
      assert.equal(item.period, "2nd_half");
      assert.equal(item.minute, 67);
      assert.deepEqual(item.last_event, { type: "goal", team: "X", minute: 66 });
      assert.equal(live.body.meta.updated_at, "2026-11-21T10:00:00Z");
      await t.store.db
        .updateTable("fixtures")
        .set({ status: "scheduled" })
        .where("id", "=", next.id)
        .execute();
    });

    test("events and lineups: both paths give identical bodies", async () => {
      for (const [a, b] of [
        [`/v1/football/events/${finished.id}`, `/v1/football/fixtures/${finished.id}/events`],
        [`/v1/football/lineups/${finished.id}`, `/v1/football/fixtures/${finished.id}/lineups`],
      ] as const) {
        const one = await get(a);
        const two = await get(b);
        assert.equal(one.status, 200);
        assert.deepEqual(one.body.data, two.body.data);
        assert.deepEqual(strip(one.body.meta), strip(two.body.meta));
      }
      const events = (await get(`/v1/football/events/${finished.id}`)).body.data;
      assert.deepEqual(
        events.map((e: { sequence: number }) => e.sequence),
        events.map((_: unknown, i: number) => i + 1),
      );
      const lineups = (await get(`/v1/football/lineups/${finished.id}`)).body.data;
      assert.equal(lineups.available, true);
      assert.equal(lineups.home.starters.length, 11);
      assert.match(lineups.home.formation, /^\d(-\d)+$/);
      assert.equal((await get("/v1/football/events/fx_unknown00000000")).status, 404);
      assert.equal((await get(`/v1/tennis/lineups/${finished.id}`)).status, 404);
    });

    test("teams and players: search is case- and accent-insensitive; profiles link stats", async () => {
      const muller = await get("/v1/football/players?search=MULLER&per_page=100");
      assert.ok(muller.body.data.length > 0);
      assert.ok(muller.body.data.every((p: { name: string }) => /müller|muller/i.test(p.name)));
      const accented = await get("/v1/football/players?search=Müller&per_page=100");
      assert.deepEqual(accented.body.data, muller.body.data);
      const teams = await get(`/v1/football/teams?league=${league.slug}&per_page=100`);
      assert.equal(teams.body.pagination.total, 20);
      const team = await get(`/v1/football/teams/${finished.home_team_id}`);
      assert.ok(team.body.data.squad.length >= 20);
      assert.equal(
        team.body.data.links.statistics,
        `/v1/football/statistics/team/${finished.home_team_id}`,
      );
      const squad = await get(`/v1/football/players?team_id=${finished.home_team_id}&per_page=100`);
      assert.equal(squad.body.pagination.total, team.body.data.squad.length);
      const player = await get(`/v1/football/players/${team.body.data.squad[0].player_id}`);
      assert.equal(player.body.data.season_stats.length, 1);
      assert.equal((await get("/v1/football/teams/tm_unknown00000000")).status, 404);
      await expect400("/v1/football/players?search=", "search");
    });

    test("competitions and countries carry country, tier and current season", async () => {
      const { body } = await get("/v1/football/competitions");
      const premier = body.data.find((c: { slug: string }) => c.slug === "premier-division");
      assert.deepEqual(premier.country, { code: "GB-ENG", name: "England" });
      assert.equal(premier.tier, 1);
      assert.equal(premier.current_season.name, "2026-2027");
      const countries = await get("/v1/football/countries");
      assert.ok(countries.body.data.some((c: { code: string }) => c.code === "GB-ENG"));
      await expect400("/v1/football/competitions?type=friendly", "type");
    });

    test("statistics: teams by default, players on request, one team, one player", async () => {
      const teams = await get(`/v1/football/statistics?league=${league.slug}&per_page=100`);
      assert.equal(teams.body.pagination.total, 20);
      assert.ok(teams.body.data.every((r: { type: string }) => r.type === "team"));
      const players = await get(
        `/v1/football/statistics?type=player&team=${finished.home_team_id}`,
      );
      assert.ok(players.body.data.length > 0);
      assert.ok(
        players.body.data.every((r: { team_id: string }) => r.team_id === finished.home_team_id),
      );
      await expect400("/v1/football/statistics?type=coach", "type");
      const one = await get(
        `/v1/football/statistics/team/${finished.home_team_id}?competition=${league.slug}`,
      );
      assert.equal(one.body.data.competitions.length, 1);
      assert.ok(one.body.data.competitions[0].stats.played > 0);
      await expect400(
        `/v1/football/statistics/team/${finished.home_team_id}?competition=nope`,
        "competition",
      );
    });

    test("sports, wrong methods and request ids", async () => {
      const sports = await get("/v1/sports");
      assert.equal(sports.body.data.length, 10);
      const post = await t.app.inject({ method: "POST", url: "/v1/football/fixtures" });
      assert.equal(post.statusCode, 405);
      assert.match(String(post.headers.allow), /GET/);
      assert.equal(post.json().error.code, "method_not_allowed");
    });
  });
}

function strip(meta: Record<string, unknown>) {
  const { request_id: _r, generated_at: _g, ...rest } = meta;
  return rest;
}
