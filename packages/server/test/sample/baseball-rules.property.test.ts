/**
 * Baseball as the generator and the live simulator's flow play it obeys the sport's rules
 * (issue 18): the line score lists every inning played, 1 to the last, scoreless ones as 0-0, and
 * sums to the final score; season stats never show more relief appearances than appearances; a
 * lineup has one player at each fielding position (one catcher) plus the designated hitter.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { GenContext } from "../../src/sample/context.js";
import { baseballProfile, generateBaseball } from "../../src/sample/sports/baseball.js";
import {
  assertLineScore,
  distinct,
  finishedMatches,
  generated,
  type PlayedMatch,
  simulatedMatch,
} from "./line-score-checks.js";
import { seeds } from "./property-helpers.js";

/** Fielding positions 1–9 and the DH (the rules use it: `designated_hitter`). */
const LINEUP_POSITIONS = ["P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "DH"];

interface InningRuns {
  inning: number;
  home: number;
  away: number;
}

const inningOf = (period: string | null) => Number(/_(\d+)/.exec(period ?? "")?.[1] ?? Number.NaN);

function assertLineScoreRules(match: PlayedMatch): void {
  const played = distinct(match.events.map((e) => inningOf(e.period)));
  assert.ok(played.length >= 9, `${match.id}: ${played.length} innings`);
  assert.deepEqual(
    played,
    played.map((_, i) => i + 1),
    `${match.id}: innings 1..n`,
  );
  const innings = match.score.innings as InningRuns[] | undefined;
  assertLineScore(match, innings, (entry) => entry.inning, played);
}

type Dataset = GenContext["dataset"];

function assertSeasonStats(dataset: Dataset): void {
  for (const row of dataset.player_season_stats) {
    const stats = row.stats as Record<string, number>;
    const relief = stats.relief_appearances ?? 0;
    assert.ok(
      relief <= (stats.appearances ?? 0),
      `${row.player_id}: ${relief} relief of ${stats.appearances}`,
    );
    assert.ok((stats.starts ?? 0) + relief <= (stats.appearances ?? 0), `${row.player_id}: starts`);
  }
}

function assertLineups(dataset: Dataset): void {
  const squadPosition = new Map(dataset.players.map((p) => [p.id, p.position]));
  for (const lineup of dataset.lineups) {
    const starters = lineup.starters as Array<{ player_id: string; position: string }>;
    const where = `${lineup.fixture_id} ${lineup.team_id}`;
    assert.deepEqual(
      starters.map((s) => s.position).sort(),
      [...LINEUP_POSITIONS].sort(),
      `${where}: one player per position`,
    );
    const ids = starters.map((s) => s.player_id);
    assert.equal(new Set(ids).size, ids.length, `${where}: a player twice`);
    const catchers = ids.filter((id) => squadPosition.get(id) === "catcher");
    assert.equal(catchers.length, 1, `${where}: ${catchers.length} catchers`);
    const pitcher = starters.find((s) => s.position === "P");
    assert.equal(squadPosition.get(pitcher?.player_id ?? ""), "pitcher", `${where}: the P pitches`);
    for (const s of starters.filter((x) => x.position !== "P")) {
      assert.notEqual(squadPosition.get(s.player_id), "pitcher", `${where}: a pitcher bats`);
    }
  }
}

describe("baseball obeys its rules", () => {
  it("in generated seasons: line scores, relief appearances, lineups", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const dataset = generated(seed, generateBaseball);
        const matches = finishedMatches(dataset);
        assert.ok(matches.length > 0);
        for (const match of matches) assertLineScoreRules(match);
        assertSeasonStats(dataset);
        assertLineups(dataset);
      }),
      { seed: 42, numRuns: 6 },
    );
  });

  it("in simulated matches folded through the sport module", () => {
    const strength = fc.double({ min: -2.5, max: 2.5, noNaN: true });
    fc.assert(
      fc.property(seeds, strength, strength, (seed, a, b) => {
        assertLineScoreRules(simulatedMatch("baseball", baseballProfile, seed, [a, b]));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
