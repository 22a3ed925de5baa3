/**
 * The read cache: a route that sets `config: { cache: true, reads: […] }` has its 200 responses
 * kept, per URL, with the store's change mark taken before its handler ran and the scopes it
 * reads (`reads`: tables, per sport, some per fixture; store/change-scopes.ts). A request whose
 * URL is kept and none of whose scopes changed since the mark is answered from the kept
 * `Answer` (http-cache/answer.ts): the serialised envelope with only its own `request_id` and
 * `generated_at` written in, or a 304 when its `If-None-Match` names the answer's tag —
 * skipping the queries and the serialiser. A write changes only the scopes of the rows it
 * touched, so a goal in one match leaves another sport's teams and other matches' events
 * cached; a hit is never older than the last change this node has heard of. Answers are kept
 * within a day (a default date window moves at midnight): the UTC day, or the local day of the
 * request's `timezone` (ADR-0042). Bounded by entry count and total bytes; least recently used
 * entries go first.
 */
import type { FastifyRequest } from "fastify";
import { type Clock, isoDate } from "../lib/time.js";
import { canonicalTimeZone, localDate } from "../lib/time-zones.js";
import { type CacheLookups, cacheLookupsOf } from "../metrics/http-metrics.js";
import type { MetricsHost } from "../metrics/labels.js";
import { checksFor, UNKNOWN } from "../store/change-clock.js";
import { perSport, type ScopeName } from "../store/change-scopes.js";
import type { Store } from "../store/database.js";
import type { App } from "./app-type.js";
import type { Answer } from "./http-cache/answer.js";
import { sendAnswer } from "./http-cache/install-http-cache.js";

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

/** A scope a cached route reads: the name, or the name and the request's key of its rows. */
export type Read =
  | ScopeName
  | readonly [ScopeName, (request: FastifyRequest) => string | undefined];

interface Entry {
  mark: number;
  /** The calendar date the answer was computed on (`dayOf`). */
  day: string;
  checks: string[];
  answer: Answer;
  /** The answer's size when last counted (it grows when a compressed head is added). */
  bytes: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Keep this route's 200 responses in the read cache (with a `cacheClass` and `reads`). */
    cache?: boolean;
    /** Every scope the route's answer is computed from (checked by test/http/read-scopes). */
    reads?: readonly Read[];
    /** The route's lookup counters (set when the route is registered). */
    cacheLookups?: CacheLookups;
  }
  interface FastifyRequest {
    cacheMark?: number;
  }
}

/**
 * Install after the HTTP cache (`installHttpCache`): its onSend hook cuts the answer this one
 * keeps. Hooks registered earlier (authentication) run before the lookup.
 */
export function installReadCache(
  app: App,
  store: Store,
  clock: Clock,
  /** Which host's series the lookups count in. */
  host: MetricsHost,
): void {
  app.decorateRequest("cacheMark", undefined);
  const changes = store.changes;
  const entries = new Map<string, Entry>();
  let bytes = 0;

  app.addHook("onRoute", (route) => {
    if (route.config?.cache !== true) return;
    if (route.config.cacheClass === undefined || route.config.reads === undefined) {
      throw new Error(`${route.url}: a read-cached route declares its cacheClass and reads`);
    }
    route.config = { ...route.config, cacheLookups: cacheLookupsOf(host, route.url) };
  });

  // onRequest: a hit skips query validation too, which is safe because only 200 responses,
  // whose URL already passed validation, are stored.
  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.cache !== true || config.cacheClass === undefined) return;
    const lookups = config.cacheLookups;
    const mark = changes.now();
    if (mark === UNKNOWN) {
      lookups?.bypass.inc();
      return;
    }
    request.cacheMark = mark;
    const key = cacheKey(request.url);
    const entry = entries.get(key);
    if (
      entry === undefined ||
      changes.changedSince(entry.mark, entry.checks) ||
      entry.day !== dayOf(request, clock)
    ) {
      lookups?.miss.inc();
      return;
    }
    lookups?.hit.inc();
    entries.delete(key);
    entries.set(key, entry);
    reply.header("X-Cache", "hit");
    sendAnswer(request, reply, entry.answer, config.cacheClass, clock);
    bytes += entry.answer.size - entry.bytes;
    entry.bytes = entry.answer.size;
    return reply;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const mark = request.cacheMark;
    const answer = request.answer;
    const reads = request.routeOptions.config.reads;
    if (mark === undefined || answer === undefined || reads === undefined) return payload;
    if (reply.getHeader("X-Cache") === "hit") return payload;
    reply.header("X-Cache", "miss");
    const key = cacheKey(request.url);
    const old = entries.get(key);
    if (old !== undefined) bytes -= old.bytes;
    entries.delete(key);
    entries.set(key, {
      mark,
      day: dayOf(request, clock),
      checks: readChecks(request, reads),
      answer,
      bytes: answer.size,
    });
    bytes += answer.size;
    for (const [key, evicted] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(key);
      bytes -= evicted.bytes;
    }
    return payload;
  });
}

/** The change-clock checks of what a request reads (sport from the path, keys as declared). */
function readChecks(request: FastifyRequest, reads: readonly Read[]): string[] {
  const sport = (request.params as { sport?: string }).sport;
  const checks: string[] = [];
  for (const read of reads) {
    const [name, keyOf] = typeof read === "string" ? [read, undefined] : read;
    let scope: string = name;
    if (sport !== undefined && perSport(name)) {
      scope = `${name}/${sport}`;
      const key = keyOf?.(request);
      if (key !== undefined) scope = `${scope}/${key}`;
    }
    checks.push(...checksFor(scope));
  }
  return checks;
}

/** Today: in UTC, or on the clock of the request's `timezone` when it names a zone. */
function dayOf(request: FastifyRequest, clock: Clock): string {
  const zone = (request.query as { timezone?: unknown } | undefined)?.timezone;
  const canonical = typeof zone === "string" ? canonicalTimeZone(zone) : undefined;
  return canonical === undefined ? isoDate(clock()) : localDate(clock(), canonical);
}

/**
 * The URL without credentials: `?api_key=` must not be kept in memory, nor split one answer
 * into one entry per key (entitlements are checked before the cache is consulted).
 */
function cacheKey(url: string): string {
  if (!url.includes("api_key=") && !url.includes("token=")) return url;
  const [path, query = ""] = url.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete("api_key");
  params.delete("token");
  const rest = params.toString();
  return rest === "" ? path : `${path}?${rest}`;
}
