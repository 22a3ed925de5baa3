/**
 * GET /v1/{sport}/head-to-head through app.inject, once per dialect: on the sample data the
 * record, the pages of meetings and the upcoming meetings equal what the results and fixtures
 * lists say about the two sides (football, basketball, tennis, cricket, baseball, esports,
 * combat sports); on rows of its own, the exact record (a shoot-out is a win, a cancelled or live
 * meeting is not a meeting), the league and season filters, every bad value, and the read cache
 * dropping its answer when a meeting finishes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newId } from "../../src/lib/ids.js";
import { type Dataset, emptyDataset } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { miniLeague } from "../helpers/factories.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

interface ResultItem {
  fixture_id: string;
  home_team_id: string;
  away_team_id: string;
  final_score: { home: number; away: number } | null;
  result: { outcome?: string | null; winner_team_id?: string | null } | null;
}

/** The record a client would compute from the two sides' results. */
function expectedRecord(teamA: string, meetings: readonly ResultItem[]) {
  const record = {
    played: 0,
    team_a_wins: 0,
    draws: 0,
    team_b_wins: 0,
    no_result: 0,
    team_a_score: 0,
    team_b_score: 0,
  };
  for (const m of meetings) {
    record.played++;
    const aHome = m.home_team_id === teamA;
    const winner =
      m.result?.winner_team_id ??
      (m.result?.outcome === "home"
        ? m.home_team_id
        : m.result?.outcome === "away"
          ? m.away_team_id
          : null);
    if (winner === teamA) record.team_a_wins++;
    else if (winner !== null) record.team_b_wins++;
    else if (m.result?.outcome === "draw") record.draws++;
    else record.no_result++;
    record.team_a_score += (aHome ? m.final_score?.home : m.final_score?.away) ?? 0;
    record.team_b_score += (aHome ? m.final_score?.away : m.final_score?.home) ?? 0;
  }
  return record;
}

for (const dialect of DIALECTS) {
  describe(`head-to-head on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);

    /** Every item of a paginated list, page by page. */
    async function all<T>(url: string): Promise<T[]> {
      const items: T[] = [];
      for (let page = 1; ; page++) {
        const { status, body } = await get(`${url}&per_page=100&page=${page}`);
        assert.equal(status, 200, `${url}: ${JSON.stringify(body.error)}`);
        items.push(...body.data);
        if (page >= body.pagination.total_pages) return items;
      }
    }

    /** The two sides of a sport that met most often in the sample data. */
    async function busiestPair(sport: string): Promise<[string, string]> {
      const row = await t.store.db
        .selectFrom("fixtures")
        .select(["home_team_id", "away_team_id"])
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("sport", "=", sport)
        .where("status", "=", "finished")
        .where("home_team_id", "is not", null)
        .groupBy(["home_team_id", "away_team_id"])
        .orderBy("n", "desc")
        .orderBy("home_team_id")
        .orderBy("away_team_id")
        .executeTakeFirstOrThrow();
      return [row.home_team_id ?? "", row.away_team_id ?? ""];
    }

    for (const sport of [
      "football",
      "basketball",
      "tennis",
      "cricket",
      "baseball",
      "esports",
      "combat-sports",
    ]) {
      test(`${sport}: record, meetings and upcoming equal the two sides' results and fixtures`, async () => {
        const [a, b] = await busiestPair(sport);
        const both = (f: ResultItem) =>
          (f.home_team_id === a && f.away_team_id === b) ||
          (f.home_team_id === b && f.away_team_id === a);
        const results = (
          await all<ResultItem>(`/v1/${sport}/results?team=${a}&date_from=2000-01-01`)
        ).filter(both);
        const upcoming = (
          await all<ResultItem>(
            `/v1/${sport}/fixtures?team=${a}&date_from=2000-01-01&status=tbd,scheduled,delayed`,
          )
        ).filter(both);
        assert.ok(results.length > 0, "the pair met");

        const first = await get(`/v1/${sport}/head-to-head?team_a=${a}&team_b=${b}&per_page=2`);
        assert.equal(first.status, 200, JSON.stringify(first.body.error));
        const data = first.body.data;
        assert.equal(data.team_a.team_id, a);
        assert.equal(data.team_b.team_id, b);
        assert.deepEqual(data.record, expectedRecord(a, results));
        assert.deepEqual(
          data.upcoming.map((f: ResultItem) => f.fixture_id),
          upcoming.slice(0, 10).map((f) => f.fixture_id),
        );
        assert.equal(first.body.pagination.total, results.length);
        assert.equal(first.body.pagination.total_pages, Math.ceil(results.length / 2));
        assert.equal(first.body.meta.sport, sport);

        const paged: string[] = [];
        for (let page = 1; page <= first.body.pagination.total_pages; page++) {
          const { body } = await get(
            `/v1/${sport}/head-to-head?team_a=${a}&team_b=${b}&per_page=2&page=${page}`,
          );
          assert.deepEqual(body.data.record, data.record, "the record is the same on every page");
          paged.push(...body.data.meetings.map((m: ResultItem) => m.fixture_id));
        }
        assert.deepEqual(
          paged,
          results.map((r) => r.fixture_id),
          "newest first",
        );

        // Swapping the sides swaps the record.
        const swapped = await get(`/v1/${sport}/head-to-head?team_a=${b}&team_b=${a}`);
        assert.equal(swapped.body.data.record.team_a_wins, data.record.team_b_wins);
        assert.equal(swapped.body.data.record.team_b_score, data.record.team_a_score);
      });
    }

    test("tennis and combat sports: a competitor is also named by its player id or slug", async () => {
      for (const sport of ["tennis", "combat-sports"]) {
        const [a, b] = await busiestPair(sport);
        const [rowA, rowB] = await Promise.all(
          [a, b].map((id) =>
            t.store.db
              .selectFrom("teams")
              .select(["player_id", "slug"])
              .where("id", "=", id)
              .executeTakeFirstOrThrow(),
          ),
        );
        const byTeam = await get(`/v1/${sport}/head-to-head?team_a=${a}&team_b=${b}`);
        const byPlayer = await get(
          `/v1/${sport}/head-to-head?team_a=${rowA?.player_id}&team_b=${rowB?.slug}`,
        );
        assert.equal(byPlayer.status, 200);
        assert.equal(byPlayer.body.data.team_a.team_id, a);
        assert.equal(byPlayer.body.data.team_a.kind, "individual");
        assert.deepEqual(byPlayer.body.data.record, byTeam.body.data.record);
      }
    });

    test("every bad value is a 400 or 404 naming its field, and field sports are a 404", async () => {
      const [a, b] = await busiestPair("football");
      const otherSport = (await busiestPair("basketball"))[0];
      const base = `/v1/football/head-to-head`;
      for (const [url, status, field] of [
        [`${base}?team_b=${b}`, 400, "team_a"],
        [`${base}?team_a=${a}`, 400, "team_b"],
        [`${base}?team_a=${a}&team_b=${a}`, 400, "team_b"],
        [`${base}?team_a=&team_b=${b}`, 400, "team_a"],
        [`${base}?team_a=tm_unknown&team_b=${b}`, 404, "team_a"],
        [`${base}?team_a=${a}&team_b=${otherSport}`, 404, "team_b"],
        [`${base}?team_a=${a}&team_b=${b}&league=no-such-league`, 400, "league"],
        [`${base}?team_a=${a}&team_b=${b}&league=premier-division&season=1999-2000`, 400, "season"],
        [`${base}?team_a=${a}&team_b=${b}&season=2026-2028`, 400, "season"],
        [`${base}?team_a=${a}&team_b=${b}&season=26`, 400, "season"],
        [`${base}?team_a=${a}&team_b=${b}&league=x&competition_id=y`, 400, "competition_id"],
        [`${base}?team_a=${a}&team_b=${b}&per_page=101`, 400, "per_page"],
        [`${base}?team_a=${a}&team_b=${b}&page=0`, 400, "page"],
      ] as const) {
        const { status: got, body } = await get(url);
        assert.equal(got, status, `${url} → ${got} ${JSON.stringify(body.error)}`);
        assert.equal(body.error.field, field, `${url}: field ${body.error.field}`);
      }
      for (const sport of ["golf", "horse-racing"]) {
        const { status, body } = await get(`/v1/${sport}/head-to-head?team_a=x&team_b=y`);
        assert.equal(status, 404);
        assert.equal(body.error.code, "not_found");
        assert.match(body.error.message, /field sport/);
      }
    });

    test("own rows: a shoot-out is a win, unfinished meetings are not meetings, filters narrow", async () => {
      const league = miniLeague("football");
      const [a, b] = league.teamIds;
      const d = league.dataset;
      const base = d.fixtures[0];
      assert.ok(base);
      const meeting = (
        kickoff: string,
        home: string,
        away: string,
        status: string,
        score: [number, number] | null,
        outcome: Record<string, unknown> | null,
        season = league.seasonId,
      ) => {
        const result =
          outcome === null
            ? null
            : { winner_team_id: null, decided_by: "regulation", text: "", ...outcome };
        const id = newId("fx");
        d.fixtures.push({
          ...base,
          id,
          season_id: season,
          kickoff,
          status,
          home_team_id: home,
          away_team_id: away,
          score: score === null ? null : { home: score[0], away: score[1] },
          home_score: score?.[0] ?? null,
          away_score: score?.[1] ?? null,
          result,
        });
        return id;
      };
      // The factory's fixture: a 1-0 home win for `a`, 2026-11-14.
      const draw = meeting("2026-10-01T15:00:00Z", b, a, "finished", [2, 2], { outcome: "draw" });
      const shootOut = meeting("2026-09-01T15:00:00Z", b, a, "finished", [1, 1], {
        outcome: "away",
        winner_team_id: a,
        decided_by: "penalties",
      });
      meeting("2026-08-20T15:00:00Z", a, b, "cancelled", null, null);
      meeting("2026-11-21T09:00:00Z", a, b, "live", [0, 0], null);
      const soon = meeting("2026-12-01T15:00:00Z", b, a, "scheduled", null, null);
      const later = meeting("2027-01-05T15:00:00Z", a, b, "tbd", null, null);
      const oldSeason = newId("se");
      d.seasons.push({
        ...(d.seasons[0] as Dataset["seasons"][number]),
        id: oldSeason,
        name: "2025-2026",
        start_date: "2025-08-01",
        end_date: "2026-05-30",
      });
      const old = meeting(
        "2026-03-01T15:00:00Z",
        a,
        b,
        "finished",
        [0, 3],
        { outcome: "away", winner_team_id: b },
        oldSeason,
      );
      await writeDataset(t.store, d);

      const url = `/v1/football/head-to-head?team_a=${a}&team_b=${b}`;
      const { status, body } = await get(url);
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.deepEqual(body.data.record, {
        played: 4,
        team_a_wins: 2,
        draws: 1,
        team_b_wins: 1,
        no_result: 0,
        team_a_score: 1 + 2 + 1 + 0,
        team_b_score: 0 + 2 + 1 + 3,
      });
      assert.deepEqual(
        body.data.meetings.map((m: ResultItem) => m.fixture_id),
        [league.fixtureId, draw, shootOut, old],
      );
      assert.deepEqual(
        body.data.upcoming.map((m: ResultItem) => m.fixture_id),
        [soon, later],
      );

      const season = await get(`${url}&season=2025-2026`);
      assert.equal(season.status, 200, JSON.stringify(season.body.error));
      assert.deepEqual(season.body.data.record.played, 1);
      assert.deepEqual(
        season.body.data.meetings.map((m: ResultItem) => m.fixture_id),
        [old],
      );
      assert.deepEqual(season.body.data.upcoming, []);
      const inLeague = await get(`${url}&league=${league.competitionId}&season=2026-2027`);
      assert.equal(inLeague.body.data.record.played, 3);
      const elsewhere = await get(`${url}&league=premier-division`);
      assert.equal(elsewhere.body.data.record.played, 0);
      assert.deepEqual(elsewhere.body.data.meetings, []);
    });

    test("the read cache drops the answer when a meeting finishes", async () => {
      const league = miniLeague("football");
      await writeDataset(t.store, league.dataset);
      const [a, b] = league.teamIds;
      const url = `/v1/football/head-to-head?team_a=${a}&team_b=${b}`;
      // Kept once this node has heard of the rows above (PostgreSQL tells it after the commit).
      await waitFor(async () => (await t.app.inject(url)).headers["x-cache"] === "hit", {
        what: "a kept answer",
      });
      assert.equal((await t.app.inject(url)).json().data.record.played, 1);
      const base = league.dataset.fixtures[0];
      assert.ok(base);
      const later = emptyDataset();
      later.fixtures.push({
        ...base,
        id: newId("fx"),
        kickoff: "2026-11-20T15:00:00Z",
        home_team_id: b,
        away_team_id: a,
        score: { home: 0, away: 4 },
        home_score: 0,
        away_score: 4,
        result: { outcome: "away", winner_team_id: a, decided_by: "regulation", text: "0-4" },
      });
      await writeDataset(t.store, later);
      await waitFor(async () => (await t.app.inject(url)).json().data.record.team_a_score === 5, {
        what: "the answer to count the new meeting",
      });
    });
  });
}
