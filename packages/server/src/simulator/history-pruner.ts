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
 * - a match of a league's current season that is over and older than the window keeps its row
 *   and result — the table is computed from them — but loses its events, line-ups and prices
 *   (at speed 60 a season lasts a real day or more: without this the store grows until then).
 *
 * Each batch is one transaction, so a reader sees a match whole
 * or not at all; every delete announces its change scopes like any write, so kept answers are
 * dropped. Pruning leaves the calendar its templates: copies are made from the latest week of
 * each competition, and a tennis tournament is drawn within a week, well inside any window the
 * option allows (at least 7 days).
 */
import type { Logger } from "pino";
import { IntervalJob } from "../lib/interval-job.js";
import { isoDate, isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { DETAIL_TABLES, deleteFixtures, SEASON_TABLES } from "../store/fixture-removal.js";

/** Statuses after which nothing more happens to a match, unless rescheduled by hand. */
const OVER = ["finished", "awarded", "walkover", "cancelled", "abandoned", "postponed"];
/** Matches removed per transaction. */
const BATCH = 200;
const DAY_MS = 86_400_000;

export interface HistoryPruneResult {
  fixtures: number;
  seasons: number;
  /** League matches of a current season reduced to their result. */
  thinned: number;
}

/** The real time before which the sandbox's history goes: `days` world days at `speed`. */
export function historyCutoff(now: Date, days: number, speed: number): Date {
  return new Date(now.getTime() - (days * DAY_MS) / speed);
}

/** Removes the history older than `before`, batch by batch, and says how much went. */
export async function pruneWorldHistory(store: Store, before: Date): Promise<HistoryPruneResult> {
  const result = { fixtures: 0, seasons: 0, thinned: 0 };
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
  result.thinned = await thinLeagueMatches(store, kickoffBefore);
  return result;
}

/** League matches over and older than `kickoffBefore` lose their details; how many did. */
async function thinLeagueMatches(store: Store, kickoffBefore: string): Promise<number> {
  let thinned = 0;
  for (;;) {
    const batch = await store.db
      .selectFrom("fixtures as f")
      .innerJoin("competitions as c", "c.id", "f.competition_id")
      .select("f.id")
      .where("c.type", "=", "league")
      .where("f.status", "in", OVER)
      .where("f.kickoff", "<", kickoffBefore)
      .where(({ or, exists, selectFrom }) =>
        or(
          DETAIL_TABLES.map((table) =>
            exists(selectFrom(table).select("fixture_id").whereRef("fixture_id", "=", "f.id")),
          ),
        ),
      )
      .orderBy("f.kickoff")
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return thinned;
    const ids = batch.map((row) => row.id);
    await store.db.transaction().execute(async (trx) => {
      for (const table of DETAIL_TABLES) {
        await trx.deleteFrom(table).where("fixture_id", "in", ids).execute();
      }
    });
    thinned += batch.length;
    if (batch.length < BATCH) return thinned;
  }
}

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
export class HistoryPruner extends IntervalJob {
  constructor({ store, days, speed, logger, intervalMs, now }: HistoryPrunerOptions) {
    super({
      name: "sandbox history prune",
      done: "sandbox history pruned",
      logger,
      intervalMs,
      run: async () => {
        const before = historyCutoff(now?.() ?? new Date(), days, speed);
        const pruned = await pruneWorldHistory(store, before);
        return pruned.fixtures + pruned.seasons + pruned.thinned > 0 ? pruned : undefined;
      },
    });
  }
}
