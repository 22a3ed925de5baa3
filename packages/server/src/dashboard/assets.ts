/**
 * The dashboard's stylesheet, script and icon, read once and served from this process (no
 * CDN). The icon is also `/favicon.ico` on the api host, where a browser looks by itself.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const FILES = {
  "dashboard.css": "text/css; charset=utf-8",
  "dashboard.js": "text/javascript; charset=utf-8",
  "favicon.svg": "image/svg+xml",
  "favicon.ico": "image/x-icon",
} as const;

type AssetName = keyof typeof FILES;

/** A handler that answers with the file (an ETag, five minutes of caching, 304 when unchanged). */
function serve(name: AssetName) {
  const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("ETag", etag).header("Cache-Control", "public, max-age=300");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(FILES[name]).send(body);
  };
}

export function assetRoutes(scope: FastifyInstance): void {
  for (const name of Object.keys(FILES) as AssetName[]) {
    scope.get(`/assets/${name}`, serve(name));
  }
}

/** `/favicon.ico` at the root of the host, out of the OpenAPI document. */
export function faviconRoute(app: FastifyInstance): void {
  app.get("/favicon.ico", { schema: { hide: true } }, serve("favicon.ico"));
}
