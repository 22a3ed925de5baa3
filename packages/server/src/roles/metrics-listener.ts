/**
 * SCORELINE_METRICS_PORT: a listener of its own serving `GET /metrics` for the whole process
 * (ADR-0025), for processes without an HTTP host — the worker, the stream role — or to keep
 * scrapes apart from the API. It is plain HTTP on SCORELINE_METRICS_HOST (127.0.0.1 by default):
 * a port of its own is private by where it listens, so it asks for no token. Anything but
 * `/metrics` is a 404, and any other method a 405, in the error envelope.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import type { Config } from "../config/index.js";
import { errorEnvelope } from "../envelope/envelope.js";
import { errorHeaders, statusOf } from "../envelope/error-status.js";
import { ServiceError } from "../errors/service-error.js";
import { newRequestId } from "../lib/request-id.js";
import { collectProcessMetrics, METRICS_CONTENT_TYPE, metricsText } from "../metrics/registry.js";
import type { RunningRole } from "./api-role.js";

export async function startMetricsListener(
  config: Pick<Config, "metricsHost">,
  port: number,
  logger: Logger,
): Promise<RunningRole> {
  collectProcessMetrics();
  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      logger.error({ err: error }, "metrics: scrape failed");
      send(response, new ServiceError("internal_error", "internal error"));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, config.metricsHost, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const host = config.metricsHost.includes(":") ? `[${config.metricsHost}]` : config.metricsHost;
  const url = `http://${host}:${bound}/metrics`;
  logger.info({ role: "metrics", url }, `metrics listening on ${url}`);
  return {
    name: "metrics",
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? "/", "http://metrics.invalid").pathname.replace(/\/$/, "");
  if (path !== "/metrics") {
    send(response, new ServiceError("not_found", `no route for ${request.method} ${path || "/"}`));
    return;
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    const message = `${request.method} is not allowed on /metrics`;
    send(response, new ServiceError("method_not_allowed", message, { allow: ["GET", "HEAD"] }));
    return;
  }
  const body = await metricsText();
  response.writeHead(200, {
    "Content-Type": METRICS_CONTENT_TYPE,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Request-Id": newRequestId(),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function send(response: ServerResponse, error: ServiceError): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const requestId = newRequestId();
  const body = JSON.stringify(errorEnvelope(error, requestId, new Date()));
  response.writeHead(statusOf(error), {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    ...errorHeaders(error),
  });
  response.end(body);
}
