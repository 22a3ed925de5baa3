/**
 * `Cache-Control` per resource class (decisions §10, ADR-0023; the table is in docs/api.md).
 * An answer to a key is `private`: a shared cache must not hand one key's answer to another,
 * whose plan, sports and limits differ. A keyless answer (the sandbox) is `public`.
 */
export type CacheClass = "live" | "match" | "table" | "archive";

const DIRECTIVES: Record<CacheClass, string> = {
  // Changes with every feed message: keep it, but ask each time (a 304 when unchanged).
  live: "no-cache",
  // Fixtures, one fixture, its events and lineups: a match in play changes them.
  match: "max-age=10, must-revalidate",
  // Results, standings, statistics: they change when a match finishes.
  table: "max-age=60, stale-while-revalidate=60",
  // Teams, players, competitions, countries, sports, history pages: imports and squad changes.
  archive: "max-age=3600, stale-while-revalidate=600",
};

const HEADERS = {
  private: Object.fromEntries(
    Object.entries(DIRECTIVES).map(([name, value]) => [name, `private, ${value}`]),
  ) as Record<CacheClass, string>,
  public: Object.fromEntries(
    Object.entries(DIRECTIVES).map(([name, value]) => [name, `public, ${value}`]),
  ) as Record<CacheClass, string>,
};

/** Error answers and streamed exports: never stored. */
export const NO_STORE = "no-store";

export function cacheControl(cacheClass: CacheClass, keyed: boolean): string {
  return (keyed ? HEADERS.private : HEADERS.public)[cacheClass];
}
