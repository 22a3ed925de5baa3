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
  const matches = adminTokenCheck(token);
  return async (request, reply) => {
    // Admin answers carry key text and account data: never store them in a cache.
    reply.header("Cache-Control", "no-store");
    if (bearerToken(request.headers.authorization) === undefined) {
      throw unauthorized("the admin API needs Authorization: Bearer <SCORELINE_ADMIN_TOKEN>");
    }
    if (!matches(request.headers.authorization)) {
      throw unauthorized("the admin token is not valid");
    }
  };
}

/**
 * Whether an Authorization header carries the admin token (`Bearer <token>`), compared in
 * constant time; `/metrics` asks it too (ADR-0025).
 */
export function adminTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const presented = bearerToken(authorization);
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
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
