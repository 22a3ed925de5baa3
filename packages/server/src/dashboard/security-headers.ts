/**
 * Headers on every dashboard answer: a strict Content-Security-Policy (scripts and styles only
 * from this origin's files, no inline script or style, no framing, forms post only here), no
 * caching of pages that show keys, no referrer leaking a link's token; and HSTS when the request
 * came over HTTPS — directly (TLS), or through a trusted proxy that says so in X-Forwarded-Proto
 * (SCORELINE_TRUST_PROXY) — never over plain HTTP, where a browser would ignore it anyway.
 */
import type { FastifyInstance } from "fastify";

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

/** A year; subdomains are left to the operator (they may serve plain HTTP). */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

export function installSecurityHeaders(scope: FastifyInstance): void {
  scope.addHook("onSend", async (request, reply) => {
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    }
    if (!request.url.startsWith("/dashboard/assets/")) reply.header("Cache-Control", "no-store");
  });
}
