/**
 * The live feed (admin feed route, `scoreline feed`, the simulator): messages by type and what
 * became of them, rejections by reason, and the time from a body's messages being accepted to
 * their events being published on the bus.
 */
import { Counter } from "prom-client";
import type { MetricsHost } from "./labels.js";
import { PreboundHistogram } from "./prebound.js";
import { registry } from "./registry.js";

export type FeedOutcome = "applied" | "duplicate" | "rejected";

const messages = new Counter({
  name: "scoreline_feed_messages_total",
  help: "Feed messages ingested, by message type (unknown when not one of the nine) and outcome: applied, duplicate (an id applied before) or rejected",
  labelNames: ["host", "type", "outcome"],
  registers: [registry],
});

const rejections = new Counter({
  name: "scoreline_feed_rejections_total",
  help: "Feed messages rejected, by message type and reason: invalid_message, not_found, invalid_transition",
  labelNames: ["host", "type", "reason"],
  registers: [registry],
});

const toBus = new PreboundHistogram({
  name: "scoreline_feed_ingest_to_bus_seconds",
  help: "Time from a feed body's messages being accepted to each of their events being published on the event bus (transaction and publish included), one observation per event",
  labelNames: ["host"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Counts of one ingested chunk, keyed by what their labels will be. */
export class FeedTally {
  private readonly outcomes = new Map<string, { type: string; outcome: FeedOutcome; n: number }>();
  private readonly reasons = new Map<string, { type: string; reason: string; n: number }>();

  add(type: string, outcome: FeedOutcome, reason?: string): void {
    const key = `${type}\u0000${outcome}`;
    const entry = this.outcomes.get(key) ?? { type, outcome, n: 0 };
    entry.n++;
    this.outcomes.set(key, entry);
    if (reason === undefined) return;
    const reasonKey = `${type}\u0000${reason}`;
    const rejected = this.reasons.get(reasonKey) ?? { type, reason, n: 0 };
    rejected.n++;
    this.reasons.set(reasonKey, rejected);
  }

  countFor(host: MetricsHost): void {
    for (const { type, outcome, n } of this.outcomes.values()) {
      messages.inc({ host, type, outcome }, n);
    }
    for (const { type, reason, n } of this.reasons.values()) {
      rejections.inc({ host, type, reason }, n);
    }
  }
}

/** `events` events published `seconds` after their messages were accepted. */
export function observeIngestToBus(host: MetricsHost, seconds: number, events: number): void {
  if (events > 0) toBus.bind({ host }).observe(seconds, events);
}
