/**
 * The one error vocabulary (decisions §1): every code maps to exactly one status here, and
 * every layer throws `ApiError` (or lets the error handler translate what it throws).
 */

export const ERROR_STATUS = {
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  code: ErrorCode;
  message: string;
  field?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Extra response headers (Allow, Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { field?: string; details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
    const first: ErrorDetail = { code, message };
    if (options.field !== undefined) first.field = options.field;
    this.details = options.details ?? [first];
    this.headers = options.headers ?? {};
  }

  get field(): string | undefined {
    return this.details[0]?.field;
  }
}

export const notFound = (what: string) => new ApiError("not_found", `${what} not found`);

export const invalidParameter = (field: string, message: string) =>
  new ApiError("invalid_parameter", message, { field });
