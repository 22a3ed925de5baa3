/**
 * The change clock: when each scope (change-scopes.ts) last changed, as far as this process
 * knows, on a counter that only moves forward. A reader takes `now()` before its queries and
 * keeps its answer with that mark and the scopes it read; the answer is fresh while
 * `changedSince(mark, checks)` is false. A change heard after the mark — even one committed
 * while the queries ran — makes it stale, so a kept answer is never older than a change this
 * process has heard of.
 *
 * Three kinds of change: a scope (`fixtures/football/fx1`, which also changes
 * `fixtures/football` and `fixtures`), a whole table (`fixtures/*`: a write whose rows are not
 * known yet) and everything (a gap in what was heard, a lost connection).
 */

/** `now()` when the process cannot tell what changed: answers are neither kept nor reused. */
export const UNKNOWN = -1;

/**
 * Scopes remembered at most (each fixture that ever changed adds a few). Past it, the clock
 * forgets them all and counts the moment as a change of everything: bounded memory, at the
 * price of one emptied cache every few hundred thousand fixtures.
 */
const MAX_SCOPES = 250_000;

export class ChangeClock {
  private tick = 0;
  private everything = 0;
  private readonly at = new Map<string, number>();

  /**
   * @param sync learns of changes made elsewhere since the last call (reads SQLite's change
   *   log); returns false when it cannot tell now (the log is mid-transaction).
   */
  constructor(
    private readonly sync: () => boolean = () => true,
    private readonly maxScopes = MAX_SCOPES,
  ) {}

  /** The mark to keep an answer under, or UNKNOWN. */
  now(): number {
    return this.sync() ? this.tick : UNKNOWN;
  }

  /** Whether any of the checks (from `checksFor`) changed after the mark. */
  changedSince(mark: number, checks: readonly string[]): boolean {
    if (mark === UNKNOWN || this.everything > mark) return true;
    for (const check of checks) {
      if ((this.at.get(check) ?? 0) > mark) return true;
    }
    return false;
  }

  /** One announced scope changed: `table`, `table/sport` or `table/sport/key`. */
  scope(scope: string): void {
    if (this.at.size >= this.maxScopes) this.forget();
    const tick = ++this.tick;
    let slash = scope.indexOf("/");
    while (slash !== -1) {
      this.at.set(scope.slice(0, slash), tick);
      slash = scope.indexOf("/", slash + 1);
    }
    this.at.set(scope, tick);
  }

  /** Something in the table changed, in rows not named (yet). */
  table(table: string): void {
    if (this.at.size >= this.maxScopes) this.forget();
    const tick = ++this.tick;
    this.at.set(`${table}/*`, tick);
    this.at.set(table, tick);
  }

  /** Anything may have changed. */
  all(): void {
    this.everything = ++this.tick;
  }

  private forget(): void {
    this.at.clear();
    this.all();
  }
}

/**
 * What to check for a read of a scope: the scope itself and its table as a whole. (A change
 * to `fixtures/football/fx1` is recorded under each of its prefixes when heard, so the read of
 * `fixtures/football` needs no look at the keys below it.)
 */
export function checksFor(scope: string): string[] {
  const slash = scope.indexOf("/");
  return slash === -1 ? [scope] : [scope, `${scope.slice(0, slash)}/*`];
}
