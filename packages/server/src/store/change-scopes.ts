/**
 * What a write changes, named finely enough that a read depends only on what it reads.
 *
 * A scope is `table`, `table/sport` or `table/sport/key`. Every committed write to a data table
 * announces the scopes of the rows it touched (migration 009: SQLite triggers append them to
 * `data_changes`, PostgreSQL triggers `NOTIFY` them), so every process and node learns what
 * changed, whoever wrote it. A change of `fixtures/football/fx1` changes `fixtures/football` and
 * `fixtures` too; a read of `fixtures/football/fx2` is untouched by it.
 *
 * The tables, with the key of their rows' scopes:
 */
export const SCOPED_TABLES = {
  countries: { sport: false, key: null },
  competitions: { sport: true, key: null },
  seasons: { sport: true, key: null },
  teams: { sport: true, key: null },
  team_competitions: { sport: false, key: null },
  players: { sport: true, key: null },
  fixtures: { sport: true, key: "id" },
  match_events: { sport: true, key: "fixture_id" },
  lineups: { sport: true, key: "fixture_id" },
  team_season_stats: { sport: true, key: null },
  player_season_stats: { sport: true, key: null },
  standings_adjustments: { sport: true, key: null },
  standings_rows: { sport: true, key: null },
  bookmakers: { sport: false, key: null },
  odds: { sport: true, key: "fixture_id" },
} as const;

export type ScopedTable = keyof typeof SCOPED_TABLES;

/**
 * Scopes a read can depend on: the tables, and `fixtures:finished` — changed by a write to a
 * fixture that is finished before or after it (results and standings read only those).
 */
export type ScopeName = ScopedTable | "fixtures:finished";

/** Whether a scope name's changes are announced per sport. */
export function perSport(name: ScopeName): boolean {
  return name === "fixtures:finished" || SCOPED_TABLES[name].sport;
}

/** Whether writes to this table are announced (the tables of migration 009). */
export function isScopedTable(table: string): table is ScopedTable {
  return Object.hasOwn(SCOPED_TABLES, table);
}
