/**
 * The client's address for throttling. Behind a trusted proxy (SCORELINE_TRUST_PROXY) it is the
 * address that proxy appended to X-Forwarded-For — the right-most entry — never one a client
 * wrote into the header itself, which would let a guesser pose as a new address at every try.
 * Without a trusted proxy it is the connection's own address.
 */
import type { FastifyRequest } from "fastify";

export function clientAddress(request: FastifyRequest): string {
  // With a trusted proxy Fastify lists the connection's address, then X-Forwarded-For right to left.
  const hops = request.ips;
  return hops?.[1] ?? request.ip;
}
