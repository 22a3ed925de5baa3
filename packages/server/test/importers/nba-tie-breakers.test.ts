/**
 * The NBA tie-breakers the importer sets that the 2022-23 table never needs: a division leader
 * ranks above a tied team that leads no division even when the point differential says
 * otherwise. (Head-to-head, same-division-only division record and conference record are
 * exercised by the real 2022-23 table in `nba-standings.test.ts`.) Pure: no store.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { NBA_TIE_BREAKERS } from "../../src/importers/fivethirtyeight-nba/season-keys.js";
import { basketball } from "../../src/sports/basketball.js";
import { computeStandings, type StandingsResult } from "../../src/sports/standings.js";
import { withOverrides } from "../../src/sports/standings-overrides.js";

const team = (id: string, division: string) => ({
  id,
  name: id,
  groups: [
    { kind: "conference", name: "Eastern" },
    { kind: "division", name: division },
  ],
});

const game = (home: string, away: string, h: number, a: number, day: number): StandingsResult => ({
  homeTeamId: home,
  awayTeamId: away,
  home: h,
  away: a,
  outcome: h > a ? "home" : "away",
  kickoff: `2023-01-${String(day).padStart(2, "0")}T00:00:00Z`,
});

// A leads division X (over B); D leads Y, so C, tied with A at 2-1 and 1-1 between them,
// leads nothing although its point differential (+20) beats A's (-18).
const season = {
  teams: [team("A", "X"), team("B", "X"), team("C", "Y"), team("D", "Y")],
  results: [
    game("A", "C", 101, 100, 1),
    game("C", "A", 120, 100, 2),
    game("A", "B", 101, 100, 3),
    game("C", "B", 101, 100, 4),
    game("D", "B", 101, 100, 5),
    game("B", "D", 100, 101, 6),
  ],
};

test("a division leader ranks above a tied non-leader with the better point differential", () => {
  const rules = withOverrides(basketball.standings ?? assert.fail("basketball has a table"), {
    tie_breakers: [...NBA_TIE_BREAKERS],
  });
  const rows = computeStandings({
    rules,
    ...season,
  });
  assert.deepEqual(
    rows.map((r) => [r.team, r.won, r.lost]),
    [
      ["D", 2, 0],
      ["A", 2, 1],
      ["C", 2, 1],
      ["B", 0, 4],
    ],
  );
  const withoutLeader = computeStandings({
    rules: { ...rules, tieBreakers: rules.tieBreakers.filter((t) => t !== "division_leader") },
    ...season,
  });
  assert.deepEqual(
    withoutLeader.map((r) => r.team),
    ["D", "C", "A", "B"],
  );
});
