/**
 * The HTTP status of each error code (ADR-0002): the one table every HTTP answer uses — the REST
 * hosts and the stream's refused upgrades alike.
 */
import type { ErrorCode, ServiceError } from "../errors/service-error.js";

const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_parameter: 400,
  invalid_api_key: 401,
  plan_forbidden: 403,
  not_found: 404,
  unsupported_version: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  rate_limit_exceeded: 429,
  quota_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export function statusOf(error: ServiceError): number {
  return ERROR_STATUS[error.code];
}

/** The response headers an error's details call for: Retry-After, Allow, WWW-Authenticate. */
export function errorHeaders(error: ServiceError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.challenge !== undefined) headers["WWW-Authenticate"] = error.challenge;
  if (error.allow !== undefined) headers.Allow = error.allow.join(", ");
  if (error.retryAfterSeconds !== undefined) {
    headers["Retry-After"] = String(error.retryAfterSeconds);
  }
  return headers;
}
