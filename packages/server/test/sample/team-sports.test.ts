import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { GenContext } from "../../src/sample/context.js";
import { BOOKMAKERS } from "../../src/sample/pools/index.js";
import { generateAmericanFootball } from "../../src/sample/sports/american-football.js";
import { generateBaseball } from "../../src/sample/sports/baseball.js";
import { generateBasketball } from "../../src/sample/sports/basketball.js";
import { generateCricket } from "../../src/sample/sports/cricket.js";
import { generateEsports } from "../../src/sample/sports/esports.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, Side, Sport } from "../../src/sports/types.js";
import type { RecordOf } from "../../src/store/dataset.js";

type Fixture = RecordOf<"fixtures">;
type MatchEvent = RecordOf<"match_events">;

const ANCHOR = new Date("2026-11-21T00:00:00Z");
const DAY = 86_400_000;

interface Case {
  sport: Sport;
  generate: (ctx: GenContext) => void;
  /** Average of the figure per side (or per first innings) over finished fixtures. */
  average?: { of: (f: Fixture) => number[]; min: number; max: number };
  noDraws?: boolean;
  markets: string[];
}

const firstInnings = (f: Fixture) => {
  const innings = (f.score as { innings?: Array<{ runs: number }> }).innings ?? [];
  return [innings[0]?.runs ?? Number.NaN];
};
const perSide = (f: Fixture) => [f.home_score ?? Number.NaN, f.away_score ?? Number.NaN];

const CASES: Case[] = [
  {
    sport: "basketball",
    generate: generateBasketball,
    average: { of: perSide, min: 95, max: 125 },
    noDraws: true,
    markets: ["moneyline", "handicap", "totals", "player_props"],
  },
  {
    sport: "american-football",
    generate: generateAmericanFootball,
    average: { of: perSide, min: 17, max: 28 },
    markets: ["moneyline", "handicap", "totals"],
  },
  {
    sport: "baseball",
    generate: generateBaseball,
    average: { of: perSide, min: 3.5, max: 5.5 },
    noDraws: true,
    markets: ["moneyline", "handicap", "totals"],
  },
  {
    sport: "cricket",
    generate: generateCricket,
    average: { of: firstInnings, min: 140, max: 190 },
    markets: ["moneyline", "totals"],
  },
  { sport: "esports", generate: generateEsports, markets: ["moneyline", "handicap", "totals"] },
];

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

for (const c of CASES) {
  describe(`sample ${c.sport}`, () => {
    const ctx = new GenContext(7, ANCHOR);
    c.generate(ctx);
    const data = ctx.dataset;
    const module = SPORT_MODULES[c.sport];
    const finished = data.fixtures.filter((f) => f.status === "finished");
    const scheduled = data.fixtures.filter((f) => f.status === "scheduled");
    const events = new Map<string, MatchEvent[]>();
    for (const e of data.match_events)
      events.set(e.fixture_id, [...(events.get(e.fixture_id) ?? []), e]);

    it("has finished and upcoming fixtures, about 35–45 % of each season played", () => {
      // The regional leagues that keep the sport live around the clock began a few days ago, or
      // the sample joined their season a few days ago (baseball's, on the real calendar).
      const justStarted = (seasonId: string | null) => {
        const kickoffs = data.fixtures
          .filter((f) => f.season_id === seasonId)
          .map((f) => Date.parse(f.kickoff));
        return kickoffs.length > 0 && Math.min(...kickoffs) >= ANCHOR.getTime() - 21 * DAY;
      };
      assert.ok(finished.length > 0 && scheduled.length > 0);
      assert.ok(
        scheduled.some((f) => Date.parse(f.kickoff) < ANCHOR.getTime() + 7 * DAY),
        "fixtures in the coming week",
      );
      // A league between seasons (MLB style in November): its last season is over, the next one
      // is scheduled and nothing of it is played.
      const between = (seasonId: string | null) => {
        const season = data.seasons.find((s) => s.id === seasonId);
        return season !== undefined && Date.parse(season.end_date) < ANCHOR.getTime();
      };
      for (const competition of data.competitions) {
        const all = data.fixtures.filter((f) => f.competition_id === competition.id);
        const played = all.filter((f) => f.status === "finished").length / all.length;
        if (between(competition.current_season_id)) {
          assert.equal(played, 0, `${competition.name} is between seasons`);
          continue;
        }
        const low = justStarted(competition.current_season_id) ? 0 : 0.33;
        assert.ok(played >= low && played <= 0.47, `${competition.name}: ${played}`);
        assert.ok(data.countries.some((country) => country.code === competition.country_code));
      }
      for (const f of finished) assert.ok(Date.parse(f.kickoff) < ANCHOR.getTime());
      for (const f of scheduled) assert.equal(f.score, null);
    });

    it("stores the fold of each finished fixture's events as its score", () => {
      for (const f of finished) {
        const side = (teamId: string | null): Side | null =>
          teamId === f.home_team_id ? "home" : teamId === f.away_team_id ? "away" : null;
        let score = module.emptyScore() as Score;
        for (const e of events.get(f.id) ?? []) {
          score = module.applyEvent(score, {
            type: e.type,
            team: side(e.team_id),
            period: e.period,
            minute: e.minute,
            detail: e.detail as Record<string, unknown>,
          });
        }
        assert.deepEqual(score, f.score, f.id);
        assert.equal(score.home, f.home_score);
        assert.equal(score.away, f.away_score);
        assert.equal(module.outcome(score), (f.result as { outcome: string }).outcome);
        assert.ok(module.decidedBy.includes((f.result as { decided_by: string }).decided_by));
      }
    });

    it("numbers events 1..n with a playing period, a known type and a non-decreasing minute", () => {
      for (const f of finished) {
        const list = events.get(f.id) ?? [];
        assert.ok(list.length > 0, f.id);
        assert.deepEqual(
          list.map((e) => e.sequence),
          list.map((_, i) => i + 1),
        );
        assert.equal(f.sequence, list.length);
        list.forEach((e, i) => {
          assert.ok(
            e.period !== null && module.periods.includes(e.period),
            `${e.type} in ${e.period}`,
          );
          assert.ok(
            !["halftime", "quarter_break", "innings_break"].includes(e.period ?? ""),
            e.period ?? "",
          );
          assert.ok(module.eventTypes.includes(e.type), e.type);
          assert.ok(
            typeof e.minute === "number" && e.minute >= (list[i - 1]?.minute ?? 0),
            `${f.id} #${e.sequence}`,
          );
        });
      }
    });

    if (c.average !== undefined) {
      const { of, min, max } = c.average;
      it(`averages between ${min} and ${max}`, () => {
        const average = mean(finished.flatMap(of));
        assert.ok(average >= min && average <= max, `average ${average}`);
      });
    }

    if (c.noDraws) {
      it("has no drawn games", () => {
        for (const f of finished) assert.notEqual(f.home_score, f.away_score, f.id);
      });
    }

    // At least 1.01, not the books' 3 % margins: a heavy favourite's price cannot go below 1.01,
    // so rounding it up there gives back up to a point of the margin.
    it("prices every upcoming fixture of the next 14 days at every bookmaker, overround 1.01–1.12", () => {
      const soon = scheduled.filter((f) => Date.parse(f.kickoff) < ANCHOR.getTime() + 14 * DAY);
      assert.ok(soon.length > 0);
      const books = new Map<string, Map<string, number>>();
      for (const o of data.odds) {
        const key = `${o.fixture_id}|${o.bookmaker}`;
        const markets = books.get(key) ?? new Map<string, number>();
        markets.set(o.market_key, (markets.get(o.market_key) ?? 0) + 1 / o.price);
        books.set(key, markets);
      }
      for (const f of soon) {
        for (const book of BOOKMAKERS) {
          const markets = books.get(`${f.id}|${book.slug}`);
          assert.ok(markets !== undefined, `${f.id} at ${book.slug}`);
          const names = new Set([...markets.keys()].map((k) => k.split("|")[0]));
          for (const market of c.markets) assert.ok(names.has(market), `${market} at ${book.slug}`);
          for (const [key, overround] of markets) {
            assert.ok(
              overround >= 1.01 && overround <= 1.12,
              `${key} at ${book.slug}: ${overround}`,
            );
          }
        }
      }
    });
  });
}

describe("sample team-sport details", () => {
  it("basketball: 12-minute quarters around 112 points a side, 10-minute ones around 84", () => {
    const ctx = new GenContext(7, ANCHOR);
    generateBasketball(ctx);
    const competitions = ctx.dataset.competitions;
    assert.deepEqual(
      competitions.slice(0, 2).map((co) => co.slug),
      ["pro-basketball-league", "liga-iberica-baloncesto"],
    );
    for (const co of competitions) {
      const games = ctx.dataset.fixtures.filter(
        (f) => f.competition_id === co.id && f.status === "finished",
      );
      const average = mean(games.flatMap(perSide));
      const quarter = (co.rules as { quarter_minutes?: number }).quarter_minutes;
      const [low, high] = quarter === 12 ? [100, 125] : [75, 95];
      assert.ok(average > low && average < high, `${co.slug}: ${average}`);
    }
  });

  it("cricket: results read 'won by N runs' or 'won by N wickets'; a winning chase stops at the target", () => {
    const ctx = new GenContext(7, ANCHOR);
    generateCricket(ctx);
    for (const f of ctx.dataset.fixtures.filter((x) => x.status === "finished")) {
      const result = f.result as { text: string; decided_by: string };
      const innings = (
        f.score as { innings: Array<{ runs: number; wickets: number; overs: string }> }
      ).innings;
      const [first, second] = innings;
      assert.ok(first !== undefined && second !== undefined);
      assert.ok(first.wickets <= 10 && second.wickets <= 10);
      if (result.decided_by === "wickets") {
        assert.match(result.text, /won by \d+ wickets?/);
        assert.ok(second.runs > first.runs && second.runs <= first.runs + 6 && second.wickets < 10);
      } else if (result.decided_by === "runs") {
        assert.match(result.text, /won by \d+ runs?$/);
        assert.ok(first.runs > second.runs);
      }
      if (first.wickets < 10) assert.equal(first.overs, "20.0");
    }
  });

  it("esports: best-of-three series whose maps are won 13-x or in overtime", () => {
    const ctx = new GenContext(7, ANCHOR);
    generateEsports(ctx);
    for (const f of ctx.dataset.fixtures.filter((x) => x.status === "finished")) {
      assert.equal(Math.max(f.home_score ?? 0, f.away_score ?? 0), 2);
      const maps = (f.score as { maps: Array<{ home: number; away: number }> }).maps;
      for (const map of maps) {
        const [won, lost] = [Math.max(map.home, map.away), Math.min(map.home, map.away)];
        assert.ok(
          (won === 13 && lost <= 11) || (won >= 16 && won - lost >= 2 && won - lost <= 4),
          `${won}-${lost}`,
        );
      }
    }
  });

  it("baseball: the bottom of the 9th is skipped when the home side leads", () => {
    const ctx = new GenContext(7, ANCHOR);
    generateBaseball(ctx);
    for (const f of ctx.dataset.fixtures.filter((x) => x.status === "finished")) {
      const periods = new Set(
        ctx.dataset.match_events.filter((e) => e.fixture_id === f.id).map((e) => e.period),
      );
      if (periods.has("bottom_9th")) continue;
      assert.ok((f.home_score ?? 0) > (f.away_score ?? 0), f.id);
    }
  });
});
