import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { oversToDecimal } from "../../src/sports/cricket.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import type { Score, ScoreEvent, Side, Sport } from "../../src/sports/types.js";

function play(sport: Sport, events: ScoreEvent[]): Score {
  const module = SPORT_MODULES[sport];
  const empty = module.emptyScore();
  assert.ok(empty !== null);
  return events.reduce((score, event) => module.applyEvent(score, event), empty);
}

const text = (sport: Sport, score: Score) => SPORT_MODULES[sport].scoreText(score);
const outcome = (sport: Sport, score: Score) => SPORT_MODULES[sport].outcome(score);

describe("football", () => {
  const goal = (team: Side, period = "2nd_half"): ScoreEvent => ({ type: "goal", team, period });

  it("keeps goals, the half-time score and the result", () => {
    const score = play("football", [
      goal("home", "1st_half"),
      { type: "period_end", team: null, period: "1st_half" },
      { type: "own_goal", team: "home", period: "2nd_half" },
      { type: "penalty_goal", team: "away", period: "2nd_half" },
      { type: "red_card", team: "away", period: "2nd_half" },
    ]);
    assert.deepEqual(score, { home: 2, away: 1, halftime: { home: 1, away: 0 } });
    assert.equal(text("football", score), "2-1");
    assert.equal(outcome("football", score), "home");
  });

  it("settles a level match on penalties, otherwise a draw", () => {
    const level = play("football", [goal("home"), goal("away")]);
    assert.equal(outcome("football", level), "draw");
    const shootout = play("football", [
      goal("home"),
      goal("away"),
      { type: "penalty_shootout_goal", team: "away", period: "penalties" },
      { type: "penalty_shootout_miss", team: "home", period: "penalties" },
    ]);
    assert.deepEqual(shootout, { home: 1, away: 1, penalties: { home: 0, away: 1 } });
    assert.equal(text("football", shootout), "1-1");
    assert.equal(outcome("football", shootout), "away");
  });
});

describe("basketball and American football", () => {
  it("tallies points per period", () => {
    const score = play("basketball", [
      { type: "three_pointer", team: "home", period: "1st_quarter" },
      { type: "free_throw", team: "away", period: "1st_quarter" },
      { type: "two_pointer", team: "away", period: "overtime" },
      { type: "timeout", team: "home", period: "overtime" },
    ]);
    assert.deepEqual(score.periods, [
      { period: "1st_quarter", home: 3, away: 1 },
      { period: "overtime", home: 0, away: 2 },
    ]);
    assert.equal(text("basketball", score), "3-3");
    assert.equal(outcome("basketball", score), null);
    assert.equal(outcome("basketball", { home: 101, away: 99 }), "home");
  });

  it("scores American football and allows a tie", () => {
    const score = play("american-football", [
      { type: "touchdown", team: "home", period: "1st_quarter" },
      { type: "extra_point", team: "home", period: "1st_quarter" },
      { type: "field_goal", team: "away", period: "2nd_quarter" },
      { type: "safety", team: "away", period: "3rd_quarter" },
      { type: "two_point_conversion", team: "away", period: "4th_quarter" },
    ]);
    assert.equal(text("american-football", score), "7-7");
    assert.equal(outcome("american-football", score), "draw");
    assert.equal(outcome("american-football", { home: 3, away: 10 }), "away");
  });
});

describe("baseball", () => {
  it("keeps runs by inning, hits and errors", () => {
    const score = play("baseball", [
      { type: "hit", team: "away", period: "top_1st" },
      { type: "run", team: "away", period: "top_1st" },
      { type: "error", team: "home", period: "top_1st" },
      { type: "home_run", team: "home", period: "bottom_3rd", detail: { runs: 4 } },
      { type: "run", team: "away", period: "top_11th", detail: { runs: 2 } },
    ]);
    assert.deepEqual(score, {
      home: 4,
      away: 3,
      innings: [
        { inning: 1, home: 0, away: 1 },
        { inning: 3, home: 4, away: 0 },
        { inning: 11, home: 0, away: 2 },
      ],
      hits: { home: 1, away: 1 },
      errors: { home: 1, away: 0 },
    });
    assert.equal(text("baseball", score), "4-3");
    assert.equal(outcome("baseball", score), "home");
    assert.equal(outcome("baseball", { home: 2, away: 2 }), null);
  });
});

describe("cricket", () => {
  const inningsEnd = (team: Side, runs: number, wickets: number, overs: string): ScoreEvent => ({
    type: "innings_end",
    team,
    detail: { runs, wickets, overs },
  });

  it("shows innings as runs/wickets, home first", () => {
    const first = play("cricket", [inningsEnd("home", 182, 6, "20")]);
    assert.equal(text("cricket", first), "182/6-yet to bat");
    assert.equal(text("cricket", play("cricket", [])), "-");
    const both = play("cricket", [
      inningsEnd("home", 182, 6, "20"),
      inningsEnd("away", 150, 8, "20"),
    ]);
    assert.equal(text("cricket", both), "182/6-150/8");
    assert.deepEqual([both.home, both.away], [182, 150]);
    assert.equal(outcome("cricket", both), "home");
  });

  it("decides ties by super over, and knows no result", () => {
    const tied = [inningsEnd("home", 160, 7, "20"), inningsEnd("away", 160, 9, "20")];
    assert.equal(outcome("cricket", play("cricket", tied)), "draw");
    const superOver: ScoreEvent = {
      type: "super_over_end",
      team: null,
      detail: { winner: "away" },
    };
    const decided = play("cricket", [...tied, superOver]);
    assert.equal(decided.super_over_winner, "away");
    assert.equal(outcome("cricket", decided), "away");
    const washedOut: ScoreEvent = {
      type: "innings_end",
      team: "home",
      detail: { runs: 45, wickets: 2, overs: "7.3", no_result: true },
    };
    assert.equal(outcome("cricket", play("cricket", [washedOut])), "no_result");
  });

  it("converts overs to decimal", () => {
    assert.equal(oversToDecimal("20"), 20);
    assert.equal(oversToDecimal("19.3"), 19.5);
    assert.ok(Math.abs(oversToDecimal("19.4") - (19 + 4 / 6)) < 1e-12);
    assert.throws(() => oversToDecimal("19.6"), RangeError);
  });
});

describe("tennis", () => {
  const setEnd = (team: Side, home: number, away: number): ScoreEvent => ({
    type: "set_end",
    team,
    detail: { games: { home, away } },
  });

  it("counts sets won and keeps games per set", () => {
    const tiebreakSet: ScoreEvent = {
      type: "set_end",
      team: "away",
      detail: { games: { home: 6, away: 7 }, tiebreak: { home: 4, away: 7 } },
    };
    const score = play("tennis", [setEnd("home", 6, 3), tiebreakSet, setEnd("home", 6, 4)]);
    assert.deepEqual(score.sets, [
      { home: 6, away: 3 },
      { home: 6, away: 7, tiebreak: { home: 4, away: 7 } },
      { home: 6, away: 4 },
    ]);
    assert.equal(text("tennis", score), "2-1");
    assert.equal(outcome("tennis", score), "home");
  });

  it("gives the match to the opponent of a retired player", () => {
    const retirement: ScoreEvent = { type: "retirement", team: null, detail: { retired: "home" } };
    const score = play("tennis", [setEnd("home", 6, 2), retirement]);
    assert.equal(text("tennis", score), "1-0");
    assert.equal(outcome("tennis", score), "away");
  });
});

describe("esports", () => {
  it("counts maps won", () => {
    const mapEnd = (team: Side, map: string, home: number, away: number): ScoreEvent => ({
      type: "map_end",
      team,
      detail: { map, rounds: { home, away } },
    });
    const score = play("esports", [
      mapEnd("home", "Nuke", 13, 8),
      mapEnd("away", "Ancient", 10, 13),
    ]);
    assert.deepEqual(score.maps, [
      { map: "Nuke", home: 13, away: 8 },
      { map: "Ancient", home: 10, away: 13 },
    ]);
    assert.equal(text("esports", score), "1-1");
    assert.equal(outcome("esports", score), null);
  });
});

describe("combat sports", () => {
  it("records the finish and knockdowns", () => {
    const score = play("combat-sports", [
      { type: "knockdown", team: "away", period: "round_1" },
      { type: "finish", team: "away", detail: { method: "tko", round: 2, time: "3:12" } },
    ]);
    assert.deepEqual(score, {
      home: 0,
      away: 1,
      knockdowns: { home: 0, away: 1 },
      method: "tko",
      round: 2,
      time: "3:12",
    });
    assert.equal(text("combat-sports", score), "0-1");
    assert.equal(outcome("combat-sports", score), "away");
  });

  it("knows draws, no contests and unfinished fights", () => {
    const scorecards = [{ judge: "Lee", home: 28, away: 28 }];
    const draw = play("combat-sports", [
      {
        type: "finish",
        team: null,
        detail: { method: "draw", round: 3, time: "5:00", scorecards },
      },
    ]);
    assert.deepEqual(draw.scorecards, scorecards);
    assert.equal(outcome("combat-sports", draw), "draw");
    const noContest = play("combat-sports", [
      { type: "finish", team: null, detail: { method: "no_contest", round: 1, time: "0:45" } },
    ]);
    assert.equal(outcome("combat-sports", noContest), "no_result");
    assert.equal(outcome("combat-sports", play("combat-sports", [])), null);
  });
});
