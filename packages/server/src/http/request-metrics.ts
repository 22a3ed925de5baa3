/**
 * Every answered request, counted by route pattern, method, status and sport with its latency
 * (metrics/http-metrics.ts), and the requests refused before their route ran, by reason. Each
 * route gets an `onResponse` hook of its own holding its instruments, so the hot path neither
 * looks the route up nor builds a label set; unmatched requests (the 404/405 handler) count as
 * `unmatched`. Install before any route is registered.
 */
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from "fastify";
import { countRejection, type RejectionReason, RouteInstruments } from "../metrics/http-metrics.js";
import { type MetricsHost, NO_SPORT } from "../metrics/labels.js";
import { isSport } from "../sports/registry.js";
import type { App } from "./app-type.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Why the request was refused before its route ran (limits, load shedding). */
    rejection?: RejectionReason;
  }
}

/** The label of requests that matched no route (and of the router's hidden error routes). */
const UNMATCHED = "unmatched";

export function installRequestMetrics(app: App, host: MetricsHost): void {
  app.decorateRequest("rejection", undefined);
  app.addHook("onRoute", (route) => {
    const label = route.config?.usageResource === UNMATCHED ? UNMATCHED : route.url;
    const hook = routeHook(host, label, route.url.includes(":sport"));
    const own = route.onResponse;
    route.onResponse = own === undefined ? [hook] : [...(Array.isArray(own) ? own : [own]), hook];
  });
  const unmatched = new Map<string, RouteInstruments>();
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404)
      record(
        host,
        instrumentsOf(unmatched, host, request.method, UNMATCHED),
        request,
        reply,
        NO_SPORT,
      );
    done();
  });
}

/** A route's own hook: its instruments per method, made as each method is first answered. */
function routeHook(host: MetricsHost, route: string, hasSport: boolean): onResponseHookHandler {
  const byMethod = new Map<string, RouteInstruments>();
  return (request, reply, done) => {
    const sport = hasSport ? sportOf(request) : NO_SPORT;
    record(host, instrumentsOf(byMethod, host, request.method, route), request, reply, sport);
    done();
  };
}

function instrumentsOf(
  byMethod: Map<string, RouteInstruments>,
  host: MetricsHost,
  method: string,
  route: string,
): RouteInstruments {
  let instruments = byMethod.get(method);
  if (instruments === undefined) {
    instruments = new RouteInstruments(host, method, route);
    byMethod.set(method, instruments);
  }
  return instruments;
}

function record(
  host: MetricsHost,
  instruments: RouteInstruments,
  request: FastifyRequest,
  reply: FastifyReply,
  sport: string,
): void {
  instruments.record(reply.statusCode, sport, reply.elapsedTime);
  if (request.rejection !== undefined) countRejection(host, request.rejection);
}

/** The path's sport when it is one of the ten; `none` otherwise (never the raw value). */
function sportOf(request: FastifyRequest): string {
  const sport = (request.params as { sport?: unknown } | undefined)?.sport;
  return typeof sport === "string" && isSport(sport) ? sport : NO_SPORT;
}
