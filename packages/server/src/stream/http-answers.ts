/**
 * The stream's plain HTTP answers, in the REST error envelope (ADR-0002) with X-Request-Id:
 * a refused upgrade (written on the raw socket, before any WebSocket exists) and the answers to
 * requests that are not upgrades (`/healthz`, and a hint that `/v1` speaks WebSocket).
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

/** `/healthz` answers 200; a stream path without an upgrade, 400; anything else, 404. */
export function answerPlainRequest(
  request: IncomingMessage,
  response: ServerResponse,
  isStreamPath: (pathname: string) => ServiceError | null,
  requestId: string,
  now: Date,
): void {
  const pathname = new URL(request.url ?? "/", "http://stream.invalid").pathname;
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
