/**
 * The stream's plain HTTP answers, in the REST error envelope (ADR-0002) with X-Request-Id:
 * a refused upgrade (written on the raw socket, before any WebSocket exists) and the answers to
 * requests that are not upgrades (`/healthz`, `/readyz`, and a hint that `/v1` speaks WebSocket).
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorEnvelope } from "../envelope/envelope.js";
import { errorHeaders, statusOf } from "../envelope/error-status.js";
import { ServiceError } from "../errors/service-error.js";

export function refuseUpgrade(
  socket: Duplex,
  error: ServiceError,
  requestId: string,
  now: Date,
): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(errorEnvelope(error, requestId, now));
  const headers: Record<string, string | number> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    Connection: "close",
    ...errorHeaders(error),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.once("finish", () => socket.destroy());
  const status = statusOf(error);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}

function answerError(
  response: ServerResponse,
  error: ServiceError,
  requestId: string,
  now: Date,
  extraHeaders: Record<string, string> = {},
): void {
  const body = JSON.stringify(errorEnvelope(error, requestId, now));
  response.writeHead(statusOf(error), {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    ...errorHeaders(error),
    ...extraHeaders,
  });
  response.end(body);
}

/** A dependency `/readyz` checks: resolves when it answers now (each bounds its own wait). */
export interface StreamReadiness {
  name: string;
  check(): Promise<void>;
}

/**
 * `/readyz`: 200 with each dependency's state when all answer, else 503 `service_unavailable`
 * naming what is down (ADR-0025, ADR-0036).
 */
async function answerReadiness(
  response: ServerResponse,
  checks: readonly StreamReadiness[],
  requestId: string,
  now: Date,
): Promise<void> {
  const outcomes = await Promise.allSettled(checks.map((dependency) => dependency.check()));
  const report: Record<string, "ok" | "unavailable"> = {};
  outcomes.forEach((outcome, i) => {
    const name = checks[i]?.name ?? "unknown";
    if (outcome.status === "rejected") report[name] = "unavailable";
    else report[name] ??= "ok";
  });
  const down = Object.keys(report).filter((name) => report[name] !== "ok");
  if (response.destroyed) return;
  if (down.length > 0) {
    const names = down.map((name) => (name === "database" ? "the database" : name)).join(", ");
    const verb = down.length === 1 ? "is" : "are";
    const error = new ServiceError(
      "service_unavailable",
      `not ready: ${names} ${verb} unavailable`,
      {
        retryAfterSeconds: 5,
      },
    );
    answerError(response, error, requestId, now);
    return;
  }
  const body = JSON.stringify({ status: "ok", checks: report });
  response.writeHead(200, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
  });
  response.end(body);
}

/**
 * `/healthz` answers 200; `/readyz` checks `readiness`; a stream path without an upgrade, 400;
 * anything else, 404.
 */
export function answerPlainRequest(
  request: IncomingMessage,
  response: ServerResponse,
  isStreamPath: (pathname: string) => ServiceError | null,
  requestId: string,
  now: Date,
  readiness: readonly StreamReadiness[] = [],
): void {
  const pathname = new URL(request.url ?? "/", "http://stream.invalid").pathname;
  if (pathname === "/readyz" && readiness.length > 0) {
    void answerReadiness(response, readiness, requestId, now);
    return;
  }
  if (pathname === "/healthz" || pathname === "/readyz") {
    const body = JSON.stringify({ status: "ok" });
    response.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "X-Request-Id": requestId,
    });
    response.end(body);
    return;
  }
  const notStream = isStreamPath(pathname);
  if (notStream !== null) {
    answerError(response, notStream, requestId, now);
    return;
  }
  const notUpgrade = new ServiceError(
    "invalid_parameter",
    "this address speaks WebSocket: send an upgrade request",
    { field: "upgrade" },
  );
  answerError(response, notUpgrade, requestId, now, { Upgrade: "websocket" });
}
