import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { americanFootball } from "../../src/sports/american-football.js";
import { basketball } from "../../src/sports/basketball.js";
import { cricket } from "../../src/sports/cricket.js";
import { football } from "../../src/sports/football.js";
import {
  computeStandings,
  type StandingsResult,
  type StandingsRow,
} from "../../src/sports/standings.js";
import type { Outcome, StandingsRules } from "../../src/sports/types.js";

function rulesOf(module: { standings: StandingsRules | null }): StandingsRules {
  assert.ok(module.standings !== null);
  return module.standings;
}

/** Teams named by id ("ars" → "Ars"), so a team's name sorts like its id. */
function teams(...ids: string[]) {
  return ids.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));
}

let day = 0;
/** A result on the next day; draws and winners come from the score unless given. */
function result(home: string, away: string, h: number, a: number, outcome?: Outcome) {
  day += 1;
  const kickoff = new Date(Date.UTC(2026, 7, 1) + day * 86_400_000).toISOString();
  const decided: Outcome = outcome ?? (h > a ? "home" : h < a ? "away" : "draw");
  return { homeTeamId: home, awayTeamId: away, home: h, away: a, outcome: decided, kickoff };
}

const order = (rows: StandingsRow[]) => rows.map((row) => row.team_id);
const row = (rows: StandingsRow[], id: string) => rows.find((r) => r.team_id === id);

describe("football standings", () => {
  const league = [
    result("ars", "der", 3, 0),
    result("bri", "che", 2, 1),
    result("che", "ars", 2, 0),
    result("der", "bri", 1, 1),
    result("ars", "bri", 2, 2),
    result("der", "che", 0, 3),
  ];
  const input = {
    rules: rulesOf(football),
    teams: teams("ars", "bri", "che", "der", "eve"),
    results: [...league].reverse(),
  };

  it("builds the known table", () => {
    const rows = computeStandings(input);
    assert.deepEqual(order(rows), ["che", "bri", "ars", "der", "eve"]);
    assert.deepEqual(row(rows, "ars"), {
      position: 3,
      team_id: "ars",
      team: "Ars",
      played: 3,
      won: 1,
      drawn: 1,
      lost: 1,
      no_result: 0,
      goals_for: 5,
      goals_against: 4,
      goal_difference: 1,
      points: 4,
      deductions: 0,
      win_pct: 0.333,
      form: "WLD",
      group: null,
      groups: [],
    });
    assert.deepEqual(
      rows.map((r) => [r.position, r.points, r.goal_difference, r.form]),
      [
        [1, 6, 4, "LWW"],
        [2, 5, 1, "WDD"],
        [3, 4, 1, "WLD"],
        [4, 1, -6, "LDL"],
        [5, 0, 0, ""],
      ],
    );
  });

  it("moves a team down after a points deduction", () => {
    const rows = computeStandings({ ...input, deductions: [{ teamId: "bri", points: 2 }] });
    assert.deepEqual(order(rows), ["che", "ars", "bri", "der", "eve"]);
    assert.deepEqual([row(rows, "bri")?.points, row(rows, "bri")?.deductions], [3, 2]);
  });

  it("breaks ties on goal difference, then goals scored, then name", () => {
    const rows = computeStandings({
      rules: rulesOf(football),
      teams: teams("pal", "qpr", "rov", "xam", "yor", "zet", "zed"),
      results: [result("pal", "xam", 3, 0), result("qpr", "xam", 4, 1), result("rov", "yor", 2, 0)],
    });
    assert.deepEqual(order(rows), ["qpr", "pal", "rov", "zed", "zet", "yor", "xam"]);
    assert.deepEqual(
      rows.map((r) => r.position),
      [1, 2, 3, 4, 5, 6, 7],
    );
  });

  it("uses head-to-head among the tied teams only when the rules ask for it", () => {
    const results = [
      result("ars", "bri", 1, 0),
      result("bri", "che", 4, 0),
      result("che", "ars", 1, 0),
      result("ars", "der", 2, 0),
      result("bri", "der", 1, 0),
    ];
    const base = { teams: teams("ars", "bri", "che", "der"), results };
    assert.deepEqual(order(computeStandings({ ...base, rules: rulesOf(football) })), [
      "bri",
      "ars",
      "che",
      "der",
    ]);
    const headToHeadFirst: StandingsRules = {
      ...rulesOf(football),
      tieBreakers: ["head_to_head_points", "goal_difference", "name"],
    };
    assert.deepEqual(order(computeStandings({ ...base, rules: headToHeadFirst })), [
      "ars",
      "bri",
      "che",
      "der",
    ]);
  });

  it("shows the last five results, newest last", () => {
    const games = [
      result("ars", "bri", 0, 1),
      result("ars", "bri", 1, 0),
      result("ars", "bri", 1, 1),
      result("ars", "bri", 2, 0),
      result("ars", "bri", 0, 3),
      result("ars", "bri", 2, 1),
    ];
    const shuffled = [games[3], games[0], games[5], games[1], games[4], games[2]].filter(
      (game): game is StandingsResult => game !== undefined,
    );
    const rows = computeStandings({
      rules: rulesOf(football),
      teams: teams("ars", "bri"),
      results: shuffled,
    });
    assert.equal(row(rows, "ars")?.form, "WDWLW");
    assert.equal(row(rows, "bri")?.form, "LDLWL");
  });
});

describe("win percentage standings", () => {
  it("ranks basketball by win_pct with no drawn games", () => {
    const rows = computeStandings({
      rules: rulesOf(basketball),
      teams: teams("hawks", "jets", "kings", "lions"),
      results: [
        result("hawks", "jets", 100, 90),
        result("hawks", "kings", 95, 80),
        result("lions", "hawks", 88, 99),
        result("jets", "hawks", 101, 98),
        result("jets", "kings", 90, 85),
        result("jets", "lions", 90, 70),
        result("kings", "jets", 99, 90),
        result("lions", "kings", 80, 70),
      ],
    });
    assert.deepEqual(order(rows), ["hawks", "jets", "lions", "kings"]);
    assert.deepEqual(
      rows.map((r) => [r.won, r.lost, r.drawn, r.win_pct]),
      [
        [3, 1, 0, 0.75],
        [3, 2, 0, 0.6],
        [1, 2, 0, 0.333],
        [1, 3, 0, 0.25],
      ],
    );
  });

  it("counts an American football tie as half a win", () => {
    const rows = computeStandings({
      rules: rulesOf(americanFootball),
      teams: teams("packers", "quakers", "rams"),
      results: [
        result("packers", "quakers", 20, 17),
        result("packers", "rams", 10, 10),
        result("rams", "quakers", 7, 14),
      ],
    });
    assert.deepEqual(order(rows), ["packers", "quakers", "rams"]);
    assert.deepEqual(
      rows.map((r) => [r.won, r.drawn, r.lost, r.win_pct]),
      [
        [1, 1, 0, 0.75],
        [1, 0, 1, 0.5],
        [0, 1, 1, 0.25],
      ],
    );
  });
});

describe("cricket standings", () => {
  const withOvers = (base: ReturnType<typeof result>, homeOvers: number, awayOvers: number) => ({
    ...base,
    homeOvers,
    awayOvers,
  });

  it("orders teams level on points by net run rate", () => {
    const rows = computeStandings({
      rules: rulesOf(cricket),
      teams: teams("chennai", "delhi", "mumbai"),
      results: [
        withOvers(result("mumbai", "chennai", 200, 150), 20, 20),
        withOvers(result("chennai", "delhi", 180, 120), 20, 16.5),
        withOvers(result("delhi", "mumbai", 160, 140), 20, 20),
      ],
    });
    assert.deepEqual(order(rows), ["mumbai", "delhi", "chennai"]);
    assert.deepEqual(
      rows.map((r) => [r.points, r.net_run_rate]),
      [
        [2, 0.75],
        [2, -0.329],
        [2, -0.517],
      ],
    );
  });

  it("gives a point each for no result and ties", () => {
    const rows = computeStandings({
      rules: rulesOf(cricket),
      teams: teams("essex", "kent", "surrey", "sussex"),
      results: [
        result("essex", "kent", 0, 0, "no_result"),
        withOvers(result("surrey", "sussex", 150, 150), 20, 20),
      ],
    });
    assert.deepEqual(
      rows.map((r) => [r.team_id, r.points, r.no_result, r.drawn, r.form, r.net_run_rate]),
      [
        ["essex", 1, 1, 0, "N", 0],
        ["kent", 1, 1, 0, "N", 0],
        ["surrey", 1, 0, 1, "D", 0],
        ["sussex", 1, 0, 1, "D", 0],
      ],
    );
  });
});
