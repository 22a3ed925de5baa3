/** Columns stored as JSON text, per table: the store serialises on write and parses on read. */
import type { TableName } from "./tables.js";

const JSON_COLUMNS: Partial<Record<TableName, readonly string[]>> = {
  competitions: ["rules"],
  teams: ["venue"],
  team_competitions: ["groups"],
  players: ["detail"],
  fixtures: ["officials", "broadcast", "score", "result", "participants", "last_event"],
  match_events: ["detail", "score"],
  lineups: ["starters", "substitutes"],
  team_season_stats: ["stats"],
  player_season_stats: ["stats"],
};

/** Turns a record with object-valued JSON columns into a storable row. */
export function toRow(table: TableName, record: Record<string, unknown>): Record<string, unknown> {
  const columns = JSON_COLUMNS[table];
  if (columns === undefined) return record;
  const row: Record<string, unknown> = { ...record };
  for (const column of columns) {
    const value = row[column];
    if (value !== undefined && value !== null && typeof value !== "string") {
      row[column] = JSON.stringify(value);
    }
  }
  return row;
}

/** Parses a stored JSON column; null stays null. */
export function parseJson<T>(text: string | null | undefined): T | null {
  if (text === null || text === undefined) return null;
  return JSON.parse(text) as T;
}
