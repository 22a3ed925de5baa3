/**
 * Keeps the live path's storage bounded: deletes domain events older than the event log's
 * retention (the stream's recovery window, decisions §6: never under 10 minutes) and applied
 * feed message ids older than their retention (the window in which a repeated id is recognised).
 * Rows go in small batches, each its own statement, so a prune never holds a long lock on the
 * tables the ingest path writes. The webhook outbox does not read the log: deliveries are written
 * in the ingest transaction, so pruning the log loses no delivery.
 */
import type { Logger } from "pino";
import type { Config } from "../config/index.js";
import { IntervalJob } from "../lib/interval-job.js";
import { isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";

/** Rows deleted per statement. */
const BATCH = 1_000;

export interface LogRetention {
  /** Keep domain events this long (ms). */
  eventLogMs: number;
  /** Keep applied feed message ids this long (ms). */
  feedIdsMs: number;
}

/** The retention the configuration asks for (SCORELINE_EVENT_LOG_RETENTION_MINUTES, …_FEED_ID_…). */
export function liveLogRetention(config: Config): LogRetention {
  return {
    eventLogMs: config.eventLogRetentionMinutes * 60_000,
    feedIdsMs: config.feedIdRetentionHours * 3_600_000,
  };
}

export interface PruneResult {
  events: number;
  feedMessages: number;
}

/** Deletes what is older than the retention at `now`, batch by batch, and says how much. */
export async function pruneLiveLog(
  store: Store,
  retention: LogRetention,
  now: Date,
): Promise<PruneResult> {
  const eventsBefore = isoSeconds(new Date(now.getTime() - retention.eventLogMs));
  const feedBefore = isoSeconds(new Date(now.getTime() - retention.feedIdsMs));
  let events = 0;
  for (;;) {
    const result = await store.db
      .deleteFrom("domain_events")
      .where("position", "in", (eb) =>
        eb
          .selectFrom("domain_events")
          .select("position")
          .where("created_at", "<", eventsBefore)
          .orderBy("position")
          .limit(BATCH),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    events += deleted;
    if (deleted < BATCH) break;
  }
  let feedMessages = 0;
  for (;;) {
    const result = await store.db
      .deleteFrom("feed_messages")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("feed_messages")
          .select("id")
          .where("applied_at", "<", feedBefore)
          .limit(BATCH),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    feedMessages += deleted;
    if (deleted < BATCH) break;
  }
  return { events, feedMessages };
}

export interface LogPrunerOptions {
  store: Store;
  retention: LogRetention;
  logger: Logger;
  /** How often to prune, ms (default one minute). */
  intervalMs?: number;
  now?: () => Date;
}

/** Runs `pruneLiveLog` on an interval until stopped; a failed run is logged and retried next time. */
export class LogPruner extends IntervalJob {
  constructor({ store, retention, logger, intervalMs, now }: LogPrunerOptions) {
    super({
      name: "live log prune",
      done: "live log pruned",
      logger,
      intervalMs,
      run: async () => {
        const pruned = await pruneLiveLog(store, retention, now?.() ?? new Date());
        return pruned.events > 0 || pruned.feedMessages > 0 ? pruned : undefined;
      },
    });
  }
}
