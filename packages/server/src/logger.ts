/**
 * The process logger (pino). Query values of `api_key` and `token` and authorization headers are
 * redacted from every line, so key material never reaches a log.
 */
import { type DestinationStream, type Logger, pino, destination as pinoDestination } from "pino";
import type { LogLevel } from "./config/index.js";

const SECRET_QUERY = /([?&](?:api_key|token)=)[^&#\s]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[REDACTED]");
}

/**
 * Without a destination, logs go to stdout asynchronously: lines written while a write is in
 * flight are coalesced into the next one (under load one write per batch instead of one per
 * request; an idle process still writes each line at once). Call `flushLogger` before exiting.
 */
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
    destination ?? pinoDestination({ dest: 1, sync: false }),
  );
}

/** Writes out whatever the logger still holds; resolves when it is on stdout. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
