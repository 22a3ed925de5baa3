/**
 * The stream's plain HTTP answers, in the REST error envelope (decisions §1) with X-Request-Id:
 * a refused upgrade (written on the raw socket, before any WebSocket exists) and the answers to
 * requests that are not upgrades (`/healthz`, and a hint that `/v1` speaks WebSocket).
 */
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorEnvelope } from "../http/envelope.js";
import { ApiError } from "../http/errors.js";

export function refuseUpgrade(socket: Duplex, error: ApiError, requestId: string, now: Date): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(errorEnvelope(error, requestId, now));
  const headers: Record<string, string | number> = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    Connection: "close",
    ...error.headers,
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n${head}\r\n\r\n${body}`);
}

export function answerError(
  response: ServerResponse,
  error: ApiError,
  requestId: string,
  now: Date,
): void {
  const body = JSON.stringify(errorEnvelope(error, requestId, now));
  response.writeHead(error.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    ...error.headers,
  });
  response.end(body);
}

/** `/healthz` answers 200; a stream path without an upgrade, 400; anything else, 404. */
export function answerPlainRequest(
  request: IncomingMessage,
  response: ServerResponse,
  isStreamPath: (pathname: string) => ApiError | null,
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
  const error =
    notStream ??
    new ApiError("invalid_parameter", "this address speaks WebSocket: send an upgrade request", {
      field: "upgrade",
      headers: { Upgrade: "websocket" },
    });
  answerError(response, error, requestId, now);
}
