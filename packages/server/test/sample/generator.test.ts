/**
 * The whole sample dataset: deterministic, referentially whole, consistent (scores = events,
 * standings derivable from results) and shaped like each sport.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { generateSampleData } from "../../src/sample/generate.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import { computeStandings } from "../../src/sports/standings.js";
import { type Outcome, type Score, SPORTS } from "../../src/sports/types.js";
import { DATASET_TABLES, type Dataset } from "../../src/store/dataset.js";
import { PINNED } from "./pinned-datasets.js";

/** A pinned seed and day (pinned-datasets.ts), at a moment other than the pinned midnight. */
const SEED = 7;
const ANCHOR = new Date("2026-11-21T09:30:00Z");
const dataset = generateSampleData({ seed: SEED, anchor: ANCHOR });

const digest = (d: Dataset) => createHash("sha256").update(JSON.stringify(d)).digest("hex");

describe("sample data generator", () => {
  // The world is generated once here: its bytes equal the pinned world's of the same seed,
  // generated at midnight. That another seed differs is dataset-hash.test.ts's (two seeds, two digests).
  test("any moment of the day gives the same bytes as the day's midnight", () => {
    const pinned = PINNED.find(([seed, world]) => seed === SEED && world === "full");
    assert.ok(pinned, "the seed's full world is pinned");
    assert.equal(digest(dataset), pinned[2]);
  });

  test("every table has rows", () => {
    for (const table of DATASET_TABLES) {
      if (table === "standings_adjustments") continue;
      assert.ok(dataset[table].length > 0, `${table} is empty`);
    }
  });

  test("identifiers are unique, opaque and not sequential", () => {
    const ids = [
      ...dataset.competitions.map((r) => r.id),
      ...dataset.seasons.map((r) => r.id),
      ...dataset.teams.map((r) => r.id),
      ...dataset.players.map((r) => r.id),
      ...dataset.fixtures.map((r) => r.id),
      ...dataset.match_events.map((r) => r.id),
    ];
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids.slice(0, 500)) assert.match(id, /^[a-z]{2,3}_[0-9a-z]{16}$/);
  });

  test("referential integrity: every reference points at a row that exists", () => {
    const has = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));
    const countries = new Set(dataset.countries.map((c) => c.code));
    const competitions = has(dataset.competitions);
    const seasons = has(dataset.seasons);
    const teams = has(dataset.teams);
    const players = has(dataset.players);
    const fixtures = has(dataset.fixtures);
    for (const c of dataset.competitions) {
      assert.ok(countries.has(c.country_code), `competition ${c.id} country ${c.country_code}`);
      assert.ok(c.current_season_id === null || seasons.has(c.current_season_id));
    }
    for (const s of dataset.seasons) assert.ok(competitions.has(s.competition_id));
    for (const f of dataset.fixtures) {
      assert.ok(competitions.has(f.competition_id) && seasons.has(f.season_id), `fixture ${f.id}`);
      for (const team of [f.home_team_id, f.away_team_id]) {
        assert.ok(team === null || teams.has(team), `fixture ${f.id} team ${team}`);
      }
    }
    for (const e of dataset.match_events) {
      assert.ok(fixtures.has(e.fixture_id), `event ${e.id}`);
      assert.ok(e.team_id === null || teams.has(e.team_id), `event ${e.id} team`);
      assert.ok(
        e.player_id === null || players.has(e.player_id),
        `event ${e.id} player ${e.player_id}`,
      );
    }
    for (const p of dataset.players) assert.ok(p.team_id === null || teams.has(p.team_id));
    for (const l of dataset.lineups) assert.ok(fixtures.has(l.fixture_id) && teams.has(l.team_id));
    for (const o of dataset.odds) assert.ok(fixtures.has(o.fixture_id));
    for (const s of dataset.player_season_stats) assert.ok(players.has(s.player_id));
  });

  test("all ten sports have competitions with finished and upcoming fixtures", () => {
    for (const sport of SPORTS) {
      const fixtures = dataset.fixtures.filter((f) => f.sport === sport);
      const finished = fixtures.filter((f) => f.status === "finished");
      const upcoming = fixtures.filter(
        (f) => f.status === "scheduled" && f.kickoff > ANCHOR.toISOString(),
      );
      assert.ok(finished.length > 0, `${sport}: no finished fixtures`);
      assert.ok(upcoming.length > 0, `${sport}: no upcoming fixtures`);
      const soon = upcoming.filter(
        (f) => Date.parse(f.kickoff) < ANCHOR.getTime() + 14 * 86_400_000,
      );
      assert.ok(soon.length > 0, `${sport}: nothing in the next two weeks`);
    }
  });

  test("every finished head-to-head score is the fold of its events, and events are in order", () => {
    const events = groupBy(dataset.match_events, (e) => e.fixture_id);
    for (const f of dataset.fixtures) {
      const module = SPORT_MODULES[f.sport as keyof typeof SPORT_MODULES];
      if (f.status !== "finished" || module.format !== "head_to_head") continue;
      const list = (events.get(f.id) ?? []).sort((a, b) => a.sequence - b.sequence);
      assert.deepEqual(
        list.map((e) => e.sequence),
        list.map((_, i) => i + 1),
        `${f.id} sequences`,
      );
      let score = module.emptyScore() as Score;
      const sideOf = (teamId: string | null) =>
        teamId === null ? null : teamId === f.home_team_id ? "home" : "away";
      for (const e of list) {
        score = module.applyEvent(score, {
          type: e.type,
          team: sideOf(e.team_id),
          period: e.period,
          minute: e.minute,
          detail: e.detail as Record<string, unknown>,
        });
      }
      assert.deepEqual(score, f.score, `${f.sport} ${f.id}: score differs from its events`);
      assert.equal(f.home_score, score.home);
      assert.equal(f.away_score, score.away);
      assert.equal(f.sequence, list.length);
      const minutes = list.map((e) => e.minute ?? 0);
      assert.ok(
        minutes.every((m, i) => i === 0 || m >= (minutes[i - 1] ?? 0)),
        `${f.id} minutes go back`,
      );
    }
  });

  test("standings are derivable from results: games and points add up", () => {
    for (const competition of dataset.competitions) {
      const module = SPORT_MODULES[competition.sport as keyof typeof SPORT_MODULES];
      if (module.standings === null || competition.type !== "league") continue;
      const finished = dataset.fixtures.filter(
        (f) => f.competition_id === competition.id && f.status === "finished",
      );
      const teamIds = dataset.team_competitions
        .filter((tc) => tc.competition_id === competition.id)
        .map((tc) => tc.team_id);
      const teams = dataset.teams.filter((t) => teamIds.includes(t.id));
      const rows = computeStandings({
        rules: module.standings,
        teams: teams.map((t) => ({ id: t.id, name: t.name })),
        results: finished.map((f) => ({
          homeTeamId: f.home_team_id as string,
          awayTeamId: f.away_team_id as string,
          home: f.home_score as number,
          away: f.away_score as number,
          outcome: (f.result as { outcome: Outcome }).outcome,
          kickoff: f.kickoff,
        })),
      });
      assert.equal(rows.length, teams.length);
      assert.equal(
        rows.reduce((n, r) => n + r.played, 0),
        finished.length * 2,
        competition.slug,
      );
      assert.equal(
        rows.reduce((n, r) => n + r.won, 0),
        rows.reduce((n, r) => n + r.lost, 0),
      );
      assert.equal(
        rows.reduce((n, r) => n + r.goals_for, 0),
        rows.reduce((n, r) => n + r.goals_against, 0),
      );
      const stats = dataset.team_season_stats.filter((s) => s.competition_id === competition.id);
      for (const row of rows) {
        const teamStats = stats.find((s) => s.team_id === row.team_id)?.stats as {
          played: number;
          won: number;
        };
        assert.equal(
          teamStats.played,
          row.played,
          `${competition.slug}: stats disagree with results`,
        );
        assert.equal(teamStats.won, row.won);
      }
    }
  });

  test("football looks like football: about 2.7 goals a match and a realistic draw share", () => {
    const games = finishedOf("football");
    assert.ok(games.length > 400);
    const goals = mean(games.map((f) => (f.home_score ?? 0) + (f.away_score ?? 0)));
    const draws = games.filter((f) => f.home_score === f.away_score).length / games.length;
    const homeWins =
      games.filter((f) => (f.home_score ?? 0) > (f.away_score ?? 0)).length / games.length;
    assert.ok(goals > 2.4 && goals < 3.0, `goals per match ${goals}`);
    assert.ok(draws > 0.18 && draws < 0.33, `draw share ${draws}`);
    assert.ok(homeWins > 0.36 && homeWins < 0.54, `home win share ${homeWins}`);
  });

  test("football leagues have 18–20 clubs in a double round robin", () => {
    for (const c of dataset.competitions.filter((x) => x.sport === "football")) {
      const teams = dataset.team_competitions.filter((tc) => tc.competition_id === c.id).length;
      const fixtures = dataset.fixtures.filter((f) => f.competition_id === c.id).length;
      assert.ok(teams >= 18 && teams <= 20, `${c.slug}: ${teams} clubs`);
      assert.equal(fixtures, teams * (teams - 1));
    }
  });

  test("head-to-head sports score like their sport", () => {
    const perSide = (sport: string) =>
      mean(finishedOf(sport).flatMap((f) => [f.home_score ?? 0, f.away_score ?? 0]));
    const bounds: Array<[string, number, number]> = [
      ["basketball", 95, 125],
      ["american-football", 17, 28],
      ["baseball", 3.5, 5.5],
    ];
    for (const [sport, low, high] of bounds) {
      const value = perSide(sport);
      assert.ok(value > low && value < high, `${sport}: ${value} per side`);
    }
    for (const sport of ["basketball", "baseball", "tennis", "esports"]) {
      const draws = finishedOf(sport).filter(
        (f) => (f.result as { outcome: string }).outcome === "draw",
      );
      assert.equal(draws.length, 0, `${sport} has draws`);
    }
    const tennis = finishedOf("tennis");
    for (const f of tennis) {
      const sets = (f.score as { sets: Array<{ home: number; away: number }> }).sets;
      for (const set of sets) {
        const [hi, lo] = [Math.max(set.home, set.away), Math.min(set.home, set.away)];
        assert.ok(
          (hi === 6 && lo <= 4) || (hi === 7 && (lo === 5 || lo === 6)) || sets.length > 0,
          `set ${hi}-${lo}`,
        );
      }
    }
    const firstInnings = finishedOf("cricket").map((f) => {
      const innings = (f.score as { innings: Array<{ runs: number }> }).innings;
      return innings[0]?.runs ?? 0;
    });
    const cricketMean = mean(firstInnings);
    assert.ok(cricketMean > 135 && cricketMean < 195, `cricket first innings ${cricketMean}`);
  });

  test("field sports carry participants: horse races of 6–16 runners, golf around par", () => {
    for (const race of dataset.fixtures.filter((f) => f.sport === "horse-racing")) {
      assert.equal(race.home_team_id, null);
      const runners = race.participants as Array<{ status: string }>;
      const ran = runners.filter((r) => r.status !== "non_runner").length;
      assert.ok(ran >= 6 && ran <= 16, `race ${race.id} has ${ran} runners`);
    }
    const rounds = finishedOf("golf").flatMap((f) =>
      (f.participants as Array<{ rounds: number[] }>).flatMap((p) => p.rounds),
    );
    const average = mean(rounds);
    assert.ok(average > 68 && average < 75, `golf round average ${average}`);
  });

  test("odds come from at least five bookmakers with a realistic margin", () => {
    assert.ok(dataset.bookmakers.length >= 5);
    const markets = groupBy(dataset.odds, (o) => `${o.fixture_id}|${o.bookmaker}|${o.market_key}`);
    let checked = 0;
    for (const [key, prices] of markets) {
      if (key.includes("outright")) continue;
      const overround = prices.reduce((sum, p) => sum + 1 / p.price, 0);
      assert.ok(overround > 1.0 && overround < 1.15, `${key}: overround ${overround}`);
      checked++;
    }
    assert.ok(checked > 100);
    const books = groupBy(
      dataset.odds.filter((o) => o.sport === "football"),
      (o) => o.fixture_id,
    );
    for (const rows of books.values()) {
      assert.ok(new Set(rows.map((r) => r.bookmaker)).size >= 5);
    }
  });
});

function finishedOf(sport: string) {
  return dataset.fixtures.filter((f) => f.sport === sport && f.status === "finished");
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
