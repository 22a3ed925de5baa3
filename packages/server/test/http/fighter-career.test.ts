/**
 * A fighter's career through app.inject, once per dialect, on rows of its own: one fighter with
 * wins, a loss, a draw, a no contest (an overturned win), a win stored by `outcome` alone and an
 * unfought bout, across two seasons of one promotion and a season of another.
 * - the player profile's `record` counts every finished bout of theirs in the store (all
 *   competitions and seasons), is null for a player of a team, is in the OpenAPI document, and
 *   follows a bout that finishes later (the read cache drops the kept profile);
 * - `results?team=<fighter>` spans every season unless `season` (or a date) narrows it, while a
 *   league's and a team's results stay on the current season.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { newId } from "../../src/lib/ids.js";
import { type Dataset, emptyDataset, type RecordOf } from "../../src/store/dataset.js";
import { writeDataset } from "../../src/store/write-dataset.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { miniLeague } from "../helpers/factories.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

const SPORT = "combat-sports";
const STAMP = "2026-11-21T10:00:00Z";

interface Fighter {
  playerId: string;
  teamId: string;
  slug: string;
}

interface Promotion {
  competitionId: string;
  slug: string;
  /** Season id by name (`"2025"`). */
  seasons: Map<string, string>;
}

type Fixture = RecordOf<"fixtures">;

/** A fighter's world: its rows, and the fixture ids of the bouts by label. */
interface Career {
  dataset: Dataset;
  ana: Fighter;
  /** Ana's only opponent in the second promotion. */
  dana: Fighter;
  ufc: Promotion;
  other: Promotion;
  bouts: Record<string, string>;
}

function fighter(d: Dataset, name: string, country: string): Fighter {
  const playerId = newId("pl");
  const teamId = newId("tm");
  const slug = `${name.toLowerCase().replace(/ /g, "-")}-${teamId.slice(-8)}`;
  const [first = name, last = name] = name.split(" ");
  const names = { slug, name, search_name: name.toLowerCase() };
  d.players.push({
    ...names,
    id: playerId,
    sport: SPORT,
    team_id: teamId,
    first_name: first,
    last_name: last,
    position: "Lightweight",
    nationality: null,
    date_of_birth: null,
    shirt_number: null,
    height_cm: 175,
    detail: { stance: "orthodox", weight_class: "Lightweight" },
    updated_at: STAMP,
  });
  d.teams.push({
    ...names,
    id: teamId,
    sport: SPORT,
    short_name: `${first.charAt(0)}. ${last}`,
    abbreviation: last.slice(0, 3).toUpperCase(),
    kind: "individual",
    country_code: country,
    city: null,
    founded: null,
    venue: null,
    player_id: playerId,
    updated_at: STAMP,
  });
  return { playerId, teamId, slug };
}

/** A promotion with one season per calendar year; the last one is current. */
function promotion(d: Dataset, name: string, country: string, years: number[]): Promotion {
  const competitionId = newId("co");
  const slug = `promo-${competitionId.slice(-8)}`;
  const seasons = new Map(years.map((year) => [String(year), newId("se")]));
  const current = seasons.get(String(years.at(-1)));
  d.competitions.push({
    id: competitionId,
    sport: SPORT,
    slug,
    name,
    country_code: country,
    tier: 1,
    type: "tour",
    gender: "mixed",
    current_season_id: current ?? null,
    rules: { rounds: 3 },
    source: "test",
    search_name: name.toLowerCase(),
    updated_at: STAMP,
  });
  for (const [year, id] of seasons) {
    d.seasons.push({
      id,
      sport: SPORT,
      competition_id: competitionId,
      name: year,
      start_date: `${year}-01-01`,
      end_date: `${year}-12-31`,
      updated_at: STAMP,
    });
  }
  return { competitionId, slug, seasons };
}

interface BoutSpec {
  promotion: Promotion;
  date: string;
  red: Fighter;
  blue: Fighter;
  status?: string;
  /** The stored result; null before the bout. */
  result: Record<string, unknown> | null;
  score?: { home: number; away: number } | null;
}

function bout(d: Dataset, spec: BoutSpec): string {
  const id = newId("fx");
  const year = spec.date.slice(0, 4);
  const seasonId = spec.promotion.seasons.get(year);
  assert.ok(seasonId, `no season ${year}`);
  const score = spec.score === undefined ? { home: 0, away: 0 } : spec.score;
  const row: Fixture = {
    id,
    sport: SPORT,
    competition_id: spec.promotion.competitionId,
    season_id: seasonId,
    round: `${spec.date} Test Arena`,
    kickoff: `${spec.date}T20:00:00Z`,
    status: spec.status ?? "finished",
    period: null,
    minute: null,
    home_team_id: spec.red.teamId,
    away_team_id: spec.blue.teamId,
    venue: "Test Arena",
    officials: [],
    broadcast: [],
    score,
    home_score: score?.home ?? null,
    away_score: score?.away ?? null,
    result: spec.result,
    participants: null,
    last_event: null,
    sequence: 0,
    source: "test",
    created_at: STAMP,
    updated_at: STAMP,
  };
  d.fixtures.push(row);
  return id;
}

const won = (winner: Fighter, side: "home" | "away", decidedBy: string) => ({
  outcome: side,
  winner_team_id: winner.teamId,
  decided_by: decidedBy,
  text: "a win",
});

/**
 * Ana's bouts, oldest first:
 * 2024 (the other promotion, its current season): Dana def. by Ana (submission);
 * 2025 (UFC, a past season): Ana def. Bea (tko), Cleo def. Ana (decision), Ana–Bea draw;
 * 2026 (UFC, current): Bea–Ana no contest (Ana's win overturned), Ana def. Cleo (the result
 * names no `winner_team_id`, only the winning side's `outcome`), and Ana–Bea scheduled in
 * December (not fought).
 * Record: 3 wins (tko, submission, outcome), 1 loss, 1 draw, 1 no contest.
 */
function career(): Career {
  const d = emptyDataset();
  const country = `T-${newId("co").slice(-6).toUpperCase()}`;
  d.countries.push({ code: country, name: "Testland", updated_at: STAMP });
  const ufc = promotion(d, "Test Fighting Championship", country, [2025, 2026]);
  const other = promotion(d, "Other Combat League", country, [2024]);
  const ana = fighter(d, "Ana Costa", country);
  const bea = fighter(d, "Bea Lima", country);
  const cleo = fighter(d, "Cleo Ramos", country);
  const dana = fighter(d, "Dana Silva", country);
  for (const f of [ana, dana]) {
    d.team_competitions.push({
      team_id: f.teamId,
      competition_id: other.competitionId,
      season_id: other.seasons.get("2024") ?? "",
    });
  }
  for (const seasonId of ufc.seasons.values()) {
    for (const f of [ana, bea, cleo]) {
      d.team_competitions.push({
        team_id: f.teamId,
        competition_id: ufc.competitionId,
        season_id: seasonId,
      });
    }
  }
  const bouts = {
    otherWin: bout(d, {
      promotion: other,
      date: "2024-10-05",
      red: dana,
      blue: ana,
      result: won(ana, "away", "submission"),
      score: { home: 0, away: 1 },
    }),
    tkoWin: bout(d, {
      promotion: ufc,
      date: "2025-03-01",
      red: ana,
      blue: bea,
      result: won(ana, "home", "tko"),
      score: { home: 1, away: 0 },
    }),
    loss: bout(d, {
      promotion: ufc,
      date: "2025-06-07",
      red: cleo,
      blue: ana,
      result: won(cleo, "home", "decision"),
      score: { home: 1, away: 0 },
    }),
    draw: bout(d, {
      promotion: ufc,
      date: "2025-09-13",
      red: ana,
      blue: bea,
      result: { outcome: "draw", winner_team_id: null, decided_by: "draw", text: "draw" },
    }),
    noContest: bout(d, {
      promotion: ufc,
      date: "2026-02-14",
      red: bea,
      blue: ana,
      result: {
        outcome: "no_result",
        winner_team_id: null,
        decided_by: "no_contest",
        text: "Bea Lima vs Ana Costa: no contest (overturned; Ana Costa had won)",
        overturned: { original_winner: "Ana Costa", original_winner_side: "away" },
      },
    }),
    outcomeWin: bout(d, {
      promotion: ufc,
      date: "2026-05-09",
      red: cleo,
      blue: ana,
      result: {
        outcome: "away",
        winner_team_id: null,
        decided_by: "decision",
        text: "Ana Costa def. Cleo Ramos",
      },
      score: { home: 0, away: 1 },
    }),
    scheduled: bout(d, {
      promotion: ufc,
      date: "2026-12-05",
      red: ana,
      blue: bea,
      status: "scheduled",
      result: null,
      score: null,
    }),
  };
  return { dataset: d, ana, dana, ufc, other, bouts };
}

for (const dialect of DIALECTS) {
  describe(`a fighter's career on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
    });
    after(async () => {
      await t?.dispose();
    });

    const get = (url: string) => getJson(t.app, url);

    async function written(): Promise<Career> {
      const c = career();
      await writeDataset(t.store, c.dataset);
      return c;
    }

    test("the profile carries the career record over every competition and season", async () => {
      const c = await written();
      const { status, body } = await get(`/v1/${SPORT}/players/${c.ana.playerId}`);
      assert.equal(status, 200, JSON.stringify(body.error));
      assert.deepEqual(body.data.record, {
        wins: 3,
        losses: 1,
        draws: 1,
        no_contests: 1,
        text: "3-1-1 (1 NC)",
      });
      // Her opponent in the other promotion: one bout, one loss, no "(NC)" part.
      const dana = await get(`/v1/${SPORT}/players/${c.dana.playerId}`);
      assert.deepEqual(dana.body.data.record, {
        wins: 0,
        losses: 1,
        draws: 0,
        no_contests: 0,
        text: "0-1-0",
      });
      // A player of a team has no record of their own.
      const league = miniLeague("football");
      const playerId = newId("pl");
      league.dataset.players.push({
        id: playerId,
        sport: "football",
        team_id: league.teamIds[0],
        slug: `player-${playerId}`,
        name: "Tom Test",
        first_name: "Tom",
        last_name: "Test",
        position: "forward",
        nationality: null,
        date_of_birth: null,
        shirt_number: 9,
        height_cm: null,
        detail: {},
        search_name: "tom test",
        updated_at: STAMP,
      });
      await writeDataset(t.store, league.dataset);
      const footballer = await get(`/v1/football/players/${playerId}`);
      assert.equal(footballer.status, 200, JSON.stringify(footballer.body.error));
      assert.equal(footballer.body.data.record, null);
    });

    test("the OpenAPI document describes the record", async () => {
      const doc = (await t.app.inject("/v1/openapi.json")).json();
      const data =
        doc.paths["/v1/{sport}/players/{id}"].get.responses["200"].content["application/json"]
          .schema.properties.data;
      assert.ok(data.required.includes("record"));
      const record = data.properties.record.anyOf.find(
        (s: { type?: string }) => s.type === "object",
      );
      assert.ok(record, "record is an object or null");
      assert.deepEqual(Object.keys(record.properties).sort(), [
        "draws",
        "losses",
        "no_contests",
        "text",
        "wins",
      ]);
      for (const key of ["wins", "losses", "draws", "no_contests"]) {
        assert.equal(record.properties[key].type, "integer");
      }
    });

    test("the record follows a bout that finishes after the profile was kept", async () => {
      const c = await written();
      const url = `/v1/${SPORT}/players/${c.ana.playerId}`;
      await waitFor(async () => (await t.app.inject(url)).headers["x-cache"] === "hit", {
        what: "a kept answer",
      });
      assert.equal((await t.app.inject(url)).json().data.record.wins, 3);
      const base = c.dataset.fixtures.find((f) => f.id === c.bouts.scheduled);
      assert.ok(base);
      const later = emptyDataset();
      later.fixtures.push({
        ...base,
        id: newId("fx"),
        kickoff: "2026-11-14T20:00:00Z",
        status: "finished",
        score: { home: 0, away: 1 },
        home_score: 0,
        away_score: 1,
        result: { outcome: "away", winner_team_id: base.away_team_id, decided_by: "tko", text: "" },
        updated_at: "2026-12-05T22:00:00Z",
      });
      await writeDataset(t.store, later);
      await waitFor(async () => (await t.app.inject(url)).json().data.record.losses === 2, {
        what: "the profile to count the new bout",
      });
      assert.equal((await t.app.inject(url)).json().data.record.text, "3-2-1 (1 NC)");
    });

    test("a fighter's results span every season unless season or a date narrows them", async () => {
      const c = await written();
      const ids = async (url: string) => {
        const { status, body } = await get(url);
        assert.equal(status, 200, `${url}: ${JSON.stringify(body.error)}`);
        assert.equal(body.pagination.total, body.data.length);
        return body.data.map((r: { fixture_id: string }) => r.fixture_id);
      };
      const b = c.bouts;
      const all = [b.outcomeWin, b.noContest, b.draw, b.loss, b.tkoWin, b.otherWin];
      assert.deepEqual(await ids(`/v1/${SPORT}/results?team=${c.ana.teamId}`), all);
      assert.deepEqual(await ids(`/v1/${SPORT}/results?team_id=${c.ana.slug}`), all);
      assert.deepEqual(
        await ids(`/v1/${SPORT}/results?team=${c.ana.teamId}&league=${c.ufc.slug}`),
        all.slice(0, 5),
      );
      assert.deepEqual(await ids(`/v1/${SPORT}/results?team=${c.ana.teamId}&season=2025`), [
        b.draw,
        b.loss,
        b.tkoWin,
      ]);
      assert.deepEqual(
        await ids(`/v1/${SPORT}/results?team=${c.ana.teamId}&date_from=2026-01-01`),
        [b.outcomeWin, b.noContest],
      );
      // Without a fighter: each competition's current season, as before.
      assert.deepEqual(await ids(`/v1/${SPORT}/results?league=${c.ufc.slug}`), [
        b.outcomeWin,
        b.noContest,
      ]);
      // A team of a team sport: its current season only.
      const league = miniLeague("football");
      const old = newId("se");
      league.dataset.seasons.push({
        id: old,
        sport: "football",
        competition_id: league.competitionId,
        name: "2025-2026",
        start_date: "2025-08-01",
        end_date: "2026-05-30",
        updated_at: STAMP,
      });
      const current = league.dataset.fixtures[0];
      assert.ok(current);
      const lastSeason = { ...current, id: newId("fx"), season_id: old };
      lastSeason.kickoff = "2026-03-14T15:00:00Z";
      league.dataset.fixtures.push(lastSeason);
      await writeDataset(t.store, league.dataset);
      const team = league.teamIds[0];
      assert.deepEqual(await ids(`/v1/football/results?team=${team}`), [current.id]);
      assert.deepEqual(await ids(`/v1/football/results?team=${team}&season=2025-2026`), [
        lastSeason.id,
      ]);
    });
  });
}
