/**
 * `sort` on the player and team lists (ADR-0041): a comma-separated list of fields, each
 * descending with a leading `-`. Profile fields sort with their missing values last in either
 * direction; a statistic sorts by its total over each competition's current season (only
 * `league`'s when the list is filtered by it), missing counting as 0. The list's default order
 * always follows, so equal keys keep a stable order.
 */
import { type Expression, type RawBuilder, sql } from "kysely";
import { invalidParameter } from "../errors/service-error.js";
import { sortableTotals } from "../sports/stat-catalogue.js";
import type { StatSubject } from "../sports/stat-kinds.js";
import type { Dialect } from "../store/database.js";
import { jsonNumber } from "../store/queries/json-number.js";
import type { Sport } from "./context.js";

const PROFILE_FIELDS: Record<StatSubject, readonly string[]> = {
  player: ["name", "shirt_number", "date_of_birth", "height_cm", "updated_at"],
  team: ["name", "founded", "country", "updated_at"],
};

export interface SortKey {
  field: string;
  descending: boolean;
  /** A statistic total rather than a profile field. */
  statistic: boolean;
}

/** The fields a list of players or teams of this sport sorts by. */
export function sortFields(sport: Sport, subject: StatSubject): string[] {
  return [...PROFILE_FIELDS[subject], ...sortableTotals(sport, subject)];
}

export function parseSort(sport: Sport, subject: StatSubject, text: string | undefined): SortKey[] {
  if (text === undefined) return [];
  const allowed = sortFields(sport, subject);
  const keys: SortKey[] = [];
  for (const part of text.split(",")) {
    const item = part.trim();
    const field = item.startsWith("-") ? item.slice(1) : item;
    if (!allowed.includes(field)) {
      const what = field === "" ? "an empty field" : JSON.stringify(field);
      throw invalidParameter(
        "sort",
        `sort has ${what}; sort ${subject}s by a comma-separated list of: ${allowed.join(", ")} (a leading - sorts descending)`,
      );
    }
    if (keys.some((k) => k.field === field)) {
      throw invalidParameter("sort", `sort names ${field} more than once`);
    }
    keys.push({
      field,
      descending: item.startsWith("-"),
      statistic: !PROFILE_FIELDS[subject].includes(field),
    });
  }
  return keys;
}

export interface StatTotalSource {
  dialect: Dialect;
  table: "player_season_stats" | "team_season_stats";
  /** `player_id` or `team_id`, matched against `owner`. */
  ownerColumn: "player_id" | "team_id";
  owner: Expression<string>;
  /** Only this competition's current season (a list filtered by `league`). */
  competitionId?: string | undefined;
}

/** The total of one statistic over the current seasons in scope, 0 when there is none. */
function statTotal(source: StatTotalSource, key: string): RawBuilder<number> {
  const value = jsonNumber(source.dialect, sql.ref("x.stats"), key);
  const competition =
    source.competitionId === undefined
      ? sql``
      : sql` and x.competition_id = ${source.competitionId}`;
  return sql<number>`coalesce((select sum(${value}) from ${sql.table(source.table)} as x inner join competitions as xc on xc.id = x.competition_id where ${sql.ref(`x.${source.ownerColumn}`)} = ${source.owner} and x.season_id = xc.current_season_id${competition}), 0)`;
}

export interface OrderTerm {
  expression: Expression<unknown>;
  direction: "asc" | "desc";
}

/** The terms one key orders by: a column with its missing values last, whatever the direction. */
export function columnOrder(key: SortKey, ...columns: Expression<unknown>[]): OrderTerm[] {
  const direction = key.descending ? "desc" : "asc";
  return columns.flatMap((column) => [
    { expression: sql<boolean>`(${column} is null)`, direction: "asc" as const },
    { expression: column, direction },
  ]);
}

/** The term a statistic key orders by. */
export function statOrder(key: SortKey, source: StatTotalSource): OrderTerm[] {
  return [{ expression: statTotal(source, key.field), direction: key.descending ? "desc" : "asc" }];
}
