/**
 * The sandbox's history window (docs/sandbox.md, "History"): `pruneWorldHistory` removes the
 * matches of competitions without a table that are over and older than the window, and whole
 * seasons that are over, with everything hanging off them; a league's current season keeps every
 * match and result (its table stays as it was) but its matches older than the window lose their
 * events, line-ups and prices; a second run finds nothing. Read back through the API
 * on the seeded sample world, on SQLite and PostgreSQL (whose foreign keys would refuse a delete
 * that left a row behind).
 *
 * The season that is over is made the way the calendar leaves one: a league season of the past,
 * not current, with finished matches (copies of the current season's, with their events,
 * line-ups and prices), its enrolments, statistics and table rows.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { historyCutoff, pruneWorldHistory } from "../../src/simulator/history-pruner.js";
import type { Store } from "../../src/store/database.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const OLD_SEASON = "se-test-old-premier-division";
const WINDOW_DAYS = 14;
const CHILD_TABLES = ["match_events", "lineups", "odds"] as const;

/** A past, finished season of the football league `premier-division`: three matches. */
async function addSeasonOver(store: Store): Promise<string[]> {
  const league = await store.db
    .selectFrom("competitions")
    .selectAll()
    .where("slug", "=", "premier-division")
    .executeTakeFirstOrThrow();
  const current = league.current_season_id as string;
  await store.db
    .insertInto("seasons")
    .values({
      id: OLD_SEASON,
      sport: "football",
      competition_id: league.id,
      name: "2019-2020",
      start_date: "2019-08-10",
      end_date: "2020-05-20",
      updated_at: "2020-05-20T00:00:00Z",
    })
    .execute();
  const templates = await store.db
    .selectFrom("fixtures")
    .selectAll()
    .where("season_id", "=", current)
    .where("status", "=", "finished")
    .orderBy("kickoff")
    .limit(3)
    .execute();
  const ids: string[] = [];
  for (const [i, fixture] of templates.entries()) {
    const id = `fx-test-old-${i}`;
    ids.push(id);
    await store.db
      .insertInto("fixtures")
      .values({ ...fixture, id, season_id: OLD_SEASON, kickoff: `2019-09-0${i + 1}T14:00:00Z` })
      .execute();
    for (const table of CHILD_TABLES) {
      const rows = await store.db
        .selectFrom(table)
        .selectAll()
        .where("fixture_id", "=", fixture.id)
        .execute();
      for (const row of rows) {
        const copy = { ...row, fixture_id: id } as Record<string, unknown>;
        if (table === "match_events") copy.id = `${String(copy.id)}-old`;
        await store.db
          .insertInto(table)
          .values(copy as never)
          .execute();
      }
    }
  }
  for (const table of ["team_competitions", "team_season_stats", "standings_rows"] as const) {
    const rows = await store.db
      .selectFrom(table)
      .selectAll()
      .where("season_id", "=", current)
      .execute();
    for (const row of rows) {
      await store.db
        .insertInto(table)
        .values({ ...row, season_id: OLD_SEASON } as never)
        .execute();
    }
  }
  return ids;
}

async function status(t: TestApp, url: string): Promise<number> {
  return (await t.app.inject({ method: "GET", url })).statusCode;
}

async function body(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

for (const dialect of DIALECTS) {
  describe(`the sandbox's history window on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let oldLeagueFixtures: string[];
    const cutoff = historyCutoff(TEST_NOW, WINDOW_DAYS, 1);
    /** Over, table-less, older than the window: what goes. */
    let expired: Array<{ id: string; sport: string }>;
    /** Over, table-less, inside the window: what stays. */
    let recent: Array<{ id: string; sport: string }>;
    let tableBefore: unknown;
    let countsBefore: Map<string, number>;
    /** Current-season league matches over and older than the window: thinned to their result. */
    let thinnable: Array<{ id: string; sport: string; home_score: number | null }>;

    before(async () => {
      t = await createTestApp(dialect, { seed: true });
      oldLeagueFixtures = await addSeasonOver(t.store);
      const tableless = await t.store.db
        .selectFrom("fixtures as f")
        .innerJoin("competitions as c", "c.id", "f.competition_id")
        .select(["f.id", "f.sport", "f.kickoff"])
        .where("c.type", "!=", "league")
        .where("f.status", "=", "finished")
        .execute();
      expired = tableless.filter((f) => Date.parse(f.kickoff) < cutoff.getTime());
      recent = tableless.filter((f) => Date.parse(f.kickoff) >= cutoff.getTime());
      const league = await t.store.db
        .selectFrom("fixtures as f")
        .innerJoin("competitions as c", "c.id", "f.competition_id")
        .select(["f.id", "f.sport", "f.kickoff", "f.home_score"])
        .where("c.type", "=", "league")
        .whereRef("f.season_id", "=", "c.current_season_id")
        .where("f.status", "in", [
          "finished",
          "awarded",
          "walkover",
          "cancelled",
          "abandoned",
          "postponed",
        ])
        .where("f.kickoff", "<", cutoff.toISOString())
        .where(({ or, exists, selectFrom }) =>
          or(
            CHILD_TABLES.map((table) =>
              exists(selectFrom(table).select("fixture_id").whereRef("fixture_id", "=", "f.id")),
            ),
          ),
        )
        .execute();
      thinnable = league;
      tableBefore = (await body(t, "/v1/football/standings?league=premier-division")).data;
      countsBefore = await leagueCounts(t.store);
    });
    after(async () => {
      await t?.dispose();
    });

    test("the seeded world has history on both sides of the window", () => {
      const sports = new Set(expired.map((f) => f.sport));
      for (const sport of ["tennis", "horse-racing", "golf", "combat-sports"]) {
        assert.ok(sports.has(sport), `${sport}: matches older than ${WINDOW_DAYS} days`);
      }
      assert.ok(recent.length > 0, "matches inside the window");
    });

    test("a prune removes what is older, whole; a season over goes with everything in it", async () => {
      const oldTable = "/v1/football/standings?league=premier-division&season=2019-2020";
      assert.equal((await body(t, oldTable)).data.length, 20);
      assert.equal(await status(t, `/v1/football/fixtures/${oldLeagueFixtures[0]}`), 200);

      const result = await pruneWorldHistory(t.store, cutoff);
      assert.deepEqual(result, {
        fixtures: expired.length + oldLeagueFixtures.length,
        seasons: 1,
        thinned: thinnable.length,
      });

      for (const { id, sport } of [
        ...expired.slice(0, 20),
        ...oldLeagueFixtures.map((id) => ({ id, sport: "football" })),
      ]) {
        assert.equal(await status(t, `/v1/${sport}/fixtures/${id}`), 404, `${sport} ${id}`);
      }
      const gone = [...expired.map((f) => f.id), ...oldLeagueFixtures];
      for (const table of CHILD_TABLES) {
        const left = await t.store.db
          .selectFrom(table)
          .select("fixture_id")
          .where("fixture_id", "in", gone)
          .execute();
        assert.deepEqual(left, [], `${table} rows of removed matches`);
      }
      for (const table of ["team_competitions", "team_season_stats", "standings_rows"] as const) {
        const left = await t.store.db
          .selectFrom(table)
          .select("season_id")
          .where("season_id", "=", OLD_SEASON)
          .execute();
        assert.deepEqual(left, [], `${table} rows of the season over`);
      }
      const unknown = await t.app.inject({ method: "GET", url: oldTable });
      assert.equal(unknown.statusCode, 400, unknown.body);
      assert.match(unknown.json().error.message, /2019-2020/);
    });

    test("a current league season's old matches keep their result, not their details", async () => {
      assert.ok(thinnable.length > 0, "league matches older than the window");
      const finished = thinnable.filter((f) => f.home_score !== null);
      assert.ok(finished.length > 0, "finished league matches older than the window");
      for (const { id, sport, home_score } of finished.slice(0, 20)) {
        const fixture = await body(t, `/v1/${sport}/fixtures/${id}`);
        assert.equal(fixture.data.score.home, home_score, `${sport} ${id} keeps its score`);
        assert.deepEqual((await body(t, `/v1/${sport}/fixtures/${id}/events`)).data, []);
      }
      for (const table of CHILD_TABLES) {
        const left = await t.store.db
          .selectFrom(table)
          .select("fixture_id")
          .where(
            "fixture_id",
            "in",
            thinnable.map((f) => f.id),
          )
          .execute();
        assert.deepEqual(left, [], `${table} rows of thinned matches`);
      }
    });

    test("what is inside the window, still to play, or in a current league season stays", async () => {
      for (const { id, sport } of recent.slice(0, 20)) {
        assert.equal(await status(t, `/v1/${sport}/fixtures/${id}`), 200, `${sport} ${id}`);
        const events = await body(t, `/v1/${sport}/fixtures/${id}/events`);
        assert.ok(events.data.length > 0, `${sport} ${id} keeps its events`);
      }
      assert.deepEqual(await leagueCounts(t.store), countsBefore);
      const table = await body(t, "/v1/football/standings?league=premier-division");
      assert.deepEqual(table.data, tableBefore);
    });

    test("a second prune finds nothing", async () => {
      assert.deepEqual(await pruneWorldHistory(t.store, cutoff), {
        fixtures: 0,
        seasons: 0,
        thinned: 0,
      });
    });
  });
}

/** Matches per sport that a prune must never touch: leagues' and those still to play. */
async function leagueCounts(store: Store): Promise<Map<string, number>> {
  const rows = await store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .select(["f.sport", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) =>
      eb.or([
        eb.and([eb("c.type", "=", "league"), eb("f.season_id", "!=", OLD_SEASON)]),
        eb("f.status", "in", ["scheduled", "live"]),
      ]),
    )
    .groupBy("f.sport")
    .orderBy("f.sport")
    .execute();
  return new Map(rows.map((r) => [r.sport, Number(r.n)]));
}
