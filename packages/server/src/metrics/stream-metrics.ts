/**
 * The WebSocket stream: open connections and subscriptions (read at scrape from each running
 * stream server), connections opened, upgrades refused by error code, messages sent, and the
 * consumers closed with 4008 for not keeping up.
 */
import { Counter, Gauge } from "prom-client";
import type { MetricsHost } from "./labels.js";
import { type CounterSeries, PreboundCounter } from "./prebound.js";
import { registry } from "./registry.js";
import { Sources } from "./sources.js";

const opened = new Counter({
  name: "scoreline_stream_connections_opened_total",
  help: "WebSocket connections accepted",
  labelNames: ["host"],
  registers: [registry],
});

const refused = new Counter({
  name: "scoreline_stream_upgrades_refused_total",
  help: "WebSocket upgrade requests refused, by the error code of the answer (invalid_api_key, rate_limit_exceeded at the connection limit, …)",
  labelNames: ["host", "code"],
  registers: [registry],
});

const sent = new PreboundCounter({
  name: "scoreline_stream_messages_sent_total",
  help: "Messages queued to stream clients (events, replies, errors)",
  labelNames: ["host"],
});

const slowCloses = new Counter({
  name: "scoreline_stream_slow_consumer_closes_total",
  help: "Stream connections closed with 4008 because their outbound buffer was full",
  labelNames: ["host"],
  registers: [registry],
});

/** A running stream server's present state. */
export interface StreamSource {
  host: MetricsHost;
  connections(): number;
  subscriptions(): number;
}

export const streamSources = new Sources<StreamSource>();

function perHost(read: (source: StreamSource) => number): Map<MetricsHost, number> {
  const totals = new Map<MetricsHost, number>();
  for (const source of streamSources.values()) {
    totals.set(source.host, (totals.get(source.host) ?? 0) + read(source));
  }
  return totals;
}

new Gauge({
  name: "scoreline_stream_connections",
  help: "Open WebSocket connections",
  labelNames: ["host"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [host, n] of perHost((s) => s.connections())) this.set({ host }, n);
  },
});

new Gauge({
  name: "scoreline_stream_subscriptions",
  help: "Channel subscriptions held by open WebSocket connections",
  labelNames: ["host"],
  registers: [registry],
  collect() {
    this.reset();
    for (const [host, n] of perHost((s) => s.subscriptions())) this.set({ host }, n);
  },
});

/** The instruments of one stream server. */
export interface StreamInstruments {
  /** Counted on every message queued to a client. */
  sent: CounterSeries;
  opened(): void;
  refused(code: string): void;
  slowConsumerClosed(): void;
}

export function streamInstruments(host: MetricsHost): StreamInstruments {
  return {
    sent: sent.bind({ host }),
    opened: () => opened.inc({ host }),
    refused: (code) => refused.inc({ host, code }),
    slowConsumerClosed: () => slowCloses.inc({ host }),
  };
}
