/**
 * Tennis season statistics recounted from the stored results, scores and events, independently of
 * the generator's own tally: one row per player, competition and season played, every number the
 * sum of that player's finished matches there (a win is a fixture whose winner is his team).
 */
import assert from "node:assert/strict";
import type { Dataset } from "../../src/store/dataset.js";

type Pair = { home: number; away: number };
type SetScore = Pair & { tiebreak?: Pair };
type Row = Record<string, number>;

const ZERO: Row = {
  matches_played: 0,
  matches_won: 0,
  matches_lost: 0,
  titles: 0,
  sets_won: 0,
  sets_lost: 0,
  games_won: 0,
  games_lost: 0,
  tiebreaks_won: 0,
  tiebreaks_lost: 0,
  aces: 0,
  double_faults: 0,
  breaks_of_serve: 0,
};

export function assertTennisStatistics(dataset: Dataset): void {
  const playerOf = new Map(dataset.teams.map((t) => [t.id, t.player_id]));
  const expected = new Map<string, Row>();
  const finished = dataset.fixtures.filter((f) => f.status === "finished");
  for (const fixture of finished) {
    const events = dataset.match_events.filter((e) => e.fixture_id === fixture.id);
    const winner = (fixture.result as { winner_team_id: string }).winner_team_id;
    const sets = (fixture.score as { sets: SetScore[] }).sets;
    const cut = events.find((e) => e.type === "retirement")?.detail as { games?: Pair } | undefined;
    for (const side of ["home", "away"] as const) {
      const foe = side === "home" ? "away" : "home";
      const teamId = side === "home" ? fixture.home_team_id : fixture.away_team_id;
      const key = `${playerOf.get(teamId ?? "")}|${fixture.competition_id}|${fixture.season_id}`;
      const row = expected.get(key) ?? { ...ZERO };
      expected.set(key, row);
      const add = (stat: string, n: number) => {
        row[stat] = (row[stat] ?? 0) + n;
      };
      const won = winner === teamId;
      add("matches_played", 1);
      add(won ? "matches_won" : "matches_lost", 1);
      if (won && fixture.round === "Final") add("titles", 1);
      for (const set of [...sets, ...(cut?.games ? [cut.games] : [])]) {
        add("games_won", set[side]);
        add("games_lost", set[foe]);
      }
      for (const set of sets) {
        add(set[side] > set[foe] ? "sets_won" : "sets_lost", 1);
        if (set.tiebreak) add(set[side] > set[foe] ? "tiebreaks_won" : "tiebreaks_lost", 1);
      }
      for (const e of events.filter((x) => x.team_id === teamId)) {
        if (e.type === "ace") add("aces", 1);
        if (e.type === "double_fault") add("double_faults", 1);
        if (e.type === "break_of_serve") add("breaks_of_serve", 1);
      }
    }
  }
  const rows = dataset.player_season_stats.filter((r) => r.sport === "tennis");
  assert.equal(rows.length, expected.size, "one row per player, competition and season played");
  for (const row of rows) {
    const key = `${row.player_id}|${row.competition_id}|${row.season_id}`;
    assert.deepEqual(row.stats, expected.get(key), key);
    assert.equal(playerOf.get(row.team_id ?? ""), row.player_id, `${key}: the player's own team`);
  }
}
