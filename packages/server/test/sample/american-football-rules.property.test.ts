/**
 * American football as the generator and the live simulator's flow play it obeys the sport's
 * rules (issue 18): the line score lists every quarter played (0-0 included) and sums to the
 * final score, and every touchdown is followed by its try, made or missed, unless it ends an
 * overtime (the game is over; NFL rules attempt no try).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  americanFootballProfile,
  generateAmericanFootball,
} from "../../src/sample/sports/american-football.js";
import {
  assertLineScore,
  distinct,
  finishedMatches,
  generated,
  type PlayedMatch,
  simulatedMatch,
} from "./line-score-checks.js";
import { seeds } from "./property-helpers.js";

const BREAKS = ["halftime", "quarter_break"];
const TRIES = [
  "extra_point",
  "extra_point_missed",
  "two_point_conversion",
  "two_point_conversion_failed",
];
const SCORING = ["touchdown", "field_goal", "safety", "extra_point", "two_point_conversion"];

interface QuarterPoints {
  period: string;
  home: number;
  away: number;
}

function assertRules(match: PlayedMatch): void {
  const played = distinct(
    match.events.map((e) => e.period).filter((p): p is string => p !== null && !BREAKS.includes(p)),
  );
  for (const quarter of ["1st_quarter", "2nd_quarter", "3rd_quarter", "4th_quarter"]) {
    assert.ok(played.includes(quarter), `${match.id}: ${quarter} was played`);
  }
  const periods = match.score.periods as QuarterPoints[] | undefined;
  assertLineScore(match, periods, (entry) => entry.period, played);

  match.events.forEach((event, i) => {
    if (event.type !== "touchdown") return;
    const next = match.events[i + 1];
    const laterScores = match.events.slice(i + 1).some((e) => SCORING.includes(e.type));
    if (event.period === "overtime" && !laterScores) {
      // A touchdown in overtime ends the game: no try.
      assert.ok(next === undefined || !TRIES.includes(next.type), `${match.id}: try after the end`);
      return;
    }
    assert.ok(
      next !== undefined && TRIES.includes(next.type),
      `${match.id}: touchdown #${i} has no try`,
    );
    assert.equal(next.side, event.side, `${match.id}: the try is the scoring side's`);
    assert.equal(next.period, event.period, `${match.id}: the try is in the touchdown's period`);
  });
  for (const [i, event] of match.events.entries()) {
    if (TRIES.includes(event.type)) {
      assert.equal(
        match.events[i - 1]?.type,
        "touchdown",
        `${match.id}: a try without a touchdown`,
      );
    }
  }
}

describe("American football obeys its rules", () => {
  it("in generated seasons (finished matches)", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const matches = finishedMatches(generated(seed, generateAmericanFootball));
        assert.ok(matches.length > 0);
        for (const match of matches) assertRules(match);
      }),
      { seed: 42, numRuns: 12 },
    );
  });

  it("in simulated matches folded through the sport module", () => {
    const strength = fc.double({ min: -2.5, max: 2.5, noNaN: true });
    fc.assert(
      fc.property(seeds, strength, strength, (seed, a, b) => {
        assertRules(simulatedMatch("american-football", americanFootballProfile, seed, [a, b]));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it("misses some extra points and two-point tries, as an event", () => {
    const matches = finishedMatches(generated(7, generateAmericanFootball));
    const types = new Set(matches.flatMap((m) => m.events.map((e) => e.type)));
    for (const type of TRIES) assert.ok(types.has(type), type);
  });
});
