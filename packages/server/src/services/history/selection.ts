/**
 * What a history request selects: the finished matches (finished, awarded, walkover) of one
 * sport, narrowed by the shared fixture filters plus a season range compared by start year.
 * Resolved and validated once, before anything is read, so every mistake is a 400.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { invalidParameter } from "../../errors/service-error.js";
import { FINISHED_STATUSES } from "../../sports/statuses.js";
import { type FixtureRowQuery, fixtureRows } from "../../store/queries/fixture-rows.js";
import type { ServiceContext, Sport } from "../context.js";
import {
  applyFixtureFilters,
  type FixtureFilters,
  type FixtureQuery,
  resolveFixtureFilters,
} from "../fixture-filters.js";

export interface HistoryQuery extends FixtureQuery {
  /** First season included (`YYYY-YYYY` or `YYYY`), by start year. */
  season_from?: string | undefined;
  /** Last season included, by start year. */
  season_to?: string | undefined;
}

export interface HistorySelection {
  sport: Sport;
  filters: FixtureFilters;
  /** Inclusive start-year bounds of the season range. */
  seasonFrom?: string;
  seasonTo?: string;
  /** A short digest of everything above: cursors are bound to it. */
  digest: string;
}

const SEASON = /^(\d{4})(?:-\d{4})?$/;

export async function resolveHistorySelection(
  ctx: ServiceContext,
  sport: Sport,
  query: HistoryQuery,
): Promise<HistorySelection> {
  const seasonFrom = startYear(query.season_from, "season_from");
  const seasonTo = startYear(query.season_to, "season_to");
  if (seasonFrom !== undefined && seasonTo !== undefined && seasonFrom > seasonTo) {
    throw invalidParameter("season_from", "season_from must not be after season_to");
  }
  const filters = await resolveFixtureFilters(ctx, sport, query);
  const finished = FINISHED_STATUSES as readonly string[];
  if (filters.statuses?.some((s) => !finished.includes(s))) {
    throw invalidParameter("status", `history has one of these statuses: ${finished.join(", ")}`);
  }
  filters.statuses ??= finished;
  const range = {
    ...(seasonFrom !== undefined ? { seasonFrom } : {}),
    ...(seasonTo !== undefined ? { seasonTo } : {}),
  };
  return { sport, filters, ...range, digest: digestOf([sport, sortedEntries(filters), range]) };
}

/** The read-model query of a selection, unordered and unpaged. */
export function historyRows(ctx: ServiceContext, selection: HistorySelection): FixtureRowQuery {
  let q = applyFixtureFilters(fixtureRows(ctx.store.db, selection.sport), selection.filters);
  const year = sql<string>`substr(${sql.ref("s.name")}, 1, 4)`;
  if (selection.seasonFrom !== undefined) q = q.where(year, ">=", selection.seasonFrom);
  if (selection.seasonTo !== undefined) q = q.where(year, "<=", selection.seasonTo);
  return q;
}

/** A short, stable digest of JSON-able parts (base64url of SHA-256, 16 characters). */
export function digestOf(parts: unknown): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);
}

function startYear(season: string | undefined, field: string): string | undefined {
  if (season === undefined) return undefined;
  const year = SEASON.exec(season)?.[1];
  if (year === undefined) throw invalidParameter(field, `${field} must be YYYY-YYYY or YYYY`);
  return year;
}

function sortedEntries(record: object): Array<[string, unknown]> {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
