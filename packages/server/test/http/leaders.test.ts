/**
 * GET /v1/{sport}/statistics/leaders through app.inject, once per dialect: on the sample data
 * each family's leaders equal the season statistics (from /statistics) ranked by hand — totals
 * and rates, players and teams, qualifiers from the teams' games; on rows of its own, ties
 * ("1224", then name, then id), the qualifier's edge, lower-is-better rates, seasons, every bad
 * value, every statistic /v1/sports lists, and the read cache following a statistics change.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newId } from "../../src/lib/ids.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { busiestLeague, insertStatLeague } from "../helpers/stat-league.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

type Stats = Record<string, unknown>;
interface Row {
  player_id: string | null;
  player: string | null;
  team_id: string | null;
  team: string | null;
  stats: Stats;
}

const num = (stats: Stats, key: string) =>
  typeof stats[key] === "number" ? (stats[key] as number) : null;
const div = (a: number | null, b: number | null, scale = 1) =>
  a === null || b === null || b <= 0 ? null : (scale * a) / b;
const round = (n: number | null, places: number) =>
  n === null ? null : Math.round(n * 10 ** places) / 10 ** places;

/** The statistics checked by hand: value, direction and qualifier (a total per team game). */
const BY_HAND: Record<
  string,
  { value: (s: Stats) => number | null; asc?: boolean; min?: [string, number] }
> = {
  goals_per_game: {
    value: (s) => round(div(num(s, "goals"), num(s, "appearances")), 2),
    min: ["appearances", 0.5],
  },
  points_per_game: {
    value: (s) => round(div(num(s, "points"), num(s, "appearances")), 2),
    min: ["appearances", 0.7],
  },
  strike_rate: {
    value: (s) => round(div(num(s, "runs"), num(s, "balls_faced"), 100), 2),
    min: ["balls_faced", 6],
  },
  conceded_per_game: {
    value: (s) => round(div(num(s, "conceded"), num(s, "played")), 2),
    asc: true,
  },
};

function statValue(stat: string, stats: Stats): number | null {
  return BY_HAND[stat]?.value(stats) ?? num(stats, stat);
}

/** Leaders ranked by hand from season rows: 1224 ranking, ties by name then id. */
function rankByHand(stat: string, rows: readonly Row[], games: (row: Row) => number) {
  const rule = BY_HAND[stat];
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const valued = rows
    .map((row) => ({ row, value: statValue(stat, row.stats) }))
    .filter((v): v is { row: Row; value: number } => v.value !== null)
    .filter(({ row }) => {
      if (rule?.min === undefined) return true;
      const [total, perGame] = rule.min;
      return (num(row.stats, total) ?? 0) >= Math.ceil(perGame * games(row) - 1e-9);
    })
    .sort(
      (a, b) =>
        (rule?.asc ? a.value - b.value : b.value - a.value) ||
        text(a.row.player ?? a.row.team ?? "", b.row.player ?? b.row.team ?? "") ||
        text(a.row.player_id ?? a.row.team_id ?? "", b.row.player_id ?? b.row.team_id ?? ""),
    );
  let rank = 0;
  return valued.map((v, i) => {
    if (i === 0 || valued[i - 1]?.value !== v.value) rank = i + 1;
    return { rank, value: v.value, id: v.row.player_id ?? v.row.team_id };
  });
}

for (const dialect of DIALECTS) {
  describe(`statistics leaders on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);
    const expect400 = async (url: string, field: string) => {
      const { status, body } = await get(url);
      assert.equal(status, 400, `${url} → ${status}`);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, field, `${url}: ${body.error.message}`);
      return body.error.message as string;
    };

    async function all(url: string): Promise<Row[]> {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const { body } = await get(`${url}&per_page=100&page=${page}`);
        rows.push(...body.data);
        if (page >= body.pagination.total_pages) return rows;
      }
    }

    /** The sport's competition with the most player statistics rows. */

    for (const [sport, stat, type] of [
      ["football", "goals", "player"],
      ["football", "goals_per_game", "player"],
      ["football", "conceded_per_game", "team"],
      ["basketball", "points", "player"],
      ["basketball", "points_per_game", "player"],
      ["basketball", "won", "team"],
      ["cricket", "wickets", "player"],
      ["cricket", "strike_rate", "player"],
      ["baseball", "home_runs", "player"],
      ["baseball", "scored", "team"],
      ["esports", "map_mvps", "player"],
    ] as const) {
      test(`${sport} ${type} ${stat}: the season statistics ranked by hand`, async () => {
        const league = await busiestLeague(t.store, sport);
        const rows = await all(`/v1/${sport}/statistics?type=${type}&league=${league}`);
        const teams = await all(`/v1/${sport}/statistics?type=team&league=${league}`);
        const played = new Map(teams.map((r) => [r.team_id, num(r.stats, "played") ?? 0]));
        const most = Math.max(0, ...played.values());
        const expected = rankByHand(stat, rows, (row) => played.get(row.team_id) ?? most);
        assert.ok(expected.length > 0, "something to rank");
        const { status, body } = await get(
          `/v1/${sport}/statistics/leaders?stat=${stat}&type=${type}&league=${league}&limit=100`,
        );
        assert.equal(status, 200, JSON.stringify(body.error));
        assert.deepEqual(
          body.data.map(
            (e: { rank: number; value: number; player_id: string; team_id: string }) => ({
              rank: e.rank,
              value: e.value,
              id: type === "team" ? e.team_id : e.player_id,
            }),
          ),
          expected.slice(0, 100),
        );
        assert.equal(body.meta.stat, stat);
        assert.equal(body.meta.order, BY_HAND[stat]?.asc ? "asc" : "desc");
        assert.equal(body.meta.qualifier === null, BY_HAND[stat]?.min === undefined);
        const top = await get(
          `/v1/${sport}/statistics/leaders?stat=${stat}&type=${type}&league=${league}`,
        );
        assert.equal(top.body.data.length, Math.min(10, expected.length), "limit defaults to 10");
      });
    }

    test("ties share a rank (1, 2, 2, 4), then order by name and id; the limit cuts", async () => {
      const own = await insertStatLeague(t.store, "football", [
        { name: "Zoe Zed", team: 0, stats: { appearances: 10, goals: 7 } },
        { name: "Adam Ant", team: 1, stats: { appearances: 10, goals: 5 } },
        { name: "Will Top", team: 0, stats: { appearances: 10, goals: 9 } },
        { name: "Zoe Zed", team: 1, stats: { appearances: 10, goals: 7 } },
        { name: "Bea Low", team: 1, stats: { appearances: 10 } },
      ]);
      const [zed1, ant, top, zed2] = own.playerIds as [string, string, string, string];
      const url = `/v1/football/statistics/leaders?stat=goals&league=${own.competitionId}`;
      const { body } = await get(url);
      const sameName = [zed1, zed2].sort();
      assert.deepEqual(
        body.data.map((e: { rank: number; player_id: string }) => [e.rank, e.player_id]),
        [
          [1, top],
          [2, sameName[0]],
          [2, sameName[1]],
          [4, ant],
        ],
        "a row without the statistic is not ranked",
      );
      const cut = await get(`${url}&limit=2`);
      assert.deepEqual(
        cut.body.data.map((e: { rank: number }) => e.rank),
        [1, 2],
      );
    });

    test("baseball rates: ERA lowest first, qualifiers per team game, missing parts unranked", async () => {
      const own = await insertStatLeague(
        t.store,
        "baseball",
        [
          // 10 team games: ERA needs 30 outs pitched, batting average 31 plate appearances.
          { name: "Al Short", team: 0, stats: { outs_pitched: 29, earned_runs: 0 } },
          { name: "Bo Enough", team: 0, stats: { outs_pitched: 30, earned_runs: 5 } },
          { name: "Cy Best", team: 1, stats: { outs_pitched: 60, earned_runs: 5 } },
          { name: "Di Hitter", team: 1, stats: { plate_appearances: 31, at_bats: 28, hits: 10 } },
          { name: "Ed Few", team: 1, stats: { plate_appearances: 30, at_bats: 30, hits: 20 } },
          { name: "Fay Odd", team: 0, stats: { plate_appearances: 40, hits: 12 } },
        ],
        [{ played: 10 }, { played: 10 }],
      );
      const [, enough, best, hitter] = own.playerIds;
      const base = `/v1/baseball/statistics/leaders?league=${own.competitionId}`;
      const era = await get(`${base}&stat=era`);
      assert.equal(era.body.meta.order, "asc");
      assert.match(era.body.meta.qualifier, /3 outs pitched per game/);
      assert.deepEqual(
        era.body.data.map((e: { player_id: string; value: number }) => [e.player_id, e.value]),
        [
          [best, 2.25],
          [enough, 4.5],
        ],
      );
      const average = await get(`${base}&stat=batting_average`);
      assert.deepEqual(
        average.body.data.map((e: { player_id: string; value: number }) => [e.player_id, e.value]),
        [[hitter, 0.357]],
        "31 plate appearances qualify, 30 do not; no at-bats, no average",
      );
    });

    test("cricket economy and bowling average: lowest first, over per team game", async () => {
      const own = await insertStatLeague(
        t.store,
        "cricket",
        [
          { name: "A Tight", team: 0, stats: { balls_bowled: 24, runs_conceded: 20, wickets: 2 } },
          { name: "B Loose", team: 1, stats: { balls_bowled: 24, runs_conceded: 40, wickets: 8 } },
          { name: "C Brief", team: 1, stats: { balls_bowled: 23, runs_conceded: 5, wickets: 3 } },
          {
            name: "D Wicketless",
            team: 0,
            stats: { balls_bowled: 30, runs_conceded: 30, wickets: 0 },
          },
        ],
        [{ played: 4 }, { played: 4 }],
      );
      const [tight, loose, , wicketless] = own.playerIds;
      const base = `/v1/cricket/statistics/leaders?league=${own.competitionId}`;
      const economy = await get(`${base}&stat=economy`);
      assert.deepEqual(
        economy.body.data.map((e: { player_id: string; value: number }) => [e.player_id, e.value]),
        [
          [tight, 5],
          [wicketless, 6],
          [loose, 10],
        ],
      );
      const average = await get(`${base}&stat=bowling_average`);
      assert.deepEqual(
        average.body.data.map((e: { player_id: string; value: number }) => [e.player_id, e.value]),
        [
          [loose, 5],
          [tight, 10],
        ],
      );
    });

    test("tennis: statistics fed for competitors rank like any other", async () => {
      const own = await insertStatLeague(t.store, "tennis", [
        { name: "Ana Serve", team: 0, stats: { aces: 40, double_faults: 3 } },
        { name: "Bo Return", team: 1, stats: { aces: 12, double_faults: 9 } },
      ]);
      const { body } = await get(
        `/v1/tennis/statistics/leaders?stat=double_faults&league=${own.competitionId}`,
      );
      assert.deepEqual(
        body.data.map((e: { player_id: string }) => e.player_id),
        [own.playerIds[1], own.playerIds[0]],
      );
      await expect400(`/v1/tennis/statistics/leaders?stat=aces&type=team`, "type");
    });

    test("season: the current one by default, another by name, an unknown one a 400", async () => {
      const own = await insertStatLeague(t.store, "football", [
        { name: "Now Scorer", team: 0, stats: { goals: 3 } },
      ]);
      const oldSeason = newId("se");
      await t.store.db
        .insertInto("seasons")
        .values({
          id: oldSeason,
          sport: "football",
          competition_id: own.competitionId,
          name: "2025-2026",
          start_date: "2025-08-01",
          end_date: "2026-05-30",
          updated_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      await t.store.db
        .insertInto("player_season_stats")
        .values({
          sport: "football",
          player_id: own.playerIds[0] as string,
          team_id: own.teamIds[0],
          competition_id: own.competitionId,
          season_id: oldSeason,
          stats: JSON.stringify({ goals: 30 }),
          updated_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      const base = `/v1/football/statistics/leaders?stat=goals&league=${own.competitionId}`;
      const current = await get(base);
      assert.deepEqual(
        current.body.data.map((e: { value: number; season: string }) => [e.value, e.season]),
        [[3, "2026-2027"]],
      );
      const older = await get(`${base}&season=2025-2026`);
      assert.deepEqual(
        older.body.data.map((e: { value: number; season: string }) => [e.value, e.season]),
        [[30, "2025-2026"]],
      );
      await expect400(`${base}&season=2019-2020`, "season");
    });

    test("every bad value is a 400 naming its field; an unknown stat lists the allowed ones", async () => {
      const base = "/v1/football/statistics/leaders";
      await expect400(base, "stat");
      const message = await expect400(`${base}?stat=touchdowns`, "stat");
      assert.match(message, /goals, assists/);
      assert.match(await expect400(`${base}?stat=goals&type=team`, "stat"), /won/);
      await expect400(`${base}?stat=goals&type=coach`, "type");
      await expect400(`${base}?stat=goals&limit=0`, "limit");
      await expect400(`${base}?stat=goals&limit=101`, "limit");
      await expect400(`${base}?stat=goals&limit=1e1`, "limit");
      await expect400(`${base}?stat=goals&league=no-such-league`, "league");
      await expect400(`${base}?stat=goals&season=2026-2028`, "season");
      await expect400(`${base}?stat=goals&league=a&competition_id=b`, "competition_id");
      const { status } = await get("/v1/curling/statistics/leaders?stat=goals");
      assert.equal(status, 404);
    });

    test("every statistic /v1/sports lists is accepted and ranked in its order", async () => {
      const { body } = await get("/v1/sports");
      let checked = 0;
      for (const sport of body.data) {
        assert.ok(sport.leader_stats.length > 0, `${sport.sport} lists statistics`);
        for (const entry of sport.leader_stats) {
          const url = `/v1/${sport.sport}/statistics/leaders?stat=${entry.stat}&type=${entry.type}&limit=100`;
          const answer = await get(url);
          assert.equal(answer.status, 200, `${url}: ${JSON.stringify(answer.body.error)}`);
          assert.equal(answer.body.meta.order, entry.order);
          const values = answer.body.data.map((e: { value: number }) => e.value);
          const sorted = [...values].sort((a, b) => (entry.order === "asc" ? a - b : b - a));
          assert.deepEqual(values, sorted, url);
          checked++;
        }
      }
      assert.ok(checked > 100, `${checked} statistics`);
    });

    test("the read cache follows a statistics change", async () => {
      const own = await insertStatLeague(t.store, "football", [
        { name: "Kept Scorer", team: 0, stats: { goals: 2 } },
      ]);
      const url = `/v1/football/statistics/leaders?stat=goals&league=${own.competitionId}`;
      await waitFor(async () => (await t.app.inject(url)).headers["x-cache"] === "hit", {
        what: "a kept answer",
      });
      await t.store.db
        .updateTable("player_season_stats")
        .set({ stats: JSON.stringify({ goals: 6 }) })
        .where("player_id", "=", own.playerIds[0] as string)
        .execute();
      await waitFor(async () => (await t.app.inject(url)).json().data[0]?.value === 6, {
        what: "the new total",
      });
    });
  });
}
