/**
 * What the delivery worker tells the metrics (metrics/webhook-metrics.ts): each recorded
 * attempt by the state it left its delivery in, and the outbox backlog read at scrape — two
 * queries on the `(state, next_attempt_at)` index: the pending count, and the oldest due time of
 * a delivery the workers would claim (one of an enabled subscription), like the claim's own.
 */
import type { MetricsHost } from "../metrics/labels.js";
import {
  countAttempt,
  type OutboxSource,
  type AttemptOutcome as Outcome,
} from "../metrics/webhook-metrics.js";
import type { Store } from "../store/database.js";
import type { AttemptOutcome } from "./attempt.js";

const OUTCOMES: Record<AttemptOutcome["state"], Outcome> = {
  succeeded: "succeeded",
  pending: "retrying",
  failed: "failed",
};

/** Counts an attempt once its outcome is committed. */
export function countRecordedAttempt(host: MetricsHost, outcome: AttemptOutcome): void {
  const succeeded = outcome.state === "succeeded";
  const created = Date.parse(outcome.delivery.created_at);
  countAttempt(host, {
    outcome: OUTCOMES[outcome.state],
    durationMs: outcome.attempt.duration_ms,
    ...(succeeded && Number.isFinite(created)
      ? { latencySeconds: (outcome.finished.getTime() - created) / 1000 }
      : {}),
  });
}

/** The outbox of `store` as the gauges read it, `clock` deciding what is due. */
export function outboxSource(store: Store, host: MetricsHost, clock: () => Date): OutboxSource {
  return {
    host,
    store,
    read: async () => {
      const now = clock();
      const [count, oldest] = await Promise.all([
        store.db
          .selectFrom("webhook_deliveries")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .where("state", "=", "pending")
          .executeTakeFirstOrThrow(),
        store.db
          .selectFrom("webhook_deliveries")
          .select("next_attempt_at")
          .where("state", "=", "pending")
          .where("next_attempt_at", "<=", now.toISOString())
          .where("subscription_id", "in", (eb) =>
            eb.selectFrom("webhook_subscriptions").select("id").where("enabled", "=", 1),
          )
          .orderBy("next_attempt_at")
          .limit(1)
          .executeTakeFirst(),
      ]);
      const due = oldest?.next_attempt_at == null ? Number.NaN : Date.parse(oldest.next_attempt_at);
      return {
        pending: Number(count.n),
        oldestPendingAgeSeconds: Number.isFinite(due)
          ? Math.max(0, (now.getTime() - due) / 1000)
          : 0,
      };
    },
  };
}
