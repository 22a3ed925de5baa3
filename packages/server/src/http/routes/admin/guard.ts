/**
 * The admin API's guard: `Authorization: Bearer <SCORELINE_ADMIN_TOKEN>`, compared in constant
 * time (SHA-256 of both sides, then `timingSafeEqual` over the equal-length digests). A missing
 * or wrong token is a 401 `invalid_api_key`. Every /admin/v1 route runs behind it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../../../errors/service-error.js";

export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function adminGuard(token: string): AdminGuard {
  const expected = digest(token);
  return async (request, reply) => {
    // Admin answers carry key text and account data: never store them in a cache.
    reply.header("Cache-Control", "no-store");
    const presented = bearerToken(request.headers.authorization);
    if (presented === undefined) {
      throw unauthorized("the admin API needs Authorization: Bearer <SCORELINE_ADMIN_TOKEN>");
    }
    if (!timingSafeEqual(digest(presented), expected)) {
      throw unauthorized("the admin token is not valid");
    }
  };
}

function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

function unauthorized(message: string): ServiceError {
  return new ServiceError("invalid_api_key", message, {
    challenge: 'Bearer realm="scoreline-admin"',
  });
}
