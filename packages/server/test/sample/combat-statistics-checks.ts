/**
 * Combat sports season statistics recounted from the stored results and events, independently of
 * the generator's own tally: one row per fighter, competition and season fought, every number the
 * sum of his finished bouts there (a win is a bout whose winner is his team).
 */
import assert from "node:assert/strict";
import type { Dataset } from "../../src/store/dataset.js";

type Row = Record<string, number>;
type Landed = { significant_strikes: number; takedowns: number };

const ZERO: Row = {
  fights: 0,
  wins: 0,
  losses: 0,
  draws: 0,
  no_contests: 0,
  knockouts: 0,
  submissions: 0,
  decisions: 0,
  knockdowns: 0,
  significant_strikes: 0,
  takedowns: 0,
};

const WIN_BY: Readonly<Record<string, string>> = {
  ko: "knockouts",
  tko: "knockouts",
  submission: "submissions",
  decision: "decisions",
};

export function assertCombatStatistics(dataset: Dataset): void {
  const playerOf = new Map(dataset.teams.map((t) => [t.id, t.player_id]));
  const expected = new Map<string, Row>();
  for (const fixture of dataset.fixtures.filter((f) => f.status === "finished")) {
    const events = dataset.match_events.filter((e) => e.fixture_id === fixture.id);
    const result = fixture.result as { winner_team_id: string | null; decided_by: string };
    const finish = events.find((e) => e.type === "finish")?.detail as {
      fight_stats: Record<"home" | "away", Landed>;
    };
    for (const side of ["home", "away"] as const) {
      const teamId = side === "home" ? fixture.home_team_id : fixture.away_team_id;
      const key = `${playerOf.get(teamId ?? "")}|${fixture.competition_id}|${fixture.season_id}`;
      const row = expected.get(key) ?? { ...ZERO };
      expected.set(key, row);
      const add = (stat: string, n: number) => {
        row[stat] = (row[stat] ?? 0) + n;
      };
      add("fights", 1);
      if (result.decided_by === "draw") add("draws", 1);
      else if (result.decided_by === "no_contest") add("no_contests", 1);
      else if (result.winner_team_id === teamId) {
        add("wins", 1);
        const by = WIN_BY[result.decided_by];
        if (by !== undefined) add(by, 1);
      } else add("losses", 1);
      const knockdowns = events.filter((e) => e.type === "knockdown" && e.team_id === teamId);
      add("knockdowns", knockdowns.length);
      add("significant_strikes", finish.fight_stats[side].significant_strikes);
      add("takedowns", finish.fight_stats[side].takedowns);
    }
  }
  const rows = dataset.player_season_stats.filter((r) => r.sport === "combat-sports");
  assert.equal(rows.length, expected.size, "one row per fighter, competition and season fought");
  for (const row of rows) {
    const key = `${row.player_id}|${row.competition_id}|${row.season_id}`;
    assert.deepEqual(row.stats, expected.get(key), key);
  }
}
