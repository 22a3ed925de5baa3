/**
 * The sandbox squeezes a new edition into its sport's schedule (`sport-timeline.ts`): kick-offs
 * move earlier only where the sport as a whole would have a gap longer than its longest, never
 * because the edition's own competition is between rounds.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { squeezeIntoSport } from "../../src/simulator/sport-timeline.js";

const GAP = 10;

describe("squeezeIntoSport", () => {
  test("an edition the sport's other competitions cover keeps its times", () => {
    const existing = [0, 8, 16, 24, 32, 40, 48, 56];
    assert.deepEqual(squeezeIntoSport(existing, [20, 50], GAP, 0), [20, 50]);
  });

  test("where the sport's schedule ends, the edition follows within the longest gap", () => {
    const existing = [0, 8, 16];
    // Planned at 100 and 103, then 200: pulled to 26, 29, and 39 (its own gap cut too).
    assert.deepEqual(squeezeIntoSport(existing, [100, 103, 200], GAP, 0), [26, 29, 39]);
  });

  test("a gap is cut only where nothing else is played: later kick-offs move with it", () => {
    const existing = [0, 8, 40, 48, 56, 64];
    // 30 follows 8 by 22: pulled to 18; 60 moves by the same 12, to 48, within the cover.
    assert.deepEqual(squeezeIntoSport(existing, [30, 60], GAP, 0), [18, 48]);
  });

  test("nothing moves before now, and simultaneous starts stay together", () => {
    assert.deepEqual(squeezeIntoSport([], [500, 500, 520], GAP, 100), [110, 110, 120]);
  });
});
