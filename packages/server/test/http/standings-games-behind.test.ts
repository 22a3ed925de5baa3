/**
 * `games_behind` on a win-percentage table that spans several groups (issue 34, item 5): through
 * GET /v1/{sport}/standings on the real store, once per dialect, each row is measured against the
 * leader of its own groups (its division within its league), not the table's first row; with
 * `group=` against that group's first row; a table without groups against its first row. Kept
 * rows written under the old rule answer the new one.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newId } from "../../src/lib/ids.js";
import type { Sport } from "../../src/sports/types.js";
import { type Dataset, emptyDataset } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";

const STAMP = "2026-11-21T10:00:00Z";

interface Club {
  name: string;
  /** Broadest first; none for a table without groups. */
  groups?: Array<{ kind: string; name: string }>;
}

/**
 * A league season of `sport` with these clubs and these finished games (home wins `[home, away]`
 * as many times as `times`); returns its slug.
 */
function seasonWith(
  sport: Sport,
  clubs: Record<string, Club>,
  games: Array<[home: string, away: string, times: number]>,
): { slug: string; dataset: Dataset } {
  const d = emptyDataset();
  const competitionId = newId("co");
  const seasonId = newId("se");
  const slug = `gb-${competitionId.slice(-8)}`;
  const country = `T-${competitionId.slice(-6).toUpperCase()}`;
  d.countries.push({ code: country, name: "Testland", updated_at: STAMP });
  d.competitions.push({
    id: competitionId,
    sport,
    slug,
    name: "Games Behind League",
    country_code: country,
    tier: 1,
    type: "league",
    gender: "men",
    current_season_id: seasonId,
    rules: {},
    source: "test",
    search_name: "games behind league",
    updated_at: STAMP,
  });
  d.seasons.push({
    id: seasonId,
    sport,
    competition_id: competitionId,
    name: "2020",
    start_date: "2020-07-23",
    end_date: "2020-09-27",
    updated_at: STAMP,
  });
  const ids = new Map<string, string>();
  for (const [code, club] of Object.entries(clubs)) {
    const id = newId("tm");
    ids.set(code, id);
    d.teams.push({
      id,
      sport,
      slug: `team-${id}`,
      name: club.name,
      short_name: club.name,
      abbreviation: code,
      kind: "team",
      country_code: country,
      city: null,
      founded: null,
      venue: null,
      player_id: null,
      search_name: club.name.toLowerCase(),
      updated_at: STAMP,
    });
    d.team_competitions.push({
      team_id: id,
      competition_id: competitionId,
      season_id: seasonId,
      groups: club.groups ?? null,
    });
  }
  let day = 0;
  for (const [home, away, times] of games) {
    for (let i = 0; i < times; i++) {
      day += 1;
      d.fixtures.push({
        id: newId("fx"),
        sport,
        competition_id: competitionId,
        season_id: seasonId,
        round: null,
        kickoff: new Date(Date.UTC(2020, 6, 23 + day, 19)).toISOString().replace(".000", ""),
        status: "finished",
        period: null,
        minute: null,
        home_team_id: ids.get(home) ?? "",
        away_team_id: ids.get(away) ?? "",
        venue: null,
        officials: [],
        broadcast: [],
        score: { home: 5, away: 2 },
        home_score: 5,
        away_score: 2,
        result: { outcome: "home", winner_team_id: ids.get(home), decided_by: "regulation" },
        participants: null,
        last_event: null,
        sequence: 0,
        source: "test",
        created_at: STAMP,
        updated_at: STAMP,
      });
    }
  }
  return { slug, dataset: d };
}

const AL = (division: string) => [
  { kind: "league", name: "American League" },
  { kind: "division", name: division },
];
const NL = (division: string) => [
  { kind: "league", name: "National League" },
  { kind: "division", name: division },
];

/**
 * Three divisions, two of them named "Central" (one per league, as the groups' full path tells
 * them apart): NL Central STL 3-0, CHC 0-3; NL West LAD 4-1, SD 1-4; AL Central MIN 2-1, CLE 1-2.
 * Table order: STL 1.000, LAD .800, MIN .667, CLE .333, SD .200, CHC .000.
 */
const MLB_LIKE = seasonWith(
  "baseball",
  {
    STL: { name: "St. Louis Birds", groups: NL("Central") },
    CHC: { name: "Chicago Test", groups: NL("Central") },
    LAD: { name: "Los Angeles Blue", groups: NL("West") },
    SD: { name: "San Diego Friars", groups: NL("West") },
    MIN: { name: "Minnesota Twins Test", groups: AL("Central") },
    CLE: { name: "Cleveland Test", groups: AL("Central") },
  },
  [
    ["STL", "CHC", 3],
    ["LAD", "SD", 4],
    ["SD", "LAD", 1],
    ["MIN", "CLE", 2],
    ["CLE", "MIN", 1],
  ],
);

/** No groups: A 2-0, B 1-1, C 0-2 → games behind A: 0, 1, 2. */
const UNGROUPED = seasonWith(
  "basketball",
  { A: { name: "Alpha Hoops" }, B: { name: "Beta Hoops" }, C: { name: "Gamma Hoops" } },
  [
    ["A", "B", 1],
    ["A", "C", 1],
    ["B", "C", 1],
  ],
);

type Row = { team: string; won: number; lost: number; games_behind: number; group: string };

for (const dialect of DIALECTS) {
  describe(`standings games_behind by group on ${dialect}`, {
    skip: unavailable(dialect),
  }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      await writeDataset(t.store, MLB_LIKE.dataset);
      await writeDataset(t.store, UNGROUPED.dataset);
    });
    after(async () => {
      await t?.dispose();
    });

    const table = async (sport: string, query: string): Promise<Row[]> => {
      const { status, body } = await getJson(t.app, `/v1/${sport}/standings?${query}`);
      assert.equal(status, 200, JSON.stringify(body.error));
      return body.data as Row[];
    };

    test("the whole table: each row behind its own division's leader", async () => {
      const rows = await table("baseball", `league=${MLB_LIKE.slug}&season=2020`);
      assert.deepEqual(
        rows.map((r) => [r.team, r.won, r.lost, r.group, r.games_behind]),
        [
          ["St. Louis Birds", 3, 0, "Central", 0],
          // Behind the NL West's leader only: the table's first row (STL) is another division.
          ["Los Angeles Blue", 4, 1, "West", 0],
          // The AL Central's leader: 0, not 1 behind STL, which leads the *NL* Central.
          ["Minnesota Twins Test", 2, 1, "Central", 0],
          ["Cleveland Test", 1, 2, "Central", 1],
          ["San Diego Friars", 1, 4, "West", 3],
          ["Chicago Test", 0, 3, "Central", 3],
        ],
      );
      // Unchanged: group= measures against that group's first row (a league: two divisions).
      const american = await table(
        "baseball",
        `league=${MLB_LIKE.slug}&season=2020&group=American%20League`,
      );
      assert.deepEqual(
        american.map((r) => [r.team, r.games_behind]),
        [
          ["Minnesota Twins Test", 0],
          ["Cleveland Test", 1],
        ],
      );
      const national = await table(
        "baseball",
        `league=${MLB_LIKE.slug}&season=2020&group=National%20League`,
      );
      assert.deepEqual(
        national.map((r) => [r.team, r.games_behind]),
        [
          ["St. Louis Birds", 0],
          ["Los Angeles Blue", 0],
          ["San Diego Friars", 3],
          ["Chicago Test", 3],
        ],
      );
      // Unchanged: a table without groups measures against its first row.
      const ungrouped = await table("basketball", `league=${UNGROUPED.slug}`);
      assert.deepEqual(
        ungrouped.map((r) => [r.team, r.games_behind]),
        [
          ["Alpha Hoops", 0],
          ["Beta Hoops", 1],
          ["Gamma Hoops", 2],
        ],
      );
    });

    test("kept rows are computed by division; rows kept under the old rule answer by division", async () => {
      // What a store kept before the fix: games behind the table's first row (STL, 3-0).
      const kept = await t.store.db
        .selectFrom("standings_rows as r")
        .innerJoin("competitions as c", "c.id", "r.competition_id")
        .select(["r.competition_id", "r.season_id", "r.team_id", "r.entry"])
        .where("c.slug", "=", MLB_LIKE.slug)
        .execute();
      assert.equal(kept.length, 6);
      // The kept rows themselves are computed by division.
      const stored = new Map(
        kept.map((row) => {
          const entry = JSON.parse(row.entry) as Row;
          return [entry.team, entry.games_behind];
        }),
      );
      assert.equal(stored.get("Minnesota Twins Test"), 0);
      assert.equal(stored.get("Cleveland Test"), 1);
      for (const row of kept) {
        const entry = JSON.parse(row.entry) as Row;
        entry.games_behind = (3 - entry.won + (entry.lost - 0)) / 2;
        await t.store.db
          .updateTable("standings_rows")
          .set({ entry: JSON.stringify(entry) })
          .where("competition_id", "=", row.competition_id)
          .where("season_id", "=", row.season_id)
          .where("team_id", "=", row.team_id)
          .execute();
      }
      const rows = await table("baseball", `league=${MLB_LIKE.slug}&season=2020&nocache=1`);
      assert.deepEqual(
        rows.map((r) => [r.team, r.games_behind]),
        [
          ["St. Louis Birds", 0],
          ["Los Angeles Blue", 0],
          ["Minnesota Twins Test", 0],
          ["Cleveland Test", 1],
          ["San Diego Friars", 3],
          ["Chicago Test", 3],
        ],
      );
    });
  });
}
