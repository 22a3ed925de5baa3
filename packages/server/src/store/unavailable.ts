/**
 * Whether a store error means the database could not be reached — refused, ended or lost
 * connections, a server shutting down — rather than a fault in the query. Transports answer
 * those with 503 `service_unavailable` and Retry-After (docs/errors.md), as they do when Redis
 * is away, instead of a 500. So is a SQLite file whose write lock another process kept too long.
 */
import { StoreBusyError } from "./sqlite-write-lock.js";

/** PostgreSQL SQLSTATEs of a server that cannot serve this session now. */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a fast shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded (per-role or per-database connection limit)
]);

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** Messages of the pg driver for connections lost, refused or never made in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /is not currently accepting connections/,
  /^Client was closed and is not queryable/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // SQLite's write lock held by another process past the wait (sqlite-write-lock.ts).
  if (error instanceof StoreBusyError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08: connection exception (the connection failed or was lost).
    if (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) {
      return true;
    }
  }
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Node's AggregateError for a host with several addresses, none of which answered.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
