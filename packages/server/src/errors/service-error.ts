/**
 * The one error vocabulary (ADR-0002), shared by every layer and every transport. A service, the
 * store's callers or a transport throws a `ServiceError` naming a code; each transport maps the
 * code to its own answer in one place (HTTP: status and envelope, `envelope/`; the stream: the
 * refused upgrade or an error message; the CLI: an exit code). Details that shape the answer —
 * the offending field, when to retry, which methods are allowed — travel as data.
 */

const ERROR_CODES = [
  "invalid_parameter",
  "invalid_api_key",
  "plan_forbidden",
  "not_found",
  "unsupported_version",
  "method_not_allowed",
  "payload_too_large",
  "rate_limit_exceeded",
  "quota_exceeded",
  "internal_error",
  "service_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  field?: string;
}

export interface ServiceErrorOptions {
  /** The parameter, option or body field at fault. */
  field?: string;
  /** Every problem found, when there are several (the first is the headline). */
  details?: ErrorDetail[];
  /** When the caller may try again, in seconds (limits, shutdown, not ready). */
  retryAfterSeconds?: number;
  /** The methods the resource does allow (method_not_allowed). */
  allow?: readonly string[];
  /** The credential scheme the caller should present (invalid_api_key), e.g. `Bearer realm="…"`. */
  challenge?: string;
}

export class ServiceError extends Error {
  readonly details: ErrorDetail[];
  readonly retryAfterSeconds: number | undefined;
  readonly allow: readonly string[] | undefined;
  readonly challenge: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ServiceErrorOptions = {},
  ) {
    super(message);
    this.name = "ServiceError";
    const first: ErrorDetail = { code, message };
    if (options.field !== undefined) first.field = options.field;
    this.details = options.details ?? [first];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.challenge = options.challenge;
  }

  get field(): string | undefined {
    return this.details[0]?.field;
  }
}

export const notFound = (what: string) => new ServiceError("not_found", `${what} not found`);

export const invalidParameter = (field: string, message: string) =>
  new ServiceError("invalid_parameter", message, { field });
