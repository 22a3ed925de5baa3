import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getSport, isSport, SPORT_MODULES } from "../../src/sports/registry.js";
import { SPORTS } from "../../src/sports/types.js";

describe("sport registry", () => {
  it("has one consistent module per sport", () => {
    for (const sport of SPORTS) {
      const module = SPORT_MODULES[sport];
      assert.equal(module.sport, sport);
      assert.equal(getSport(sport), module);
      for (const type of module.scoringEventTypes) assert.ok(module.eventTypes.includes(type));
      assert.equal(new Set(module.periods).size, module.periods.length);
      assert.ok(module.decidedBy.length > 0);
    }
  });

  it("recognises slugs", () => {
    assert.equal(isSport("american-football"), true);
    assert.equal(isSport("curling"), false);
    assert.equal(getSport("Football"), undefined);
  });

  it("gives field sports no score and no table", () => {
    for (const sport of ["golf", "horse-racing"] as const) {
      const module = SPORT_MODULES[sport];
      assert.equal(module.format, "field");
      assert.equal(module.emptyScore(), null);
      assert.equal(module.scoreText(null), null);
      assert.equal(module.standings, null);
      const score = { home: 0, away: 0 };
      assert.deepEqual(
        module.applyEvent(score, { type: module.eventTypes[0] ?? "", team: null }),
        score,
      );
      assert.equal(module.outcome(score), null);
    }
    assert.equal(SPORT_MODULES.tennis.standings, null);
    assert.equal(SPORT_MODULES["combat-sports"].standings, null);
  });
});
