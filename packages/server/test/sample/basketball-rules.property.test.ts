/**
 * Basketball's rules (issue 18), held over the sample generator's finished games and the
 * simulator's flows: each overtime is its own period, the line score has one entry per period
 * played and sums to the final score, and all the free throws of one trip go to the player fouled.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { Rng } from "../../src/sample/rng.js";
import { basketballProfileFor, generateBasketball } from "../../src/sample/sports/basketball.js";
import type { MatchFlow } from "../../src/simulator/flow.js";
import { teamSportFlow } from "../../src/simulator/flows/team-sports.js";
import { basketball } from "../../src/sports/basketball.js";
import { otherSide } from "../../src/sports/module-parts.js";
import type { Score, ScoreEvent, Side } from "../../src/sports/types.js";
import { fullSquadFixture } from "./full-squad-fixture.js";
import { generated } from "./line-score-checks.js";
import { finishedFixtures, seeds } from "./property-helpers.js";

const BREAKS = ["halftime", "quarter_break"];
const POINTS: Record<string, number> = { free_throw: 1, two_pointer: 2, three_pointer: 3 };

/** A match event as these rules read it, in match order. */
interface Play {
  type: string;
  period: string | null;
  side: Side | null;
  playerId: string | null;
  relatedPlayerId: string | null;
  detail: Record<string, unknown>;
}

interface LineEntry {
  period: string;
  home: number;
  away: number;
}

/** What is wrong with `score`'s line score for these events (empty when nothing is). */
function lineScoreProblems(plays: readonly Play[], score: Score): string[] {
  const played = [...new Set(plays.map((p) => p.period ?? ""))].filter((p) => !BREAKS.includes(p));
  const expected = played.map((period): LineEntry => {
    const points = (side: Side) =>
      plays
        .filter((p) => p.period === period && p.side === side)
        .reduce((sum, p) => sum + (POINTS[p.type] ?? 0), 0);
    return { period, home: points("home"), away: points("away") };
  });
  const problems: string[] = [];
  const lines = (score.periods ?? []) as LineEntry[];
  if (JSON.stringify(lines) !== JSON.stringify(expected)) {
    problems.push(`line score ${JSON.stringify(lines)}, expected ${JSON.stringify(expected)}`);
  }
  for (const side of ["home", "away"] as const) {
    const sum = lines.reduce((total, entry) => total + entry[side], 0);
    if (sum !== score[side]) problems.push(`${side}: periods sum to ${sum}, score ${score[side]}`);
  }
  const overtimes = played.filter((p) => p.startsWith("overtime"));
  const numbered = overtimes.map((_, i) => `overtime_${i + 1}`);
  if (JSON.stringify(overtimes) !== JSON.stringify(numbered)) {
    problems.push(`overtimes ${overtimes.join(", ")}`);
  }
  return problems;
}

/**
 * Free throws that are not part of a trip to the one player fouled: each trip is a shooting
 * foul naming that player, then only that player's free throws, in attempt order.
 */
function tripProblems(plays: readonly Play[]): string[] {
  const problems: string[] = [];
  let trip: { side: Side; shooter: string | null; attempts: number; last: number } | null = null;
  plays.forEach((play, i) => {
    const attempts = play.detail.free_throws;
    if (play.type === "foul" && play.side !== null && typeof attempts === "number") {
      trip = { side: otherSide(play.side), shooter: play.relatedPlayerId, attempts, last: 0 };
      return;
    }
    if (play.type !== "free_throw") {
      trip = null;
      return;
    }
    const attempt = play.detail.attempt;
    if (trip === null) problems.push(`#${i}: a free throw without a foul`);
    else if (play.side !== trip.side || play.playerId !== trip.shooter) {
      problems.push(`#${i}: ${play.playerId} shoots ${trip.shooter}'s free throws`);
    } else if (typeof attempt !== "number" || attempt <= trip.last || attempt > trip.attempts) {
      problems.push(`#${i}: attempt ${String(attempt)} after ${trip.last} of ${trip.attempts}`);
    } else trip.last = attempt;
  });
  return problems;
}

function flowPlays(flow: MatchFlow): Play[] {
  return flow.steps.flatMap(({ event, period }) =>
    event === undefined
      ? []
      : [
          {
            type: event.type,
            period,
            side: event.side,
            playerId: event.playerId ?? null,
            relatedPlayerId: event.relatedPlayerId ?? null,
            detail: event.detail ?? {},
          },
        ],
  );
}

/** The score the live engine folds from a flow, as the simulator sends it. */
function flowScore(plays: readonly Play[]): Score {
  let score = basketball.emptyScore() as Score;
  for (const { type, side, period, detail } of plays) {
    score = basketball.applyEvent(score, { type, team: side, period, detail });
  }
  return score;
}

function simulate(seed: string, quarterMinutes: number, edge: number): MatchFlow {
  const profile = basketballProfileFor(quarterMinutes);
  const rules = { quarter_minutes: quarterMinutes, overtime_minutes: 5 };
  return teamSportFlow(
    new Rng(seed),
    fullSquadFixture(profile, [edge, -edge], rules),
    "basketball",
  );
}

function assertFlowKeepsTheRules(flow: MatchFlow): void {
  let period: string | null = null;
  for (const step of flow.steps) {
    if (step.period === period || step.period === null) continue;
    assert.ok(basketball.canEnterPeriod(period, step.period), `${period} → ${step.period}`);
    period = step.period;
  }
  const plays = flowPlays(flow);
  assert.deepEqual(lineScoreProblems(plays, flowScore(plays)), []);
  assert.deepEqual(tripProblems(plays), []);
}

describe("basketball rules", () => {
  it("hold for every finished game the generator writes", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const dataset = generated(seed, generateBasketball);
        const finished = finishedFixtures(dataset);
        assert.ok(finished.length > 100);
        for (const f of finished) {
          const plays = dataset.match_events
            .filter((e) => e.fixture_id === f.id)
            .map((e) => ({
              type: e.type,
              period: e.period,
              side: e.team_id === f.home_team_id ? ("home" as const) : ("away" as const),
              playerId: e.player_id,
              relatedPlayerId: e.related_player_id,
              detail: e.detail as Record<string, unknown>,
            }));
          assert.deepEqual(lineScoreProblems(plays, f.score as Score), [], f.id);
          assert.deepEqual(tripProblems(plays), [], f.id);
        }
      }),
      { seed: 42, numRuns: 2 },
    );
  });

  it("hold for every simulated game, in both quarter lengths", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(10, 12),
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        (seed, quarterMinutes, edge) =>
          assertFlowKeepsTheRules(simulate(seed, quarterMinutes, edge)),
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it("gives a game of several overtimes one period and one line-score entry per overtime", () => {
    const flows = Array.from({ length: 1500 }, (_, n) => simulate(`ot-${n}`, 12, 0));
    const long = flows.find((flow) => flow.steps.some((s) => s.period === "overtime_2"));
    assert.ok(long !== undefined, "some game goes to a second overtime");
    assertFlowKeepsTheRules(long);
    const lines = flowScore(flowPlays(long)).periods as LineEntry[];
    assert.deepEqual(
      lines.slice(4, 6).map((entry) => entry.period),
      ["overtime_1", "overtime_2"],
    );
  });
});

describe("basketball line score", () => {
  const play = (events: ScoreEvent[]) =>
    events.reduce(
      (score, event) => basketball.applyEvent(score, event),
      basketball.emptyScore() as Score,
    );

  it("lists each overtime apart, 0-0 ones too, and reverts to the same list", () => {
    const events: ScoreEvent[] = [
      { type: "two_pointer", team: "home", period: "4th_quarter" },
      { type: "period_start", team: null, period: "overtime_1" },
      { type: "period_start", team: null, period: "overtime_2" },
      { type: "three_pointer", team: "away", period: "overtime_2" },
    ];
    const score = play(events);
    assert.deepEqual(score.periods, [
      { period: "4th_quarter", home: 2, away: 0 },
      { period: "overtime_1", home: 0, away: 0 },
      { period: "overtime_2", home: 0, away: 3 },
    ]);
    const before = play(events.slice(0, 2));
    const basket: ScoreEvent = { type: "two_pointer", team: "home", period: "overtime_2" };
    assert.deepEqual(basketball.revertEvent(basketball.applyEvent(before, basket), basket), before);
  });

  it("still reads data stored before overtimes were numbered: one `overtime` entry", () => {
    const stored = {
      home: 10,
      away: 7,
      periods: [
        { period: "4th_quarter", home: 7, away: 7 },
        { period: "overtime", home: 3, away: 0 },
      ],
    };
    const next = basketball.applyEvent(stored, {
      type: "free_throw",
      team: "away",
      period: "overtime",
    });
    assert.deepEqual(next.periods, [
      { period: "4th_quarter", home: 7, away: 7 },
      { period: "overtime", home: 3, away: 1 },
    ]);
    assert.ok(basketball.periods.includes("overtime"));
    assert.ok(basketball.canEnterPeriod("4th_quarter", "overtime"));
  });

  it("moves from one overtime to the next, never back nor past one", () => {
    assert.ok(basketball.canEnterPeriod("4th_quarter", "overtime_1"));
    assert.ok(basketball.canEnterPeriod("overtime_1", "quarter_break"));
    assert.ok(basketball.canEnterPeriod("quarter_break", "overtime_2"));
    assert.ok(basketball.canEnterPeriod("overtime_1", "overtime_2"));
    assert.ok(!basketball.canEnterPeriod("overtime_1", "overtime_3"));
    assert.ok(!basketball.canEnterPeriod("overtime_2", "overtime_1"));
    assert.ok(!basketball.canEnterPeriod("overtime_2", "overtime_2"));
    assert.ok(!basketball.canEnterPeriod("4th_quarter", "overtime_2"));
    assert.ok(!basketball.canEnterPeriod("overtime_1", "4th_quarter"));
    assert.ok(!basketball.canEnterPeriod("nonsense", "quarter_break"));
  });
});
