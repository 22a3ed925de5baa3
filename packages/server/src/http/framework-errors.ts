/**
 * Errors the router meets before any route or hook runs: a path that is not valid
 * percent-encoding (`/v1/cricket/teams/%zz`, FST_ERR_BAD_URL) and a path segment longer than the
 * router takes (FST_ERR_MAX_PARAM_LENGTH). Fastify would answer them with its own body, outside
 * every hook. Here the request is routed again, to a hidden route of its own with the original
 * query, so it passes the same hooks as any request — the request id, CORS, the door and its limit
 * headers, the access log — and its answer is the error envelope like every other.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../errors/service-error.js";
import type { Clock } from "../lib/time.js";
import type { App } from "./app-type.js";
import { sendError } from "./error-handler.js";
import { VERSIONED, versionNotSupported } from "./version-path.js";

/** The longest path segment the router takes (Fastify's `maxParamLength`). */
export const MAX_SEGMENT_LENGTH = 100;

/** Where a failed request is routed again: under /v1 (so the door sees it) or at the root. */
const UNDER_VERSION = "/v1/-/invalid-path";
const AT_ROOT = "/-/invalid-path";

interface Failure {
  code: string;
  url: string;
}

export interface FrameworkErrors {
  /** Fastify's `frameworkErrors` option. */
  handle(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  /** Registers the hidden routes the failed requests are sent to. */
  install(app: App): void;
}

export function frameworkErrors(clock: Clock): FrameworkErrors {
  const failures = new WeakMap<IncomingMessage, Failure>();
  let routing: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;

  return {
    handle(error, request, reply) {
      const raw = request.raw;
      const url = raw.url ?? "/";
      if (routing === undefined || failures.has(raw)) {
        // Not installed, or failing again on the way back: answered without hooks, enveloped.
        reply.header("X-Request-Id", request.id);
        sendError(reply, request, errorFor({ code: error.code, url }), clock);
        return;
      }
      failures.set(raw, { code: error.code, url });
      const query = url.indexOf("?");
      const path = VERSIONED.test(url) ? UNDER_VERSION : AT_ROOT;
      raw.url = query === -1 ? path : `${path}${url.slice(query)}`;
      routing(raw, reply.raw);
    },
    install(app) {
      routing = app.routing;
      for (const url of [UNDER_VERSION, AT_ROOT]) {
        app.route({
          method: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
          url,
          schema: { hide: true },
          config: { usageResource: "unmatched" },
          handler: async (request) => {
            const failure = failures.get(request.raw);
            if (failure === undefined) {
              throw new ServiceError("not_found", `no route for ${request.method} ${url}`);
            }
            // The access log names what was asked for.
            request.raw.url = failure.url;
            throw errorFor(failure);
          },
        });
      }
    },
  };
}

function errorFor(failure: Failure): ServiceError {
  const path = failure.url.split("?")[0] ?? "/";
  const version = versionNotSupported(path);
  if (version !== undefined) return version;
  if (failure.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return new ServiceError(
      "not_found",
      `no such resource: a path segment is longer than ${MAX_SEGMENT_LENGTH} characters`,
    );
  }
  if (failure.code === "FST_ERR_BAD_URL") {
    return new ServiceError("invalid_parameter", "the path is not valid percent-encoding", {
      field: "path",
    });
  }
  return new ServiceError("not_found", "no route for this path");
}
