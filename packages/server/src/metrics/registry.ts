/**
 * The process's one metrics registry (ADR-0025): every instrument registers here, whatever role
 * made it, so `scoreline serve` running several roles exposes each series once. What a scrape
 * reads is `metricsText()`, served by `GET /metrics` on the HTTP hosts and by the metrics port.
 */
import { collectDefaultMetrics, Registry } from "prom-client";

export const registry = new Registry();

/** The content type of `metricsText()`: Prometheus text format 0.0.4. */
export const METRICS_CONTENT_TYPE = registry.contentType;

let processMetrics = false;

/**
 * Starts the process metrics (CPU, memory, handles, GC, event-loop lag) with the `scoreline_`
 * prefix, once per process: called by whatever serves `/metrics`, so commands that serve
 * nothing sample nothing.
 */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: "scoreline_" });
}

/** Every series in Prometheus text format; the scrape-time gauges run their reads now. */
export function metricsText(): Promise<string> {
  return registry.metrics();
}
