/**
 * Headers on every dashboard answer: a strict Content-Security-Policy (scripts and styles only
 * from this origin's files, no inline script or style, no framing, forms post only here), no
 * caching of pages that show keys, no referrer leaking a link's token.
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

export function installSecurityHeaders(scope: FastifyInstance): void {
  scope.addHook("onSend", async (request, reply) => {
    reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    if (!request.url.startsWith("/dashboard/assets/")) reply.header("Cache-Control", "no-store");
  });
}
