/**
 * The REST hosts' instruments: requests by route, status and sport with their latency, the
 * read cache's lookups, and the requests refused before they ran (limits, load shedding).
 * Labels stay bounded: `route` is the route's pattern (`/v1/:sport/fixtures`) or `unmatched`,
 * `sport` one of the ten sports or `none`, `status` the status code.
 */
import { Counter } from "prom-client";
import { type MetricsHost, statusClass } from "./labels.js";
import {
  type CounterSeries,
  type HistogramSeries,
  PreboundCounter,
  PreboundHistogram,
} from "./prebound.js";
import { registry } from "./registry.js";

/** Seconds; a cached read takes a millisecond or two, an export many seconds. */
const LATENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

const requests = new PreboundCounter({
  name: "scoreline_http_requests_total",
  help: "HTTP requests answered, by host, method, route pattern, status code and sport",
  labelNames: ["host", "method", "route", "status", "sport"],
});

const duration = new PreboundHistogram({
  name: "scoreline_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer written, by host, method, route pattern and status class",
  labelNames: ["host", "method", "route", "status_class"],
  buckets: LATENCY_BUCKETS,
});

const cacheLookups = new PreboundCounter({
  name: "scoreline_http_read_cache_lookups_total",
  help: "Read-cache lookups of cached routes: hit (answered from memory), miss (computed), bypass (the change clock was unknown)",
  labelNames: ["host", "route", "result"],
});

/** Why a request was refused before its route ran. */
export type RejectionReason =
  | "rate_limit_exceeded"
  | "quota_exceeded"
  | "overload_in_flight"
  | "overload_event_loop";

const rejections = new Counter({
  name: "scoreline_http_rejections_total",
  help: "Requests refused before their route ran: rate_limit_exceeded and quota_exceeded (429), overload_in_flight and overload_event_loop (503, load shedding)",
  labelNames: ["host", "reason"],
  registers: [registry],
});

/** One status code's series of a route: its count per sport, its latency. */
interface StatusSeries {
  bySport: Map<string, CounterSeries>;
  duration: HistogramSeries;
}

/** A route's instruments for one method; series are bound as statuses and sports first occur. */
export class RouteInstruments {
  private readonly byStatus = new Map<number, StatusSeries>();

  constructor(
    private readonly host: MetricsHost,
    private readonly method: string,
    private readonly route: string,
  ) {}

  /** One answered request: `sport` already checked against the list (else `none`). */
  record(status: number, sport: string, elapsedMs: number): void {
    let entry = this.byStatus.get(status);
    if (entry === undefined) {
      entry = {
        bySport: new Map(),
        duration: duration.bind({
          host: this.host,
          method: this.method,
          route: this.route,
          status_class: statusClass(status),
        }),
      };
      this.byStatus.set(status, entry);
    }
    let count = entry.bySport.get(sport);
    if (count === undefined) {
      count = requests.bind({
        host: this.host,
        method: this.method,
        route: this.route,
        status: String(status),
        sport,
      });
      entry.bySport.set(sport, count);
    }
    count.inc();
    entry.duration.observe(elapsedMs / 1000);
  }
}

/** The read cache's lookups of one route. */
export interface CacheLookups {
  hit: CounterSeries;
  miss: CounterSeries;
  bypass: CounterSeries;
}

export function cacheLookupsOf(host: MetricsHost, route: string): CacheLookups {
  const bind = (result: string) => cacheLookups.bind({ host, route, result });
  return { hit: bind("hit"), miss: bind("miss"), bypass: bind("bypass") };
}

export function countRejection(host: MetricsHost, reason: RejectionReason): void {
  rejections.inc({ host, reason });
}
