/**
 * The process logger (pino). Query values of `api_key` and `token` and authorization headers are
 * redacted from every line, so key material never reaches a log.
 */
import { type DestinationStream, type Logger, pino } from "pino";
import type { LogLevel } from "./config/index.js";

const SECRET_QUERY = /([?&](?:api_key|token)=)[^&#\s]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[REDACTED]");
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ["req.headers.authorization", "headers.authorization", "*.authorization"],
        censor: "[REDACTED]",
      },
      serializers: {
        req(request: { method: string; url: string; id: string; ip?: string }) {
          return { id: request.id, method: request.method, url: redactUrl(request.url) };
        },
      },
    },
    destination,
  );
}
