/**
 * The read cache: a route that sets `config: { cache: true }` has its 200 responses kept, per
 * URL, under the store's data version read before its handler ran (`Store.dataVersion`). A
 * request whose URL and version match is answered from the kept `Answer` (http-cache/answer.ts):
 * the serialised envelope with only its own `request_id` and `generated_at` written in, or a 304
 * when its `If-None-Match` names the answer's tag — skipping the queries and the serialiser.
 * Any write in between changes the version, so a hit is never older than the last write this
 * node knows of. Bounded by entry count and total bytes; least recently used entries go first.
 */
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import type { App } from "./app-type.js";
import type { Answer } from "./http-cache/answer.js";
import { sendAnswer } from "./http-cache/install-http-cache.js";

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: string;
  answer: Answer;
  /** The answer's size when last counted (it grows when a compressed head is added). */
  bytes: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Keep this route's 200 responses in the read cache (the route needs a `cacheClass`). */
    cache?: boolean;
  }
  interface FastifyRequest {
    cacheVersion?: string;
  }
}

/**
 * Install after the HTTP cache (`installHttpCache`): its onSend hook cuts the answer this one
 * keeps. Hooks registered earlier (authentication) run before the lookup.
 */
export function installReadCache(app: App, store: Store, clock: Clock): void {
  app.decorateRequest("cacheVersion", undefined);
  const entries = new Map<string, Entry>();
  let bytes = 0;

  app.addHook("onRoute", (route) => {
    if (route.config?.cache === true && route.config.cacheClass === undefined) {
      throw new Error(`${route.url}: a read-cached route declares its cacheClass`);
    }
  });

  // onRequest: a hit skips query validation too, which is safe because only 200 responses,
  // whose URL already passed validation, are stored.
  app.addHook("onRequest", async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.cache !== true || config.cacheClass === undefined) return;
    const version = store.dataVersion();
    request.cacheVersion = version;
    const key = cacheKey(request.url);
    const entry = entries.get(key);
    if (entry === undefined || entry.version !== version) return;
    entries.delete(key);
    entries.set(key, entry);
    reply.header("X-Cache", "hit");
    sendAnswer(request, reply, entry.answer, config.cacheClass, clock);
    bytes += entry.answer.size - entry.bytes;
    entry.bytes = entry.answer.size;
    return reply;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const version = request.cacheVersion;
    const answer = request.answer;
    if (version === undefined || answer === undefined) return payload;
    if (reply.getHeader("X-Cache") === "hit") return payload;
    reply.header("X-Cache", "miss");
    const key = cacheKey(request.url);
    const old = entries.get(key);
    if (old !== undefined) bytes -= old.bytes;
    entries.delete(key);
    entries.set(key, { version, answer, bytes: answer.size });
    bytes += answer.size;
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
