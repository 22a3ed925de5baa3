import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, ScoreEvent, Sport } from "../../src/sports/types.js";

/**
 * Per sport: events that build a mid-match score, then events to apply and revert on it.
 * Every event also round-trips from the empty score.
 */
const CASES: Partial<Record<Sport, { before: ScoreEvent[]; events: ScoreEvent[] }>> = {
  football: {
    before: [
      { type: "goal", team: "home", period: "1st_half" },
      { type: "period_end", team: null, period: "1st_half" },
      { type: "own_goal", team: "away", period: "2nd_half" },
    ],
    events: [
      { type: "goal", team: "away", period: "2nd_half" },
      { type: "own_goal", team: "home", period: "2nd_half" },
      { type: "penalty_goal", team: "home", period: "1st_half" },
      { type: "penalty_shootout_goal", team: "away", period: "penalties" },
      { type: "yellow_card", team: "home", period: "2nd_half" },
    ],
  },
  basketball: {
    before: [
      { type: "three_pointer", team: "home", period: "1st_quarter" },
      { type: "two_pointer", team: "away", period: "2nd_quarter" },
    ],
    events: [
      { type: "two_pointer", team: "home", period: "1st_quarter" },
      { type: "three_pointer", team: "away", period: "overtime" },
      { type: "free_throw", team: "home", period: "3rd_quarter" },
      { type: "foul", team: "away", period: "3rd_quarter" },
    ],
  },
  "american-football": {
    before: [{ type: "field_goal", team: "away", period: "1st_quarter" }],
    events: [
      { type: "touchdown", team: "home", period: "2nd_quarter" },
      { type: "extra_point", team: "home", period: "2nd_quarter" },
      { type: "two_point_conversion", team: "away", period: "4th_quarter" },
      { type: "field_goal", team: "away", period: "1st_quarter" },
      { type: "safety", team: "home", period: "overtime" },
      { type: "turnover", team: "home", period: "overtime" },
    ],
  },
  baseball: {
    before: [
      { type: "run", team: "away", period: "top_1st" },
      { type: "hit", team: "away", period: "top_1st" },
    ],
    events: [
      { type: "run", team: "home", period: "bottom_1st" },
      { type: "run", team: "away", period: "top_1st", detail: { runs: 2 } },
      { type: "home_run", team: "home", period: "bottom_7th", detail: { runs: 4 } },
      { type: "home_run", team: "away", period: "top_10th" },
      { type: "hit", team: "home", period: "bottom_2nd" },
      { type: "error", team: "away", period: "bottom_2nd" },
      { type: "strikeout", team: "home", period: "top_3rd" },
    ],
  },
  cricket: {
    before: [
      {
        type: "innings_end",
        team: "home",
        period: "innings_1",
        detail: { runs: 182, wickets: 6, overs: "20" },
      },
    ],
    events: [
      {
        type: "innings_end",
        team: "away",
        period: "innings_2",
        detail: { runs: 182, wickets: 8, overs: "20" },
      },
      {
        type: "innings_end",
        team: "away",
        period: "innings_2",
        detail: { runs: 40, wickets: 1, overs: "6.2", no_result: true },
      },
      { type: "super_over_end", team: "home", period: "super_over", detail: { winner: "home" } },
      { type: "six", team: "home", period: "innings_1" },
    ],
  },
  tennis: {
    before: [{ type: "set_end", team: "home", detail: { games: { home: 6, away: 4 } } }],
    events: [
      {
        type: "set_end",
        team: "away",
        detail: { games: { home: 6, away: 7 }, tiebreak: { home: 5, away: 7 } },
      },
      { type: "set_end", team: "home", detail: { games: { home: 6, away: 4 } } },
      { type: "retirement", team: null, detail: { retired: "away" } },
      { type: "ace", team: "home" },
    ],
  },
  esports: {
    before: [
      { type: "map_end", team: "away", detail: { map: "Inferno", rounds: { home: 9, away: 13 } } },
    ],
    events: [
      { type: "map_end", team: "home", detail: { map: "Mirage", rounds: { home: 13, away: 11 } } },
      { type: "round_end", team: "home" },
    ],
  },
  "combat-sports": {
    before: [{ type: "knockdown", team: "away", period: "round_1" }],
    events: [
      { type: "knockdown", team: "home", period: "round_2" },
      {
        type: "finish",
        team: "home",
        detail: { method: "ko", round: 2, time: "1:37" },
      },
      {
        type: "finish",
        team: null,
        detail: {
          method: "draw",
          round: 3,
          time: "5:00",
          scorecards: [{ judge: "A", home: 29, away: 28 }],
        },
      },
    ],
  },
};

/** Freezes a score all the way down so any mutation throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("apply then revert gives back the same score", () => {
  for (const [sport, { before, events }] of Object.entries(CASES)) {
    const module = SPORT_MODULES[sport as Sport];
    it(sport, () => {
      const empty = module.emptyScore();
      assert.ok(empty !== null);
      const base = deepFreeze(before.reduce<Score>((s, e) => module.applyEvent(s, e), empty));
      const snapshot = structuredClone(base);
      for (const event of events) {
        const applied = deepFreeze(module.applyEvent(base, event));
        assert.deepEqual(module.revertEvent(applied, event), base, `${sport} ${event.type}`);
      }
      for (const event of [...before, ...events]) {
        const applied = module.applyEvent(empty, event);
        assert.deepEqual(module.revertEvent(applied, event), empty, `${sport} ${event.type}`);
      }
      assert.deepEqual(base, snapshot);
    });
  }
});

describe("scoring event lists", () => {
  it("covers every head-to-head sport", () => {
    for (const module of Object.values(SPORT_MODULES)) {
      if (module.format === "field") continue;
      assert.ok(CASES[module.sport], `${module.sport} has round-trip cases`);
      const tested = new Set(CASES[module.sport]?.events.map((event) => event.type));
      for (const type of module.scoringEventTypes) assert.ok(tested.has(type), `${type} tested`);
    }
  });
});
