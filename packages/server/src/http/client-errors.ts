/**
 * Requests Node's HTTP parser refuses before Fastify sees them — a request line and headers over
 * Node's 16 KiB limit, bytes that are not HTTP, a request not received in time — still get the
 * error envelope and an `X-Request-Id`, written straight to the socket (there is no request
 * object to answer through). The connection is closed after the answer, as Node would.
 */
import type { Socket } from "node:net";
import { errorEnvelope } from "../envelope/envelope.js";
import { ServiceError } from "../errors/service-error.js";
import { newRequestId } from "../lib/request-id.js";
import type { Clock } from "../lib/time.js";

function problemOf(error: NodeJS.ErrnoException): ServiceError {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return new ServiceError(
      "invalid_parameter",
      "the request line and headers are larger than the server accepts (16 KiB)",
      { field: "headers" },
    );
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return new ServiceError("invalid_parameter", "the request was not received in time", {
      field: "request",
    });
  }
  return new ServiceError("invalid_parameter", "the request is not valid HTTP/1.1", {
    field: "request",
  });
}

/** Fastify's `clientErrorHandler`: a 400 envelope on the socket, then the socket closed. */
export function clientErrorHandler(clock: Clock) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const requestId = newRequestId();
    const body = JSON.stringify(errorEnvelope(problemOf(error), requestId, clock()));
    socket.end(
      [
        "HTTP/1.1 400 Bad Request",
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  };
}
