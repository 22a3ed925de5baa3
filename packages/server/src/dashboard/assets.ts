/** The dashboard's stylesheet and script, read once and served from this process (no CDN). */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

const FILES = {
  "dashboard.css": "text/css; charset=utf-8",
  "dashboard.js": "text/javascript; charset=utf-8",
} as const;

export function assetRoutes(scope: FastifyInstance): void {
  for (const [name, type] of Object.entries(FILES)) {
    const body = readFileSync(new URL(`./assets/${name}`, import.meta.url));
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    scope.get(`/assets/${name}`, async (request, reply) => {
      reply.header("ETag", etag).header("Cache-Control", "public, max-age=300");
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
}
