/**
 * `sort` on /v1/{sport}/players and /v1/{sport}/teams through app.inject, once per dialect: for
 * each family the pages of a list sorted by a statistic follow the season totals /statistics
 * gives, keeping the default order among equals; profile fields put missing values last both
 * ways; without `league` a statistic is summed over every competition's current season; the
 * default order is unchanged; every bad `sort` is a 400 naming the allowed fields.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { busiestLeague, insertStatLeague } from "../helpers/stat-league.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

interface Item {
  player_id?: string;
  team_id?: string;
  [field: string]: unknown;
}

const idOf = (item: Item) => item.player_id ?? item.team_id ?? "";

for (const dialect of DIALECTS) {
  describe(`list sort on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);

    async function all(url: string, perPage = 100): Promise<Item[]> {
      const items: Item[] = [];
      const join = url.includes("?") ? "&" : "?";
      for (let page = 1; ; page++) {
        const { status, body } = await get(`${url}${join}per_page=${perPage}&page=${page}`);
        assert.equal(status, 200, `${url}: ${JSON.stringify(body.error)}`);
        items.push(...body.data);
        if (page >= body.pagination.total_pages) return items;
      }
    }

    /**
     * `sorted` is `unsorted` ordered by `key` (descending when asked), equal keys keeping their
     * order in `unsorted` (the list's default order).
     */
    function assertSortedBy(
      sorted: readonly Item[],
      unsorted: readonly Item[],
      key: (item: Item) => number,
      descending: boolean,
    ) {
      const position = new Map(unsorted.map((item, i) => [idOf(item), i]));
      const expected = [...unsorted].sort(
        (a, b) =>
          (descending ? key(b) - key(a) : key(a) - key(b)) ||
          (position.get(idOf(a)) ?? 0) - (position.get(idOf(b)) ?? 0),
      );
      assert.deepEqual(sorted.map(idOf), expected.map(idOf));
    }

    for (const [sport, playerStat, teamStat] of [
      ["football", "goals", "won"],
      ["basketball", "points", "scored"],
      ["cricket", "runs", "lost"],
      ["baseball", "home_runs", "won"],
      ["esports", "aces", "conceded"],
    ] as const) {
      test(`${sport}: -${playerStat} and ${teamStat} follow the season statistics, page by page`, async () => {
        const league = await busiestLeague(t.store, sport);
        const totals = new Map<string, number>();
        for (const type of ["player", "team"] as const) {
          for (const row of await all(`/v1/${sport}/statistics?type=${type}&league=${league}`)) {
            const stats = row.stats as Record<string, number>;
            const stat = type === "player" ? playerStat : teamStat;
            const id = (type === "player" ? row.player_id : row.team_id) as string;
            totals.set(id, (totals.get(id) ?? 0) + (stats[stat] ?? 0));
          }
        }
        assert.ok(
          [...totals.values()].some((v) => v > 0),
          "statistics to sort by",
        );
        const total = (item: Item) => totals.get(idOf(item)) ?? 0;
        const players = `/v1/${sport}/players?league=${league}`;
        assertSortedBy(
          await all(`${players}&sort=-${playerStat}`, 7),
          await all(players),
          total,
          true,
        );
        const teams = `/v1/${sport}/teams?league=${league}`;
        assertSortedBy(await all(`${teams}&sort=${teamStat}`, 3), await all(teams), total, false);
      });
    }

    test("profile fields: missing values last both ways; several keys; name is the default", async () => {
      const own = await insertStatLeague(t.store, "basketball", [
        { name: "Cal Tall", team: 0, stats: {}, height_cm: 210, shirt_number: 7 },
        { name: "Abe Short", team: 1, stats: {}, height_cm: 180, shirt_number: null },
        { name: "Ben Unknown", team: 0, stats: {}, height_cm: null, shirt_number: 23 },
        { name: "Dan Same", team: 1, stats: {}, height_cm: 180, shirt_number: 4 },
      ]);
      const [tall, short, unknown, same] = own.playerIds;
      const base = `/v1/basketball/players?league=${own.competitionId}`;
      const ids = async (sort: string) =>
        (await all(`${base}&sort=${sort}`)).map((item) => item.player_id);
      // Default order (last names): Same, Short, Tall, Unknown.
      assert.deepEqual(await ids("height_cm"), [same, short, tall, unknown]);
      assert.deepEqual(await ids("-height_cm"), [tall, same, short, unknown]);
      assert.deepEqual(await ids("-height_cm,-name"), [tall, short, same, unknown]);
      assert.deepEqual(await ids("-shirt_number"), [unknown, tall, same, short]);
      assert.deepEqual(
        await ids("name"),
        (await all(base)).map((item) => item.player_id),
      );
      assert.deepEqual(await ids("-name"), [unknown, tall, short, same]);
    });

    test("a statistic sums every competition's current season; with league, that one only", async () => {
      const first = await insertStatLeague(t.store, "football", [
        { name: "Two Leagues", team: 0, stats: { goals: 2 } },
        { name: "One League", team: 1, stats: { goals: 3 } },
      ]);
      const [both, one] = first.playerIds as [string, string];
      const second = await insertStatLeague(t.store, "football", []);
      await t.store.db
        .insertInto("player_season_stats")
        .values({
          sport: "football",
          player_id: both,
          team_id: first.teamIds[0],
          competition_id: second.competitionId,
          season_id: second.seasonId,
          stats: JSON.stringify({ goals: 2 }),
          updated_at: "2026-11-21T10:00:00Z",
        })
        .execute();
      const inLeague = await all(`/v1/football/players?league=${first.competitionId}&sort=-goals`);
      assert.deepEqual(inLeague.map(idOf), [one, both]);
      // Across every competition "Two Leagues" has 4: above "One League" (3).
      const sorted = (await all("/v1/football/players?search=league&sort=-goals")).map(idOf);
      assert.ok(sorted.indexOf(both) < sorted.indexOf(one), "4 goals before 3");
    });

    test("every bad sort is a 400 naming sort and the allowed fields", async () => {
      for (const [url, hint] of [
        [
          "/v1/football/players?sort=bogus",
          /name, shirt_number, date_of_birth, height_cm, updated_at, goals/,
        ],
        ["/v1/football/players?sort=-", /an empty field/],
        ["/v1/football/players?sort=name,", /an empty field/],
        ["/v1/football/players?sort=goals,-goals", /more than once/],
        ["/v1/football/players?sort=goals_per_game", /goals, assists/],
        ["/v1/football/players?sort=touchdowns", /goals/],
        ["/v1/football/players?sort=", /empty/],
        ["/v1/football/teams?sort=goals", /name, founded, country, updated_at, played, won/],
        ["/v1/tennis/teams?sort=won", /of: name, founded, country, updated_at \(/],
        ["/v1/baseball/players?sort=era", /home_runs/],
      ] as const) {
        const { status, body } = await get(url);
        assert.equal(status, 400, url);
        assert.equal(body.error.code, "invalid_parameter");
        assert.equal(body.error.field, "sort", url);
        assert.match(body.error.message, hint, url);
      }
    });

    test("/v1/sports lists each list's sort fields, and every one sorts", async () => {
      const { body } = await get("/v1/sports");
      for (const sport of body.data) {
        for (const [list, fields] of [
          ["players", sport.sort_fields.players],
          ["teams", sport.sort_fields.teams],
        ] as const) {
          assert.ok(fields.includes("name"));
          for (const field of fields) {
            const url = `/v1/${sport.sport}/${list}?sort=-${field}&per_page=5`;
            const answer = await get(url);
            assert.equal(answer.status, 200, `${url}: ${JSON.stringify(answer.body.error)}`);
          }
        }
      }
    });
  });
}
