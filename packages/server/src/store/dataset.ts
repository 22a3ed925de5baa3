/**
 * A whole dataset in the store's row shapes, with JSON columns as objects. The sample generator
 * produces one; `writeDataset` stores one. Also the unit in which bulk loads are counted.
 */
import type { Tables } from "./tables.js";

type JsonColumns = {
  [T in keyof Tables]: T extends "competitions"
    ? "rules"
    : T extends "teams"
      ? "venue"
      : T extends "team_competitions"
        ? "groups"
        : T extends "players"
          ? "detail"
          : T extends "fixtures"
            ? "officials" | "broadcast" | "score" | "result" | "participants" | "last_event"
            : T extends "match_events"
              ? "detail" | "score"
              : T extends "lineups"
                ? "starters" | "substitutes"
                : T extends "team_season_stats" | "player_season_stats"
                  ? "stats"
                  : never;
};

/** JSON columns a record may leave out (added by a later migration; null when absent). */
type OptionalJsonColumns = "groups";

/** A table row whose JSON columns hold values instead of text. */
export type RecordOf<T extends keyof Tables> = Omit<Tables[T], JsonColumns[T]> & {
  [C in Exclude<JsonColumns[T], OptionalJsonColumns>]: unknown;
} & { [C in Extract<JsonColumns[T], OptionalJsonColumns>]?: unknown };

/** Load order respects foreign keys. */
export const DATASET_TABLES = [
  "countries",
  "competitions",
  "seasons",
  "teams",
  "team_competitions",
  "players",
  "fixtures",
  "match_events",
  "lineups",
  "team_season_stats",
  "player_season_stats",
  "standings_adjustments",
  "bookmakers",
  "odds",
] as const satisfies ReadonlyArray<keyof Tables>;

export type DatasetTable = (typeof DATASET_TABLES)[number];

export type Dataset = { [T in DatasetTable]: Array<RecordOf<T>> };

export function emptyDataset(): Dataset {
  return Object.fromEntries(DATASET_TABLES.map((t) => [t, []])) as unknown as Dataset;
}

export function rowCounts(dataset: Dataset): Record<DatasetTable, number> {
  return Object.fromEntries(DATASET_TABLES.map((t) => [t, dataset[t].length])) as Record<
    DatasetTable,
    number
  >;
}
