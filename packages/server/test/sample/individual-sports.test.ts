import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { addDays } from "../../src/lib/time.js";
import { GenContext } from "../../src/sample/context.js";
import { generateCombatSports } from "../../src/sample/sports/combat-sports.js";
import { generateGolf } from "../../src/sample/sports/golf.js";
import { generateHorseRacing } from "../../src/sample/sports/horse-racing.js";
import { RACE_MARKET_LEAD_HOURS } from "../../src/sample/sports/race-market-window.js";
import { generateTennis } from "../../src/sample/sports/tennis.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Sport } from "../../src/sports/types.js";

const ANCHOR = new Date("2026-11-21T00:00:00Z");
type Result = {
  outcome: string | null;
  winner_team_id: string | null;
  decided_by: string;
  text: string;
};

function build(generate: (ctx: GenContext) => void): GenContext {
  const ctx = new GenContext(7, ANCHOR);
  generate(ctx);
  return ctx;
}

const contexts = {
  tennis: build(generateTennis),
  "combat-sports": build(generateCombatSports),
  golf: build(generateGolf),
  "horse-racing": build(generateHorseRacing),
} as const;

const finished = (ctx: GenContext) => ctx.dataset.fixtures.filter((f) => f.status === "finished");
const upcoming = (ctx: GenContext) => ctx.dataset.fixtures.filter((f) => f.status === "scheduled");

/** Stored score = the fold of the fixture's events; headline numbers and outcome agree. */
function assertScoresFoldEvents(ctx: GenContext, sport: Sport): void {
  const module = SPORT_MODULES[sport];
  for (const fixture of finished(ctx)) {
    const events = ctx.dataset.match_events
      .filter((e) => e.fixture_id === fixture.id)
      .sort((a, b) => a.sequence - b.sequence);
    assert.deepEqual(
      events.map((e) => e.sequence),
      events.map((_, i) => i + 1),
    );
    assert.equal(fixture.sequence, events.length);
    const minutes = events.map((e) => e.minute ?? 0);
    assert.ok(
      minutes.every((m, i) => m >= (minutes[i - 1] ?? 0)),
      `${fixture.id} minutes go back`,
    );
    let score = module.emptyScore() as Score;
    for (const e of events) {
      const team =
        e.team_id === fixture.home_team_id
          ? "home"
          : e.team_id === fixture.away_team_id
            ? "away"
            : null;
      score = module.applyEvent(score, {
        type: e.type,
        team,
        period: e.period,
        minute: e.minute,
        detail: e.detail as Record<string, unknown>,
      });
      assert.deepEqual(e.score, score);
    }
    assert.deepEqual(fixture.score, score, fixture.id);
    assert.equal(fixture.home_score, score.home);
    assert.equal(fixture.away_score, score.away);
    const result = fixture.result as Result;
    assert.equal(result.outcome, module.outcome(score));
    const winner =
      result.outcome === "home"
        ? fixture.home_team_id
        : result.outcome === "away"
          ? fixture.away_team_id
          : null;
    assert.equal(result.winner_team_id, winner);
  }
}

describe("individual and field sports sample data", () => {
  for (const [sport, ctx] of Object.entries(contexts)) {
    it(`${sport}: has finished and upcoming fixtures with valid references`, () => {
      assert.ok(finished(ctx).length > 0);
      assert.ok(upcoming(ctx).length > 0);
      const { dataset } = ctx;
      const countries = new Set(dataset.countries.map((c) => c.code));
      const competitions = new Set(dataset.competitions.map((c) => c.id));
      const seasons = new Map(dataset.seasons.map((s) => [s.id, s]));
      const teams = new Set(dataset.teams.map((t) => t.id));
      const players = new Set(dataset.players.map((p) => p.id));
      for (const c of dataset.competitions) {
        assert.ok(countries.has(c.country_code), c.country_code);
        assert.ok(c.current_season_id !== null && seasons.has(c.current_season_id));
      }
      for (const f of dataset.fixtures) {
        assert.equal(f.sport, sport);
        assert.ok(competitions.has(f.competition_id));
        assert.equal(seasons.get(f.season_id)?.competition_id, f.competition_id);
        for (const team of [f.home_team_id, f.away_team_id])
          assert.ok(team === null || teams.has(team));
        if (f.status === "finished") assert.ok(f.kickoff < ctx.stamp);
        // A golf tournament under way at the anchor is scheduled; the simulator joins it.
        else if (sport === "golf") assert.ok(f.kickoff >= addDays(ANCHOR, -4).toISOString());
        // So is a Challenger match still on court at the anchor (none lasts seven hours).
        else if (sport === "tennis")
          assert.ok(Date.parse(f.kickoff) >= ANCHOR.getTime() - 7 * 3_600_000);
        // And a bout of a card across midnight (a five-round bout takes 29 minutes).
        else if (sport === "combat-sports")
          assert.ok(Date.parse(f.kickoff) > ANCHOR.getTime() - 29 * 60_000);
        else assert.ok(f.kickoff >= ctx.stamp);
      }
      for (const t of dataset.teams) assert.ok(t.player_id !== null && players.has(t.player_id));
      for (const p of dataset.players) assert.ok(p.team_id === null || teams.has(p.team_id));
      for (const tc of dataset.team_competitions) {
        assert.ok(
          teams.has(tc.team_id) && competitions.has(tc.competition_id) && seasons.has(tc.season_id),
        );
      }
      for (const rows of [dataset.competitions, dataset.teams, dataset.players]) {
        assert.equal(new Set(rows.map((r) => r.slug)).size, rows.length);
        assert.equal(new Set(rows.map((r) => r.id)).size, rows.length);
      }
      assert.equal(new Set(dataset.fixtures.map((f) => f.id)).size, dataset.fixtures.length);
      assert.equal(
        new Set(dataset.match_events.map((e) => e.id)).size,
        dataset.match_events.length,
      );
    });

    it(`${sport}: prices upcoming fixtures of the next 14 days with a sane overround`, () => {
      // Racing's win markets open a day before the off, the others' a fortnight ahead.
      const days = sport === "horse-racing" ? RACE_MARKET_LEAD_HOURS / 24 : 14;
      const until = addDays(ANCHOR, days).toISOString();
      const soon = upcoming(ctx).filter((f) => f.kickoff < until);
      assert.ok(soon.length > 0);
      const books = new Map<string, number>();
      for (const o of ctx.dataset.odds) {
        const key = `${o.fixture_id}|${o.bookmaker}|${o.market_key}`;
        books.set(key, (books.get(key) ?? 0) + 1 / o.price);
      }
      const priced = new Set(ctx.dataset.odds.map((o) => o.fixture_id));
      for (const f of soon) assert.ok(priced.has(f.id), `no odds for ${f.id}`);
      // A golf outright on a field of 130-odd carries up to 40 % (golf-rules.property.test.ts).
      const most = sport === "golf" ? 1.41 : 1.35;
      for (const [key, overround] of books) {
        assert.ok(overround > 1.02 && overround < most, `${key}: ${overround}`);
      }
    });

    it(`${sport}: is deterministic`, () => {
      const generate = {
        tennis: generateTennis,
        "combat-sports": generateCombatSports,
        golf: generateGolf,
        "horse-racing": generateHorseRacing,
      }[sport];
      assert.ok(generate !== undefined);
      assert.equal(JSON.stringify(build(generate).dataset), JSON.stringify(ctx.dataset));
    });
  }

  it("tennis: scores fold the events and later rounds are played by earlier winners", () => {
    const ctx = contexts.tennis;
    assertScoresFoldEvents(ctx, "tennis");
    const rounds = ["Round of 32", "Round of 16", "Quarter-final", "Semi-final", "Final"];
    for (const competition of ctx.dataset.competitions) {
      const fixtures = ctx.dataset.fixtures.filter((f) => f.competition_id === competition.id);
      assert.equal(fixtures.filter((f) => f.round === "Round of 32").length, 16);
      for (let r = 1; r < rounds.length; r++) {
        const later = fixtures.filter((f) => f.round === rounds[r]);
        if (later.length === 0) continue;
        const winners = fixtures
          .filter((f) => f.round === rounds[r - 1])
          .map((f) => (f.result as Result | null)?.winner_team_id);
        const entrants = later.flatMap((f) => [f.home_team_id, f.away_team_id]);
        assert.deepEqual(entrants, winners, `${competition.name} ${rounds[r]}`);
      }
    }
    for (const f of finished(ctx)) {
      const result = f.result as Result;
      assert.ok(result.winner_team_id !== null);
      if (result.decided_by === "regulation")
        assert.ok(Math.max(f.home_score ?? 0, f.away_score ?? 0) >= 2);
    }
    const completed = ctx.dataset.competitions.filter((c) =>
      ctx.dataset.fixtures.some(
        (f) => f.competition_id === c.id && f.round === "Final" && f.status === "finished",
      ),
    );
    assert.ok(completed.length >= 4);
  });

  it("combat sports: scores fold the events; every bout has a winner unless drawn or no contest", () => {
    const ctx = contexts["combat-sports"];
    assertScoresFoldEvents(ctx, "combat-sports");
    const methods = new Map<string, number>();
    for (const f of finished(ctx)) {
      const result = f.result as Result;
      const score = f.score as Score;
      methods.set(result.decided_by, (methods.get(result.decided_by) ?? 0) + 1);
      if (result.decided_by === "draw" || result.decided_by === "no_contest")
        assert.equal(result.winner_team_id, null);
      else assert.ok(result.winner_team_id !== null);
      if (result.decided_by === "decision") assert.equal((score.scorecards as unknown[]).length, 3);
    }
    assert.ok((methods.get("decision") ?? 0) > 0 && (methods.get("submission") ?? 0) > 0);
    assert.ok((methods.get("ko") ?? 0) + (methods.get("tko") ?? 0) > 0);
  });

  it("golf: positions follow totals and cut players have two rounds", () => {
    const ctx = contexts.golf;
    type Entry = {
      position: number | null;
      total_strokes: number | null;
      rounds: number[];
      status: string;
      player_id: string;
    };
    for (const f of finished(ctx)) {
      const entries = f.participants as Entry[];
      const active = entries.filter((e) => e.status === "active");
      const result = f.result as Result & { winner_player_id: string };
      assert.equal(result.winner_player_id, active[0]?.player_id);
      assert.equal(active[0]?.position, 1);
      for (const e of active) assert.equal(e.rounds.length, 4);
      for (const e of entries.filter((x) => x.status === "cut")) assert.equal(e.rounds.length, 2);
      assert.ok(active.length >= 50);
      for (let i = 1; i < active.length; i++) {
        const [a, b] = [active[i - 1] as Entry, active[i] as Entry];
        assert.ok((a.total_strokes ?? 0) <= (b.total_strokes ?? 0));
        assert.ok((a.position ?? 0) <= (b.position ?? 0));
        const playoff = result.decided_by === "playoff" && a.position === 1;
        if (a.total_strokes === b.total_strokes && !playoff) assert.equal(a.position, b.position);
        if ((a.total_strokes ?? 0) < (b.total_strokes ?? 0)) assert.equal(b.position, i + 1);
      }
    }
    for (const f of upcoming(ctx))
      assert.ok((f.participants as Entry[]).every((e) => e.position === null));
  });

  it("horse racing: 6–16 runners with distinct positions 1..n and realistic starting prices", () => {
    const ctx = contexts["horse-racing"];
    type Runner = { status: string; position: number | null; sp: number | null; runner_id: string };
    for (const f of finished(ctx)) {
      const runners = (f.participants as Runner[]).filter((r) => r.status === "ran");
      assert.ok(runners.length >= 6 && runners.length <= 16);
      const positions = runners.map((r) => r.position).sort((a, b) => (a ?? 0) - (b ?? 0));
      assert.deepEqual(
        positions,
        runners.map((_, i) => i + 1),
      );
      const book = runners.reduce((sum, r) => sum + 1 / (r.sp ?? 1), 0);
      assert.ok(book > 1.05 && book < 1.45, `${f.id}: ${book}`);
      assert.equal(new Set(runners.map((r) => r.runner_id)).size, runners.length);
    }
    for (const f of upcoming(ctx)) {
      const runners = f.participants as Runner[];
      assert.ok(runners.length >= 6 && runners.length <= 16);
      assert.ok(runners.every((r) => r.position === null));
    }
  });
});
