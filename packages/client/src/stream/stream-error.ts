/**
 * The stream's one error class: a refused channel (the server's `code` and `message`, and the
 * channel), a refused connection (the REST error envelope's code and the HTTP status, when the
 * WebSocket implementation shows it) or the client's own failures.
 */
import type { ErrorMessage } from "../generated/stream.js";

/** Error codes the server sends in `{"type": "error"}` messages. */
export type ServerErrorCode = ErrorMessage["code"];

/** Codes of errors the client raises itself. */
export type ClientErrorCode =
  /** `close()` was called while the subscription was pending. */
  | "stream_closed"
  /** `unsubscribe()` was called while the subscription was pending. */
  | "unsubscribed"
  /** A connection failed or dropped (the client retries). */
  | "connection_error"
  /** `reconnect.maxAttempts` retries in a row failed. */
  | "reconnect_failed"
  /** No global WebSocket and the `ws` package could not be loaded. */
  | "websocket_unavailable"
  /** The URL is not a WebSocket URL. */
  | "invalid_url"
  /** The server sent something that is not a protocol message. */
  | "invalid_server_message";

/** Codes of a refused upgrade (the REST error envelope), and 1008's. */
export type ConnectionErrorCode =
  | "invalid_api_key"
  | "plan_forbidden"
  | "not_found"
  | "unsupported_version"
  | "invalid_parameter"
  | "method_not_allowed"
  | "rate_limit_exceeded"
  | "service_unavailable";

export type StreamErrorCode =
  | ServerErrorCode
  | ConnectionErrorCode
  | ClientErrorCode
  | (string & Record<never, never>);

export interface StreamErrorDetails {
  /** The channel a refusal is about. */
  channel?: string;
  /** The HTTP status of a refused upgrade (seen only with the `ws` package). */
  status?: number;
  cause?: unknown;
}

export class StreamError extends Error {
  readonly code: StreamErrorCode;
  readonly channel?: string;
  readonly status?: number;

  constructor(code: StreamErrorCode, message: string, details: StreamErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "StreamError";
    this.code = code;
    if (details.channel !== undefined) this.channel = details.channel;
    if (details.status !== undefined) this.status = details.status;
  }
}
