/**
 * Load shedding (ADR-0038): a node given more than it can serve answers `503 service_unavailable`
 * with `Retry-After` at once, instead of queueing requests into seconds of latency. Two signals:
 * the event loop's delay (sampled by `@fastify/under-pressure`), and the number of requests in
 * flight on this node. Health checks are never shed, so an orchestrator sees an overloaded node
 * as alive (it is) rather than restarting it; nor is `/metrics`. A shed request is counted in
 * `scoreline_http_rejections_total` by its signal.
 */
import underPressure from "@fastify/under-pressure";
import { ServiceError } from "../errors/service-error.js";
import type { App } from "./app-type.js";

export interface OverloadSettings {
  /** Shed while the sampled mean event-loop delay is above this (ms); 0 turns the signal off. */
  maxEventLoopDelayMs: number;
  /** Shed while more requests than this are in flight on the node; 0 turns the signal off. */
  maxInFlight: number;
  /** How often the event loop is sampled (ms). */
  sampleIntervalMs?: number;
}

/** Seconds a shed client is asked to wait: short, since an overload passes with its burst. */
const RETRY_AFTER_SECONDS = 1;

/** Health checks, and the metrics an operator needs most while the node is overloaded. */
const NEVER_SHED = new Set(["/healthz", "/readyz", "/metrics"]);

function overloaded(reason: string): ServiceError {
  return new ServiceError(
    "service_unavailable",
    `the server is overloaded (${reason}); retry shortly`,
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    },
  );
}

export async function installOverloadShedding(app: App, settings: OverloadSettings): Promise<void> {
  if (settings.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      sampleInterval: settings.sampleIntervalMs ?? 500,
      pressureHandler: async (request, _reply, type) => {
        if (NEVER_SHED.has(request.url.split("?")[0] ?? "")) return;
        request.log.warn({ pressure: type }, "shedding load");
        request.rejection = "overload_event_loop";
        throw overloaded("event loop delay");
      },
    });
  }
  if (settings.maxInFlight > 0) {
    let inFlight = 0;
    const counted = new WeakSet<object>();
    app.addHook("onRequest", (request, _reply, done) => {
      if (inFlight >= settings.maxInFlight && !NEVER_SHED.has(request.url.split("?")[0] ?? "")) {
        request.rejection = "overload_in_flight";
        done(overloaded("requests in flight"));
        return;
      }
      inFlight += 1;
      counted.add(request);
      done();
    });
    // Counted out once the answer is written, or when the client went away first.
    const release = (request: object) => {
      if (counted.delete(request)) inFlight -= 1;
    };
    app.addHook("onResponse", (request, _reply, done) => {
      release(request);
      done();
    });
    app.addHook("onRequestAbort", (request, done) => {
      release(request);
      done();
    });
  }
}
