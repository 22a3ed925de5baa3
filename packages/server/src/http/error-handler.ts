/**
 * Turns every failure from every layer into the error envelope: thrown ApiErrors, Fastify's
 * validation and body errors, unknown routes, wrong methods, unknown versions. 5xx bodies never
 * carry internals; the full error goes to the log with the request id.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { errorEnvelope } from "../envelope/envelope.js";
import { errorHeaders, statusOf } from "../envelope/error-status.js";
import { type ErrorDetail, ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";
import { isDatabaseUnavailable } from "../store/unavailable.js";
import type { App } from "./app-type.js";
import { type RouteTable, recordRoutes } from "./route-table.js";
import { versionNotSupported } from "./version-path.js";

export function installErrorHandling(app: App, clock: Clock): void {
  app.setErrorHandler((raw: FastifyError | ServiceError | Error, request, reply) => {
    const error = toApiError(raw);
    if (statusOf(error) >= 500) request.log.error({ err: raw }, "request failed");
    return sendError(reply, request, error, clock);
  });

  const routes = recordRoutes(app);
  app.setNotFoundHandler((request, reply) => {
    return sendError(reply, request, routeNotFound(routes, request), clock);
  });
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  error: ServiceError,
  clock: Clock,
): FastifyReply {
  reply.code(statusOf(error));
  for (const [name, value] of Object.entries(errorHeaders(error))) reply.header(name, value);
  return reply.send(errorEnvelope(error, request.id, clock()));
}

function routeNotFound(routes: RouteTable, request: FastifyRequest): ServiceError {
  const path = request.url.split("?")[0] ?? "/";
  const version = versionNotSupported(path);
  if (version !== undefined) return version;
  const allowed = routes.allowedMethods(path);
  if (allowed.length > 0) {
    return new ServiceError("method_not_allowed", `${request.method} is not allowed on ${path}`, {
      allow: allowed,
    });
  }
  return new ServiceError("not_found", `no route for ${request.method} ${path}`);
}

function toApiError(error: FastifyError | ServiceError | Error): ServiceError {
  if (error instanceof ServiceError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation !== undefined) return validationError(fastifyError);
  switch (fastifyError.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ServiceError("payload_too_large", "request body is too large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ServiceError(
        "invalid_parameter",
        "unsupported Content-Type; send application/json",
        {
          field: "body",
        },
      );
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ServiceError("invalid_parameter", "request body is not valid JSON", {
        field: "body",
      });
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new ServiceError("invalid_parameter", "request body is not valid JSON", {
      field: "body",
    });
  }
  if (isDatabaseUnavailable(error)) {
    return new ServiceError("service_unavailable", "the database is unavailable; retry later", {
      retryAfterSeconds: 5,
    });
  }
  return new ServiceError("internal_error", "internal error; retry with backoff");
}

interface Issue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/**
 * Schema validation failures → `invalid_parameter` with the parameter's name in `field`, one
 * entry per parameter. An unknown sport in the path is a 404, not a bad parameter.
 */
function validationError(error: FastifyError): ServiceError {
  const issues = (error.validation ?? []) as unknown as Issue[];
  const context = error.validationContext ?? "request";
  if (context === "params" && issues.some((i) => i.instancePath === "/sport")) {
    return new ServiceError("not_found", "unknown sport; see GET /v1/sports");
  }
  const byField = new Map<string, ErrorDetail>();
  for (const issue of issues) {
    const missing = issue.params.missingProperty as string | undefined;
    const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
    const field = missing ?? (path === "" ? (context === "body" ? "body" : context) : path);
    if (byField.has(field)) continue;
    byField.set(field, { code: "invalid_parameter", message: describe(field, issue), field });
  }
  const details = [...byField.values()];
  const first = details[0] ?? { code: "invalid_parameter" as const, message: "invalid request" };
  return new ServiceError("invalid_parameter", first.message, {
    details: [first, ...details.slice(1)],
  });
}

function describe(field: string, issue: Issue): string {
  const schema = issue.parentSchema ?? {};
  const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
  switch (issue.keyword) {
    case "required":
      return `${field} is required`;
    case "minimum":
    case "maximum":
      if (minimum !== undefined && maximum !== undefined) {
        return `${field} must be between ${minimum} and ${maximum}`;
      }
      return minimum !== undefined
        ? `${field} must be at least ${minimum}`
        : `${field} must be at most ${maximum}`;
    case "type":
      return `${field} must be ${article(String(issue.params.type))}`;
    case "format":
      return issue.params.format === "date"
        ? `${field} must be a date like 2026-11-21`
        : `${field} must be a timestamp like 2026-11-21T10:00:00Z`;
    case "enum":
      return `${field} must be one of: ${(issue.params.allowedValues as unknown[]).join(", ")}`;
    case "minLength":
      return `${field} must not be empty`;
    default: {
      const description = schema.description as string | undefined;
      return description !== undefined
        ? `${field} must be: ${description}`
        : `${field} ${issue.message ?? "is invalid"}`;
    }
  }
}

function article(type: string): string {
  return type === "integer" ? "an integer" : `a ${type}`;
}
