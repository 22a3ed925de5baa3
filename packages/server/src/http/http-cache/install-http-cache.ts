/**
 * HTTP caching for clients (decisions §10, ADR-0023) on every /v1 route that declares its cache
 * class (`config: { cacheClass }`): a strong `ETag` over the answer without its per-request
 * values, `304 Not Modified` when `If-None-Match` names it, `Cache-Control` by class, and br or
 * gzip by `Accept-Encoding` for bodies from 1 KiB. Errors get `no-store` and no tag; exports
 * (streams) get `no-store` and are compressed as they stream.
 *
 * Authentication and limits run in onRequest hooks before any of this, so a 304 is counted,
 * limited and carries the limit headers like any answer. A read-cache hit is answered by
 * `sendAnswer` straight from the kept `Answer` — a 304 without building a body, a compressed
 * answer from its head compressed once. Otherwise the onSend hook cuts the serialised body.
 */
import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Clock, isoSeconds } from "../../lib/time.js";
import type { App } from "../app-type.js";
import { chooseCoding } from "./accept-encoding.js";
import { type Answer, cutAnswer } from "./answer.js";
import { type CacheClass, cacheControl, NO_STORE } from "./cache-control.js";
import { ifNoneMatch } from "./if-none-match.js";
import { codedStream } from "./stream-coding.js";

/** Smaller bodies go out uncompressed: the saving would not pay for the work. */
const MIN_COMPRESSED_SIZE = 1024;
/** What the answer may vary on besides the URL. */
const VARY = "Accept-Encoding, Authorization";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's resource class: it gets entity tags, 304s, Cache-Control and compression. */
    cacheClass?: CacheClass;
  }
  interface FastifyRequest {
    /** The 200 answer as cut for caching: set once its headers are decided. */
    answer?: Answer;
  }
}

export function installHttpCache(app: App): void {
  app.decorateRequest("answer", undefined);
  // A callback hook: no promise per request on the hot path.
  app.addHook("onSend", (request, reply, payload, done) => {
    // Answered by sendAnswer (a read-cache hit): all is set, and `routeOptions` (a new object at
    // every access) need not be read again.
    if (request.answer !== undefined) return done(null, payload);
    const cacheClass = request.routeOptions.config.cacheClass;
    if (cacheClass === undefined) return done(null, payload);
    reply.header("Vary", varyWith(reply.getHeader("Vary")));
    if (reply.statusCode !== 200) {
      if (reply.statusCode >= 400) {
        reply.header("Cache-Control", NO_STORE);
        // An export that failed before its first byte left: its envelope is neither compressed
        // nor a download.
        reply.removeHeader("Content-Encoding");
        reply.removeHeader("Content-Disposition");
      }
      return done(null, payload);
    }
    if (typeof payload !== "string") return done(null, streamed(request, reply, payload));
    const answer = cutAnswer(payload, request.id);
    if (answer === null) return done(null, payload);
    request.answer = answer;
    // A 304 has no body; `undefined`, not null, is what Fastify's HEAD handler takes for none.
    const body = deliver(request, reply, answer, cacheClass, payload);
    // A 304 to HEAD: Fastify's HEAD handler takes `undefined`, not null, for "no body".
    done(null, body === null && request.method === "HEAD" ? undefined : body);
  });
}

/** A read-cache hit: the kept answer with this request's id and time, or a 304. */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  cacheClass: CacheClass,
  clock: Clock,
): FastifyReply {
  request.answer = answer;
  reply.header("Vary", varyWith(reply.getHeader("Vary")));
  const body = deliver(request, reply, answer, cacheClass, clock);
  if (body === null) return reply.send();
  return reply.type("application/json; charset=utf-8").send(body);
}

/**
 * Sets the tag, Cache-Control and coding of a 200 and returns what to send: null for a 304
 * (the tag matched), otherwise the body, compressed when the client accepts it. `source` is the
 * serialised body on a miss; on a hit, the clock the body's `generated_at` is read from.
 */
function deliver(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  cacheClass: CacheClass,
  source: string | Clock,
): string | Buffer | null {
  const accepted =
    answer.size >= MIN_COMPRESSED_SIZE
      ? chooseCoding(request.headers["accept-encoding"])
      : undefined;
  const etag = accepted === undefined ? answer.etag : answer.codedEtags[accepted];
  reply.header("ETag", etag);
  reply.header("Cache-Control", cacheControl(cacheClass, request.principal !== undefined));
  if (ifNoneMatch(request.headers["if-none-match"], etag)) {
    reply.code(304);
    reply.removeHeader("Content-Type");
    return null;
  }
  if (typeof source === "string") {
    if (accepted === undefined) return source;
    reply.header("Content-Encoding", accepted);
    return answer.encode(accepted, source.slice(answer.prefix.length));
  }
  const tail = answer.tail(generatedAt(source()), request.id);
  if (accepted === undefined) return answer.body(tail);
  reply.header("Content-Encoding", accepted);
  return answer.encode(accepted, tail);
}

/** `isoSeconds` of the last second asked for, kept: every hit in that second reuses it. */
let second = { startMs: Number.NaN, text: "" };

function generatedAt(now: Date): string {
  const ms = now.getTime();
  if (ms >= second.startMs && ms < second.startMs + 1000) return second.text;
  second = { startMs: ms - (((ms % 1000) + 1000) % 1000), text: isoSeconds(now) };
  return second.text;
}

/** A streamed 200 (an export): never stored, compressed as it streams when the client accepts. */
function streamed(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  reply.header("Cache-Control", NO_STORE);
  const coding = chooseCoding(request.headers["accept-encoding"]);
  if (coding === undefined || !isReadable(payload)) return payload;
  reply.header("Content-Encoding", coding);
  reply.removeHeader("Content-Length");
  return codedStream(payload, coding);
}

function isReadable(payload: unknown): payload is Readable {
  return typeof (payload as { pipe?: unknown } | null)?.pipe === "function";
}

/** The route's own Vary (history's `Accept`) followed by ours. */
function varyWith(own: unknown): string {
  return own === undefined || own === "" ? VARY : `${String(own)}, ${VARY}`;
}
