/**
 * Webhook delivery: every attempt the delivery worker records, by what it left the delivery as;
 * how long the receiver took; how long after its event a delivery arrived; and the outbox as
 * the workers see it at scrape (pending deliveries, how long the most overdue one has waited).
 */
import { Counter, Gauge, Histogram } from "prom-client";
import type { MetricsHost } from "./labels.js";
import { registry } from "./registry.js";
import { Sources, sharedRead } from "./sources.js";

/** What an attempt left its delivery as: delivered, to be retried, or given up (no attempts left, 410, disabled). */
export type AttemptOutcome = "succeeded" | "retrying" | "failed";

const attempts = new Counter({
  name: "scoreline_webhook_attempts_total",
  help: "Webhook delivery attempts recorded by the delivery worker, by outcome: succeeded (2xx), retrying (failed, another attempt scheduled), failed (failed, given up)",
  labelNames: ["host", "outcome"],
  registers: [registry],
});

const attemptDuration = new Histogram({
  name: "scoreline_webhook_attempt_duration_seconds",
  help: "Time one webhook attempt took: connecting, sending and the receiver's answer",
  labelNames: ["host"],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const deliveryLatency = new Histogram({
  name: "scoreline_webhook_delivery_latency_seconds",
  help: "Time from an event written to the outbox to its delivery succeeding, retries included",
  labelNames: ["host"],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 21600],
  registers: [registry],
});

export interface RecordedAttempt {
  outcome: AttemptOutcome;
  durationMs: number;
  /** Seconds from the event to this successful attempt (successes only). */
  latencySeconds?: number;
}

export function countAttempt(host: MetricsHost, attempt: RecordedAttempt): void {
  attempts.inc({ host, outcome: attempt.outcome });
  attemptDuration.observe({ host }, attempt.durationMs / 1000);
  if (attempt.latencySeconds !== undefined) {
    deliveryLatency.observe({ host }, Math.max(0, attempt.latencySeconds));
  }
}

/** The outbox of one store as a running delivery worker reads it. */
interface OutboxBacklog {
  pending: number;
  /** Seconds the longest-waiting due delivery of an enabled subscription is past its due time. */
  oldestPendingAgeSeconds: number;
}

export interface OutboxSource {
  host: MetricsHost;
  /** The store it reads: workers sharing one report it once. */
  store: object;
  read(): Promise<OutboxBacklog>;
}

/** Delivery workers add theirs while they run. */
export const outboxSources = new Sources<OutboxSource>();

const readBacklogs = sharedRead(async () => {
  const byStore = new Map<object, OutboxSource>();
  for (const source of outboxSources.values()) byStore.set(source.store, source);
  const totals = new Map<MetricsHost, OutboxBacklog>();
  const read = [...byStore.values()].map(async (source) => {
    // A store that cannot answer now leaves its host's series out of this scrape.
    const backlog = await source.read().catch(() => undefined);
    if (backlog === undefined) return;
    const total = totals.get(source.host) ?? { pending: 0, oldestPendingAgeSeconds: 0 };
    total.pending += backlog.pending;
    total.oldestPendingAgeSeconds = Math.max(
      total.oldestPendingAgeSeconds,
      backlog.oldestPendingAgeSeconds,
    );
    totals.set(source.host, total);
  });
  await Promise.all(read);
  return totals;
});

new Gauge({
  name: "scoreline_webhook_outbox_pending",
  help: "Webhook deliveries waiting in the outbox (due or scheduled for a retry), read at scrape by delivery workers",
  labelNames: ["host"],
  registers: [registry],
  async collect() {
    const totals = await readBacklogs();
    this.reset();
    for (const [host, total] of totals) this.set({ host }, total.pending);
  },
});

new Gauge({
  name: "scoreline_webhook_outbox_oldest_pending_age_seconds",
  help: "How long the most overdue pending delivery of an enabled subscription has waited past its due time (0: none is due)",
  labelNames: ["host"],
  registers: [registry],
  async collect() {
    const totals = await readBacklogs();
    this.reset();
    for (const [host, total] of totals) this.set({ host }, total.oldestPendingAgeSeconds);
  },
});
