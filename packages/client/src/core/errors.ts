/**
 * The client's errors. Every error the client throws is a `ScorelineError`; an answer from the
 * API becomes the subclass of its `code` (the API's error table), carrying the status, the
 * offending `field`, the `request_id` to quote to support, the headers and the rate-limit and
 * quota figures the answer carried.
 */
import { type Quota, quotaOf, type RateLimit, rateLimitOf, retryAfterOf } from "./limits.js";

/** One entry of the error envelope's `errors` list. */
export interface ErrorDetail {
  code: string;
  message: string;
  field?: string | undefined;
}

export interface ScorelineErrorInit {
  status?: number | undefined;
  code?: string | undefined;
  field?: string | undefined;
  errors?: ErrorDetail[] | undefined;
  request_id?: string | undefined;
  headers?: Headers | undefined;
  retry_after?: number | undefined;
  cause?: unknown;
}

export class ScorelineError extends Error {
  override readonly name: string = "ScorelineError";
  /** The HTTP status; undefined when no answer came (connection errors, timeouts, aborts). */
  readonly status: number | undefined;
  /** The API's error code (`invalid_parameter`, `rate_limit_exceeded`, …). */
  readonly code: string | undefined;
  /** The input at fault, when one is (`per_page`, `league`, …). */
  readonly field: string | undefined;
  /** Every problem the API listed (several for several bad inputs). */
  readonly errors: ErrorDetail[];
  readonly request_id: string | undefined;
  readonly headers: Headers | undefined;
  readonly rate_limit: RateLimit | null;
  readonly quota: Quota | null;

  constructor(message: string, init: ScorelineErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.errors = init.errors ?? [];
    this.request_id = init.request_id ?? init.headers?.get("x-request-id") ?? undefined;
    this.headers = init.headers;
    this.rate_limit = init.headers ? rateLimitOf(init.headers) : null;
    this.quota = init.headers ? quotaOf(init.headers) : null;
  }
}

/** 400 `invalid_parameter`: a bad value or a missing required parameter; `field` names it. */
export class InvalidParameterError extends ScorelineError {
  override readonly name: string = "InvalidParameterError";
}
/** 401 `invalid_api_key`: the key is missing, malformed, unknown, expired or revoked. */
export class AuthenticationError extends ScorelineError {
  override readonly name: string = "AuthenticationError";
}
/** 403 `plan_forbidden`: the plan lacks the endpoint, the sport or a field. */
export class PermissionError extends ScorelineError {
  override readonly name: string = "PermissionError";
}
/** 404 `not_found`: an unknown id (or one of another sport), sport or route. */
export class NotFoundError extends ScorelineError {
  override readonly name: string = "NotFoundError";
}
/** 404 `unsupported_version`: a path under an API version other than `v1`. */
export class UnsupportedVersionError extends NotFoundError {
  override readonly name: string = "UnsupportedVersionError";
}
/** 405 `method_not_allowed`: the `Allow` header lists the methods the path has. */
export class MethodNotAllowedError extends ScorelineError {
  override readonly name: string = "MethodNotAllowedError";
}
/** 413 `payload_too_large`. */
export class PayloadTooLargeError extends ScorelineError {
  override readonly name: string = "PayloadTooLargeError";
}

/** An answer that says when to come back: `retry_after` in seconds (from `Retry-After`). */
abstract class RetryableAfterError extends ScorelineError {
  readonly retry_after: number | undefined;
  constructor(message: string, init: ScorelineErrorInit = {}) {
    super(message, init);
    this.retry_after = init.retry_after;
  }
}

/** 429 `rate_limit_exceeded`: the per-minute window is used up; retry after `retry_after` s. */
export class RateLimitError extends RetryableAfterError {
  override readonly name: string = "RateLimitError";
}
/** 429 `quota_exceeded`: the monthly quota is used up on a plan whose overage is blocked. */
export class QuotaExceededError extends RetryableAfterError {
  override readonly name: string = "QuotaExceededError";
}
/** 500 `internal_error` (and any other 5xx but 503). Safe to retry. */
export class InternalServerError extends ScorelineError {
  override readonly name: string = "InternalServerError";
}
/** 503 `service_unavailable`: overloaded or not ready; retry after `retry_after` s. */
export class ServiceUnavailableError extends RetryableAfterError {
  override readonly name: string = "ServiceUnavailableError";
}
/** No answer: DNS, refused or reset connection, TLS failure. `cause` holds the underlying error. */
export class APIConnectionError extends ScorelineError {
  override readonly name: string = "APIConnectionError";
}
/** No answer within `timeout` milliseconds. */
export class APITimeoutError extends APIConnectionError {
  override readonly name: string = "APITimeoutError";
}
/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends ScorelineError {
  override readonly name: string = "APIUserAbortError";
}

type ErrorClass = new (message: string, init?: ScorelineErrorInit) => ScorelineError;

const BY_CODE: Record<string, ErrorClass> = {
  invalid_parameter: InvalidParameterError,
  invalid_api_key: AuthenticationError,
  plan_forbidden: PermissionError,
  not_found: NotFoundError,
  unsupported_version: UnsupportedVersionError,
  method_not_allowed: MethodNotAllowedError,
  payload_too_large: PayloadTooLargeError,
  rate_limit_exceeded: RateLimitError,
  quota_exceeded: QuotaExceededError,
  internal_error: InternalServerError,
  service_unavailable: ServiceUnavailableError,
};

/** When the body has no known code (a proxy's page, say), the status decides. */
function classOfStatus(status: number): ErrorClass {
  if (status === 400) return InvalidParameterError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionError;
  if (status === 404) return NotFoundError;
  if (status === 405) return MethodNotAllowedError;
  if (status === 413) return PayloadTooLargeError;
  if (status === 429) return RateLimitError;
  if (status === 503) return ServiceUnavailableError;
  if (status >= 500) return InternalServerError;
  return ScorelineError;
}

interface ErrorEnvelope {
  error?: { code?: unknown; message?: unknown; field?: unknown; request_id?: unknown };
  errors?: unknown;
}

function details(list: unknown): ErrorDetail[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: { code?: unknown; message?: unknown; field?: unknown }) =>
    typeof entry?.code === "string" && typeof entry.message === "string"
      ? [{ code: entry.code, message: entry.message, field: stringOr(entry.field) }]
      : [],
  );
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The error an API answer stands for, from its status, headers and (parsed or raw) body. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  nowMs: number,
): ScorelineError {
  const envelope = (typeof body === "object" && body !== null ? body : {}) as ErrorEnvelope;
  const code = stringOr(envelope.error?.code);
  const message =
    stringOr(envelope.error?.message) ??
    (typeof body === "string" && body.trim() ? body.trim().slice(0, 500) : `HTTP ${status}`);
  const ErrorType = (code !== undefined ? BY_CODE[code] : undefined) ?? classOfStatus(status);
  return new ErrorType(`${status} ${code ?? "error"}: ${message}`, {
    status,
    code,
    field: stringOr(envelope.error?.field),
    errors: details(envelope.errors),
    request_id: stringOr(envelope.error?.request_id),
    headers,
    retry_after: retryAfterOf(headers, nowMs),
  });
}
