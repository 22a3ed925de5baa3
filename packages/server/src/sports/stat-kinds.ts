/**
 * The two kinds of statistic a sport ranks (ADR-0041). A **total** reads one number of a season's
 * stats document and ranks most first (lists can sort by it, summed over competitions). A
 * **rate** is computed from totals, ranks in its better direction (an ERA lowest first) and is
 * rounded before ranking, so values shown equal are tied; a player's rate counts only once he
 * has enough of some total per game his team played (the qualifier).
 */

/** Who a statistic describes: a player row or a team row of the season statistics. */
export type StatSubject = "player" | "team";

/** A season's stats document, as stored. */
export type StatsDocument = Readonly<Record<string, unknown>>;

/** A rate's minimum: `perGame` × the games the row's team played, rounded up, of `stat`. */
export interface Qualifier {
  stat: string;
  perGame: number;
}

export interface StatDefinition {
  stat: string;
  subject: StatSubject;
  kind: "total" | "rate";
  /** `desc`: the highest value leads; `asc`: the lowest (ERA, economy, bowling average). */
  order: "desc" | "asc";
  description: string;
  qualifier: Qualifier | null;
  /** The value of a stats document, rounded as ranked; null when it has none. */
  value(stats: StatsDocument): number | null;
}

/** The number under `key` (`a.b` reads inside an object), or null when absent or not a number. */
function numberAt(stats: StatsDocument, key: string): number | null {
  let value: unknown = stats;
  for (const part of key.split(".")) {
    value =
      typeof value === "object" && value !== null
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function rounded(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
}

/** A total read from `key` (the statistic's own name unless given). */
export function total(
  subject: StatSubject,
  stat: string,
  description: string,
  key = stat,
): StatDefinition {
  return {
    stat,
    subject,
    kind: "total",
    order: "desc",
    description,
    qualifier: null,
    value: (stats) => numberAt(stats, key),
  };
}

export interface RateOptions {
  order?: "desc" | "asc";
  decimals: number;
  qualifier?: Qualifier;
  /** The totals it divides; null when the document lacks one or the divisor is 0. */
  compute(read: (key: string) => number | null): number | null;
}

export function rate(
  subject: StatSubject,
  stat: string,
  description: string,
  options: RateOptions,
): StatDefinition {
  return {
    stat,
    subject,
    kind: "rate",
    order: options.order ?? "desc",
    description,
    qualifier: options.qualifier ?? null,
    value: (stats) => {
      const value = options.compute((key) => numberAt(stats, key));
      return value === null || !Number.isFinite(value) ? null : rounded(value, options.decimals);
    },
  };
}

/** `numerator / denominator` scaled, or null when either is missing or the divisor is 0. */
export function ratio(
  numerator: number | null,
  denominator: number | null,
  scale = 1,
): number | null {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return (scale * numerator) / denominator;
}

/** The sum of the numbers, or null when any is missing. */
export function sum(...values: Array<number | null>): number | null {
  let out = 0;
  for (const value of values) {
    if (value === null) return null;
    out += value;
  }
  return out;
}

/** The qualifier's wording for the documentation and `meta.qualifier`. */
export function qualifierText(qualifier: Qualifier | null): string | null {
  if (qualifier === null) return null;
  return `at least ${qualifier.perGame} ${qualifier.stat.replace(/_/g, " ")} per game the team played (rounded up)`;
}

/** The least of the qualifier's total a row needs after `games` team games. */
function qualifierMinimum(qualifier: Qualifier, games: number): number {
  // toFixed first: 0.7 × 10 is 7.000000000000001 in binary floating point, which is still 7.
  return Math.ceil(Number((qualifier.perGame * games).toFixed(6)));
}

/** Whether a stats document meets the statistic's qualifier after `games` team games. */
export function meetsQualifier(
  definition: StatDefinition,
  stats: StatsDocument,
  games: number,
): boolean {
  if (definition.qualifier === null) return true;
  const count = numberAt(stats, definition.qualifier.stat) ?? 0;
  return count >= qualifierMinimum(definition.qualifier, games);
}
