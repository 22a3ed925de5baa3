/**
 * The sandbox's history, kept bounded (issue 18; docs/sandbox.md, "History"). Its compressed
 * world plays weeks of sport in hours, so its store would grow without end; it keeps a window of
 * world time (`SCORELINE_SANDBOX_HISTORY_DAYS`, 14 by default) and drops what is older:
 *
 * - a match of a competition without a table (tennis tournaments, race meetings, golf tours,
 *   fight promotions, cups) that is over — finished, awarded, walkover, cancelled, abandoned or
 *   postponed — and kicked off before the window, with its events, line-ups and prices;
 * - a season that is over — not its competition's current one, ended before the window, nothing
 *   in it still to play — with everything that belongs to it: its matches and theirs, its table,
 *   deductions, enrolments and statistics.
 *
 * A league's current season is never thinned: its table is computed from its matches, so they
 * stay until the season is over. Each batch is one transaction, so a reader sees a match whole
 * or not at all; every delete announces its change scopes like any write, so kept answers are
 * dropped. Pruning leaves the calendar its templates: copies are made from the latest week of
 * each competition, and a tennis tournament is drawn within a week, well inside any window the
 * option allows (at least 7 days).
 */
import type { Transaction } from "kysely";
import type { Logger } from "pino";
import { IntervalJob } from "../lib/interval-job.js";
import { isoDate, isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import type { Tables } from "../store/tables.js";

/** Statuses after which nothing more happens to a match, unless rescheduled by hand. */
const OVER = ["finished", "awarded", "walkover", "cancelled", "abandoned", "postponed"];
/** Matches removed per transaction. */
const BATCH = 200;
const DAY_MS = 86_400_000;

export interface HistoryPruneResult {
  fixtures: number;
  seasons: number;
}

/** The real time before which the sandbox's history goes: `days` world days at `speed`. */
export function historyCutoff(now: Date, days: number, speed: number): Date {
  return new Date(now.getTime() - (days * DAY_MS) / speed);
}

/** Removes the history older than `before`, batch by batch, and says how much went. */
export async function pruneWorldHistory(store: Store, before: Date): Promise<HistoryPruneResult> {
  const result = { fixtures: 0, seasons: 0 };
  const kickoffBefore = isoSeconds(before);
  for (;;) {
    const batch = await store.db
      .selectFrom("fixtures as f")
      .innerJoin("competitions as c", "c.id", "f.competition_id")
      .select("f.id")
      .where("c.type", "!=", "league")
      .where("f.status", "in", OVER)
      .where("f.kickoff", "<", kickoffBefore)
      .orderBy("f.kickoff")
      .limit(BATCH)
      .execute();
    if (batch.length === 0) break;
    await store.db.transaction().execute((trx) =>
      deleteFixtures(
        trx,
        batch.map((row) => row.id),
      ),
    );
    result.fixtures += batch.length;
    if (batch.length < BATCH) break;
  }
  for (const season of await seasonsOver(store, isoDate(before))) {
    result.fixtures += await store.db.transaction().execute(async (trx) => {
      const ids = await trx
        .selectFrom("fixtures")
        .select("id")
        .where("season_id", "=", season)
        .execute();
      for (let i = 0; i < ids.length; i += BATCH) {
        await deleteFixtures(
          trx,
          ids.slice(i, i + BATCH).map((row) => row.id),
        );
      }
      for (const table of SEASON_TABLES) {
        await trx.deleteFrom(table).where("season_id", "=", season).execute();
      }
      await trx.deleteFrom("seasons").where("id", "=", season).execute();
      return ids.length;
    });
    result.seasons++;
  }
  return result;
}

/** The rows that belong to a season besides its matches. */
const SEASON_TABLES = [
  "standings_rows",
  "standings_adjustments",
  "team_season_stats",
  "player_season_stats",
  "team_competitions",
] as const;

/** Seasons that are over: not current, ended before `day`, nothing in them left to play. */
async function seasonsOver(store: Store, day: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom("seasons as s")
    .innerJoin("competitions as c", "c.id", "s.competition_id")
    .select("s.id")
    .where("s.end_date", "<", day)
    .where((eb) =>
      eb.or([
        eb("c.current_season_id", "is", null),
        eb("c.current_season_id", "!=", eb.ref("s.id")),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("fixtures as f")
            .select("f.id")
            .whereRef("f.season_id", "=", "s.id")
            .where("f.status", "not in", OVER),
        ),
      ),
    )
    .orderBy("s.end_date")
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes matches and what hangs off them, within the caller's transaction. */
async function deleteFixtures(trx: Transaction<Tables>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const table of ["match_events", "lineups", "odds"] as const) {
    await trx.deleteFrom(table).where("fixture_id", "in", ids).execute();
  }
  await trx.deleteFrom("fixtures").where("id", "in", ids).execute();
}

export interface HistoryPrunerOptions {
  store: Store;
  /** World days of history kept. */
  days: number;
  /** World seconds per real second. */
  speed: number;
  logger: Logger;
  /** How often to prune, ms (default one minute). */
  intervalMs?: number;
  now?: () => Date;
}

/** Runs `pruneWorldHistory` on an interval until stopped; a failed run is retried next time. */
export class HistoryPruner {
  private readonly job: IntervalJob;

  constructor(private readonly options: HistoryPrunerOptions) {
    this.job = new IntervalJob(() => this.runOnce(), options.intervalMs ?? 60_000);
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }

  private async runOnce(): Promise<void> {
    const { store, days, speed, logger } = this.options;
    try {
      const now = this.options.now?.() ?? new Date();
      const pruned = await pruneWorldHistory(store, historyCutoff(now, days, speed));
      if (pruned.fixtures > 0 || pruned.seasons > 0) logger.info(pruned, "sandbox history pruned");
    } catch (error) {
      logger.warn({ err: error }, "sandbox history prune failed; retrying at the next interval");
    }
  }
}
