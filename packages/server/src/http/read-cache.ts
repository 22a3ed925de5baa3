/**
 * The read cache: a route that sets `config: { cache: true }` has its 200 responses kept, per
 * URL, under the store's data version read before its handler ran (`Store.dataVersion`). A
 * request whose URL and version match replays the serialised envelope with only its own
 * `request_id` and `generated_at` written in, skipping the queries and the serialiser.
 * Any write in between changes the version, so a hit is never older than the last write this
 * node knows of. Bounded by entry count and total bytes; least recently used entries go first.
 */
import { type Clock, isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import type { App } from "./app-type.js";

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: string;
  /** The route's own `Cache-Control`, replayed with the body. */
  cacheControl: string | undefined;
  /** The body around `generated_at`'s value and the request id: prefix·time·middle·id·suffix. */
  template: Template;
  bytes: number;
}

interface Template {
  prefix: string;
  middle: string;
  suffix: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Keep this route's 200 responses in the read cache. */
    cache?: boolean;
  }
  interface FastifyRequest {
    cacheVersion?: string;
  }
}

export function installReadCache(app: App, store: Store, clock: Clock): void {
  app.decorateRequest("cacheVersion", undefined);
  const entries = new Map<string, Entry>();
  let bytes = 0;

  // onRequest: a hit skips query validation too, which is safe because only 200 responses,
  // whose URL already passed validation, are stored. Hooks registered earlier (auth) run first.
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config.cache !== true) return;
    const version = store.dataVersion();
    request.cacheVersion = version;
    const key = cacheKey(request.url);
    const entry = entries.get(key);
    if (entry === undefined || entry.version !== version) return;
    entries.delete(key);
    entries.set(key, entry);
    const { prefix, middle, suffix } = entry.template;
    const body = prefix + isoSeconds(clock()) + middle + request.id + suffix;
    reply.header("X-Cache", "hit").type("application/json; charset=utf-8");
    if (entry.cacheControl !== undefined) reply.header("Cache-Control", entry.cacheControl);
    return reply.send(body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const version = request.cacheVersion;
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== "string") {
      return payload;
    }
    if (reply.getHeader("X-Cache") === "hit") return payload;
    reply.header("X-Cache", "miss");
    const template = cut(payload, request.id);
    if (template === null) return payload;
    const size = payload.length;
    const key = cacheKey(request.url);
    const old = entries.get(key);
    if (old !== undefined) bytes -= old.bytes;
    entries.delete(key);
    const cacheControl = reply.getHeader("Cache-Control");
    entries.set(key, {
      version,
      template,
      bytes: size,
      cacheControl: cacheControl === undefined ? undefined : String(cacheControl),
    });
    bytes += size;
    for (const [key, evicted] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(key);
      bytes -= evicted.bytes;
    }
    return payload;
  });
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

/**
 * Cuts a body around its `meta.generated_at` value and its request id (each appears once; the
 * envelope writes `generated_at` first). Null when the body does not look like that.
 */
function cut(body: string, requestId: string): Template | null {
  const marker = '"generated_at":"';
  const at = body.indexOf(marker);
  if (at < 0 || body.indexOf(marker, at + 1) >= 0) return null;
  const timeStart = at + marker.length;
  const timeEnd = body.indexOf('"', timeStart);
  const idStart = body.indexOf(requestId);
  if (idStart < timeEnd || body.indexOf(requestId, idStart + 1) >= 0) return null;
  return {
    prefix: body.slice(0, timeStart),
    middle: body.slice(timeEnd, idStart),
    suffix: body.slice(idStart + requestId.length),
  };
}
