/**
 * `include=` on the single fixture and the team profile (ADR-0042), once per dialect, through
 * app.inject: each embedded part equals the separate call's data, names are de-duplicated,
 * every bad value is a 400 naming `include`, odds need a plan with odds (a 403 naming
 * `include`, checked before the read cache), the keyless sandbox embeds odds, and a kept answer
 * follows the included resources' changes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createKey } from "../../src/accounts/accounts-service.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { newId } from "../../src/lib/ids.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { testClock } from "../helpers/clock.js";
import { insertMiniLeague, type MiniLeague, miniLeague } from "../helpers/factories.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createSandbox } from "../sandbox/sandbox-helpers.js";

const STAMP = "2026-11-21T10:00:00Z";

/** The mini league with a squad for the home team, both lineups and both teams' statistics. */
function leagueWithDetail(): MiniLeague {
  const league = miniLeague();
  const d = league.dataset;
  const [home, away] = league.teamIds;
  const squad = [
    ["Ada", "Zeller", 9, "forward"],
    ["Bea", "Adams", 1, "goalkeeper"],
    ["Cai", "Adams", 4, "defender"],
  ] as const;
  for (const [first, last, shirt, position] of squad) {
    const id = newId("pl");
    d.players.push({
      id,
      sport: "football",
      team_id: home,
      slug: `${first}-${last}-${id}`.toLowerCase(),
      name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      position,
      nationality: "GB",
      date_of_birth: "2000-01-01",
      shirt_number: shirt,
      height_cm: 180,
      detail: { foot: "right" },
      search_name: `${first} ${last}`.toLowerCase(),
      updated_at: STAMP,
    });
  }
  for (const team of [home, away]) {
    d.lineups.push({
      fixture_id: league.fixtureId,
      team_id: team,
      sport: "football",
      formation: "4-4-2",
      coach: "A. Coach",
      starters: d.players.map((p) => ({
        player_id: p.id,
        name: p.name,
        position: p.position,
        shirt_number: p.shirt_number,
      })),
      substitutes: [],
      updated_at: STAMP,
    });
    d.team_season_stats.push({
      sport: "football",
      team_id: team,
      competition_id: league.competitionId,
      season_id: league.seasonId,
      stats: { played: 10, won: team === home ? 7 : 2 },
      updated_at: STAMP,
    });
  }
  return league;
}

const ALL = "lineups,events,odds,statistics";

for (const dialect of DIALECTS) {
  describe(`include on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let league: MiniLeague;
    let starterKey: string;
    before(async () => {
      t = await createTestApp(dialect);
      league = leagueWithDetail();
      await writeDataset(t.store, league.dataset);
      ({ key: starterKey } = await createKey(
        { store: t.store, clock: testClock, plans: DEFAULT_PLANS },
        { kind: "live", plan: "starter" },
      ));
    });
    after(async () => {
      await t?.dispose();
    });

    const get = async (url: string, key?: string) => {
      const headers = key === undefined ? {} : { authorization: `Bearer ${key}` };
      const response = await t.app.inject({ url, headers });
      return { status: response.statusCode, headers: response.headers, body: response.json() };
    };
    const fixtureUrl = () => `/v1/football/fixtures/${league.fixtureId}`;
    const expect400 = async (url: string) => {
      const { status, body } = await get(url);
      assert.equal(status, 400, `${url} → ${status}`);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, "include", `${url}: field ${body.error.field}`);
      assert.equal(body.errors[0].field, "include");
      return body.error.message as string;
    };

    test("each included part equals the separate call's data", async () => {
      const id = league.fixtureId;
      const [home, away] = league.teamIds;
      const scope = `competition=${league.competitionId}&season=2026-2027`;
      const [withAll, plain, lineups, events, odds, homeStats, awayStats] = await Promise.all([
        get(`${fixtureUrl()}?include=${ALL}`),
        get(fixtureUrl()),
        get(`/v1/football/fixtures/${id}/lineups`),
        get(`/v1/football/events/${id}`),
        get(`/v1/football/odds?match_id=${id}`),
        get(`/v1/football/statistics/team/${home}?${scope}`),
        get(`/v1/football/statistics/team/${away}?${scope}`),
      ]);
      assert.equal(withAll.status, 200);
      const { included, ...fixture } = withAll.body.data;
      assert.deepEqual(fixture, plain.body.data, "the fixture itself is unchanged");
      assert.deepEqual(Object.keys(included), ["lineups", "events", "odds", "statistics"]);
      assert.deepEqual(included.lineups, lineups.body.data);
      assert.equal(included.lineups.home.starters.length, 3);
      assert.deepEqual(included.events, events.body.data);
      assert.equal(included.events.length, 1);
      assert.deepEqual(included.odds, odds.body.data);
      assert.ok(included.odds.length > 0);
      assert.deepEqual(included.statistics, {
        home: homeStats.body.data,
        away: awayStats.body.data,
      });
      assert.equal(included.statistics.home.competitions[0].stats.won, 7);
      assert.equal("included" in plain.body.data, false, "no include, no included");
    });

    test("names are taken once, in their own order, whatever the order asked", async () => {
      const { status, body } = await get(`${fixtureUrl()}?include=odds,lineups,lineups,odds`);
      assert.equal(status, 200);
      assert.deepEqual(Object.keys(body.data.included), ["lineups", "odds"]);
    });

    test("every bad include is a 400 naming include and the names it takes", async () => {
      for (const value of [
        "bogus",
        "",
        "lineups,",
        ",lineups",
        "lineups,,events",
        "LINEUPS",
        "squad",
        "lineups%20",
      ]) {
        const message = await expect400(`${fixtureUrl()}?include=${value}`);
        assert.match(message, /lineups, events, odds, statistics/, value);
      }
      await expect400(`${fixtureUrl()}?include=lineups&include=events`);
      await expect400(`/v1/football/fixtures/fx_doesnotexist000?include=bogus`);
      const team = `/v1/football/teams/${league.teamIds[0]}`;
      for (const value of ["lineups", "", "squad,players"]) {
        const message = await expect400(`${team}?include=${value}`);
        assert.match(message, /squad/, value);
      }
    });

    test("include=odds on a plan without odds is a 403 naming include, even when kept", async () => {
      const withOdds = await get(`${fixtureUrl()}?include=odds`);
      assert.equal(withOdds.status, 200);
      const again = await get(`${fixtureUrl()}?include=odds`);
      assert.equal(again.headers["x-cache"], "hit", "the answer with odds is kept");
      for (const url of [`${fixtureUrl()}?include=odds`, `${fixtureUrl()}?include=lineups,odds`]) {
        const { status, body } = await get(url, starterKey);
        assert.equal(status, 403, url);
        assert.equal(body.error.code, "plan_forbidden");
        assert.equal(body.error.field, "include");
        assert.match(body.error.message, /starter plan does not include odds/);
      }
      const lineups = await get(`${fixtureUrl()}?include=lineups,events,statistics`, starterKey);
      assert.equal(lineups.status, 200);
      assert.deepEqual(Object.keys(lineups.body.data.included), [
        "lineups",
        "events",
        "statistics",
      ]);
    });

    test("include=squad embeds the team's players as /players?team_id= lists them", async () => {
      const team = league.teamIds[0];
      const [withSquad, plain, players] = await Promise.all([
        get(`/v1/football/teams/${team}?include=squad`),
        get(`/v1/football/teams/${team}`),
        get(`/v1/football/players?team_id=${team}&per_page=100`),
      ]);
      assert.equal(withSquad.status, 200);
      const { included, ...profile } = withSquad.body.data;
      assert.deepEqual(profile, plain.body.data);
      assert.deepEqual(included.squad, players.body.data);
      assert.deepEqual(
        included.squad.map((p: { name: string }) => p.name),
        ["Bea Adams", "Cai Adams", "Ada Zeller"],
      );
      const empty = await get(`/v1/football/teams/${league.teamIds[1]}?include=squad`);
      assert.deepEqual(empty.body.data.included, { squad: [] });
    });

    test("a kept answer follows its included parts and never answers another include", async () => {
      const url = `${fixtureUrl()}?include=lineups`;
      await get(url);
      const kept = await get(url);
      assert.equal(kept.headers["x-cache"], "hit");
      const events = await get(`${fixtureUrl()}?include=events`);
      assert.notEqual(events.headers["x-cache"], "hit");
      assert.deepEqual(Object.keys(events.body.data.included), ["events"]);
      await t.store.db
        .updateTable("lineups")
        .set({ formation: "3-5-2", updated_at: "2026-11-21T11:00:00Z" })
        .where("fixture_id", "=", league.fixtureId)
        .where("team_id", "=", league.teamIds[0])
        .execute();
      const changed = await get(url);
      assert.notEqual(changed.headers["x-cache"], "hit");
      assert.equal(changed.body.data.included.lineups.home.formation, "3-5-2");
      const stats = `${fixtureUrl()}?include=statistics`;
      await get(stats);
      await t.store.db
        .updateTable("team_season_stats")
        .set({ stats: JSON.stringify({ played: 11, won: 8 }) })
        .where("team_id", "=", league.teamIds[0])
        .execute();
      const after = await get(stats);
      assert.equal(after.body.data.included.statistics.home.competitions[0].stats.won, 8);
    });

    test("timezone and include together", async () => {
      const { status, body } = await get(`${fixtureUrl()}?include=events&timezone=Asia/Tokyo`);
      assert.equal(status, 200);
      assert.equal(body.data.kickoff_local, "2026-11-15T00:00:00+09:00");
      assert.equal(body.meta.timezone, "Asia/Tokyo");
      assert.equal(body.data.included.events.length, 1);
    });
  });
}

describe("include on the keyless sandbox", () => {
  test("odds are embedded without a key, as the sandbox serves odds to everyone", async () => {
    const sandbox = await createSandbox({ seed: false });
    try {
      const league = await insertMiniLeague(sandbox.store);
      const url = `/v1/football/fixtures/${league.fixtureId}?include=odds,statistics`;
      const response = await sandbox.inject({ method: "GET", url });
      assert.equal(response.statusCode, 200, response.body);
      const { included } = response.json().data;
      assert.equal(included.odds.length > 0, true);
      assert.deepEqual(included.statistics.home.competitions, []);
    } finally {
      await sandbox.dispose();
    }
  });
});
