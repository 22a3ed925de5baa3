/**
 * Cross-origin requests from browsers (@fastify/cors) on the /v1 routes. The keyless sandbox
 * allows any origin (`Access-Control-Allow-Origin: *`): it holds sample data only. The real host
 * allows only the origins configured in SCORELINE_CORS_ORIGINS — none by default, because an API
 * key in a web page is a key anyone can read (keys stay on servers). Both answer every `OPTIONS`
 * (a preflight or not) with 204 and the allowed methods and headers; an origin that is not
 * allowed gets no `Access-Control-Allow-Origin`, so its browser refuses the answer. Registered
 * before the door, so 401s and 429s can be read by an allowed page too.
 */
import cors from "@fastify/cors";
import type { App } from "./app-type.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: the route answers no other origin (@fastify/cors reads it). */
    cors?: false;
  }
}

/** `*` (the sandbox) or the exact origins allowed (the real host; empty: none). */
export type CorsOrigins = "*" | readonly string[];

/** Methods the /v1 routes answer (webhook subscriptions write). */
const METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE"];
/** Request headers a page may send beyond the CORS-safelisted ones. */
const ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-None-Match"];
/** Response headers a page may read beyond the CORS-safelisted ones. */
export const EXPOSED_HEADERS = [
  "X-Request-Id",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-Quota-Limit",
  "X-Quota-Remaining",
  "X-Quota-Reset",
  "ETag",
  "Retry-After",
  "Scoreline-Attribution",
];
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

export async function installCors(app: App, origins: CorsOrigins): Promise<void> {
  // Only the public API crosses origins: the dashboard and the admin API never answer a page
  // of another origin, whatever the configured list says.
  app.addHook("onRoute", (route) => {
    if (route.url === "*" || route.url.startsWith("/v1/") || route.url === "/v1") return;
    route.config = { ...route.config, cors: false };
  });
  if (origins !== "*" && origins.length === 0) {
    answerPreflightsOnly(app);
    return;
  }
  await app.register(cors, {
    // The real host's list as an array: every answer then says `Vary: Origin`, and a preflight
    // from another origin is still answered (without an allowed origin).
    origin: origins === "*" ? "*" : [...origins],
    methods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE,
    // A bare OPTIONS (no Origin) is answered 204 as well, not with a plain-text 400.
    strictPreflight: false,
  });
}

/**
 * No origin allowed (the real host's default): nothing varies by Origin and no answer names one,
 * but an `OPTIONS` is still answered 204 with what the API takes, before the door asks for a key.
 */
function answerPreflightsOnly(app: App): void {
  const headers = {
    "Access-Control-Allow-Methods": METHODS.join(", "),
    "Access-Control-Allow-Headers": ALLOWED_HEADERS.join(", "),
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE),
  };
  app.addHook("onRequest", (request, reply, done) => {
    if (request.method !== "OPTIONS") return done();
    reply.code(204).headers(headers).header("Content-Length", "0").send();
  });
  app.options("*", { schema: { hide: true } }, (_request, reply) => {
    reply.code(204).headers(headers).send();
  });
}
