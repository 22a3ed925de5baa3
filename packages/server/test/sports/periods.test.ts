import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { baseball } from "../../src/sports/baseball.js";
import { ordinal } from "../../src/sports/module-parts.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import { SPORTS } from "../../src/sports/types.js";

/** Walks a path of periods from "not started", asserting every step is allowed. */
function assertPath(sport: keyof typeof SPORT_MODULES, path: readonly string[]): void {
  const module = SPORT_MODULES[sport];
  let from: string | null = null;
  for (const to of path) {
    assert.equal(module.canEnterPeriod(from, to), true, `${sport}: ${from} → ${to}`);
    from = to;
  }
}

function assertRefused(sport: keyof typeof SPORT_MODULES, from: string | null, to: string): void {
  assert.equal(SPORT_MODULES[sport].canEnterPeriod(from, to), false, `${sport}: ${from} → ${to}`);
}

describe("periods", () => {
  it("lists the decided vocabularies", () => {
    assert.deepEqual(SPORT_MODULES.football.periods, [
      "1st_half",
      "halftime",
      "2nd_half",
      "extra_time_1st_half",
      "extra_time_halftime",
      "extra_time_2nd_half",
      "penalties",
    ]);
    assert.deepEqual(SPORT_MODULES.cricket.periods, [
      "innings_1",
      "innings_break",
      "innings_2",
      "super_over",
    ]);
    assert.deepEqual(SPORT_MODULES.golf.periods, [
      "round_1",
      "round_2",
      "round_3",
      "round_4",
      "playoff",
    ]);
    assert.deepEqual(SPORT_MODULES["horse-racing"].periods, ["running"]);
    assert.equal(baseball.periods.length, 40);
    assert.deepEqual(baseball.periods.slice(0, 4), [
      "top_1st",
      "bottom_1st",
      "top_2nd",
      "bottom_2nd",
    ]);
    assert.ok(baseball.periods.includes("top_11th") && baseball.periods.includes("bottom_13th"));
    assert.equal(baseball.periods.at(-1), "bottom_20th");
  });

  it("only lets a match start in its first period", () => {
    for (const sport of SPORTS) {
      const [first, second] = SPORT_MODULES[sport].periods;
      assert.ok(first !== undefined);
      assert.equal(SPORT_MODULES[sport].canEnterPeriod(null, first), true, sport);
      if (second !== undefined) assertRefused(sport, null, second);
    }
  });

  it("moves forward in playing order", () => {
    assertPath("football", ["1st_half", "halftime", "2nd_half", "extra_time_1st_half"]);
    assertPath("football", ["1st_half", "2nd_half", "penalties"]);
    assertPath("cricket", ["innings_1", "innings_break", "innings_2", "super_over"]);
    assertPath("tennis", ["set_1", "set_2", "set_3", "set_4", "set_5"]);
    assertPath("esports", ["map_1", "map_2", "map_3"]);
    assertPath("golf", ["round_1", "round_2", "round_3", "round_4", "playoff"]);
    assertPath("combat-sports", ["round_1", "round_break", "round_2", "round_3"]);
    assertPath("horse-racing", ["running"]);
  });

  it("chains basketball and American football overtimes through quarter breaks", () => {
    const regulation = ["1st_quarter", "quarter_break", "2nd_quarter", "halftime", "3rd_quarter"];
    const overtimes = ["4th_quarter", "quarter_break", "overtime", "quarter_break", "overtime"];
    assertPath("basketball", [...regulation, ...overtimes]);
    assertPath("american-football", [...regulation, ...overtimes]);
    assertRefused("basketball", "overtime", "overtime");
    assertRefused("basketball", "overtime", "4th_quarter");
  });

  it("walks baseball innings top → bottom → next top", () => {
    const path = Array.from({ length: 12 }, (_, index) => [
      `top_${ordinal(index + 1)}`,
      `bottom_${ordinal(index + 1)}`,
    ]).flat();
    assertPath("baseball", path);
    assertRefused("baseball", "top_3rd", "top_4th");
    assertRefused("baseball", "bottom_3rd", "top_3rd");
    assertRefused("baseball", "bottom_20th", "top_21st");
  });

  it("refuses backwards moves, repeats and unknown periods", () => {
    assertRefused("football", "2nd_half", "1st_half");
    assertRefused("football", "2nd_half", "2nd_half");
    assertRefused("football", "penalties", "extra_time_1st_half");
    assertRefused("football", "1st_half", "overtime");
    assertRefused("tennis", "set_3", "set_2");
    assertRefused("tennis", "set_1", "set_3");
    assertRefused("cricket", "innings_2", "innings_1");
    assertRefused("golf", "playoff", "round_4");
    assertRefused("combat-sports", "round_2", "round_1");
    assertRefused("horse-racing", "running", "running");
  });

  it("writes English ordinals", () => {
    const expected = ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "20th", "21st", "22nd"];
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 20, 21, 22].map(ordinal), expected);
  });
});
