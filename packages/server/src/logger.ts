/**
 * The process logger (pino). Query values of `api_key` and `token` and authorization headers are
 * redacted from every line, so key material never reaches a log.
 */
import { type DestinationStream, type Logger, pino, destination as pinoDestination } from "pino";
import pretty from "pino-pretty";
import type { LogFormat, LogLevel } from "./config/index.js";

const SECRET_QUERY = /([?&](?:api_key|token)=)[^&#\s]*/gi;
const CENSOR = "[REDACTED]";

/** URLs seen lately that hold nothing to redact (an API's reads repeat their URLs). */
const CLEAN_LIMIT = 1024;
const clean = new Set<string>();

export function redactUrl(url: string): string {
  if (!url.includes("=") || clean.has(url)) return url;
  const redacted = url.replace(SECRET_QUERY, "$1[REDACTED]");
  if (redacted !== url) return redacted;
  if (clean.size >= CLEAN_LIMIT) clean.clear();
  clean.add(url);
  return url;
}

/**
 * Without a destination, logs go to stdout asynchronously: lines written while a write is in
 * flight are coalesced into the next one (under load one write per batch instead of one per
 * request; an idle process still writes each line at once). Call `flushLogger` before exiting.
 * `pretty` (or `auto` on a terminal) writes human-readable lines instead of JSON: the time, the
 * level, the message and the fields, coloured on a terminal.
 */
export function createLogger(
  level: LogLevel,
  destination?: DestinationStream,
  format: LogFormat = "json",
): Logger {
  const readable = format === "pretty" || (format === "auto" && process.stdout.isTTY === true);
  if (destination === undefined && readable) destination = readableLines();
  return pino(
    {
      level,
      // `authorization` one level down (`headers.authorization`, `*.authorization`) and in
      // `req.headers`: checked by a function per line instead of pino's `redact` paths, whose
      // `*` wildcard ran a redactor over every field of every line and every child's bindings.
      // (Child bindings are ours: component names and request ids.)
      formatters: { log: censorAuthorization },
      serializers: {
        req(request: { method: string; url: string; id: string; ip?: string }) {
          return { id: request.id, method: request.method, url: redactUrl(request.url) };
        },
      },
    },
    destination ?? new LineBatch(pinoDestination({ dest: 1, sync: false })),
  );
}

/** Human-readable lines on stdout: `12:04:05 INFO  api listening on http://…  role=api`. */
function readableLines(): DestinationStream {
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    singleLine: true,
    sync: true,
  });
}

/** Writes out whatever the logger still holds; resolves when it is on stdout. */
export function flushLogger(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}

/**
 * The logged object with every `authorization` value one level down (and in `req.headers`)
 * replaced by the censor — a copy, only when there is one; the caller's objects are untouched.
 */
function censorAuthorization(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    if (typeof value !== "object" || value === null) continue;
    let censored: Record<string, unknown> | undefined;
    if (hasAuthorization(value)) censored = { ...value, authorization: CENSOR };
    const headers = (value as { headers?: unknown }).headers;
    if (key === "req" && typeof headers === "object" && hasAuthorization(headers)) {
      censored = { ...(censored ?? value), headers: { ...headers, authorization: CENSOR } };
    }
    if (censored === undefined) continue;
    copy ??= { ...object };
    copy[key] = censored;
  }
  return copy ?? object;
}

function hasAuthorization(value: object | null): boolean {
  return value !== null && Object.hasOwn(value, "authorization");
}

/**
 * Hands the destination the lines of one turn of the event loop as one string. The process
 * destination (sonic-boom) measures its whole pending buffer on every write, so a line per
 * request cost microseconds under load; a string append costs nanoseconds. An idle process
 * still writes each line at once (at the end of the turn); lines still held at exit are written
 * synchronously.
 */
class LineBatch implements DestinationStream {
  private pending = "";
  private scheduled = false;

  constructor(private readonly target: ReturnType<typeof pinoDestination>) {
    if (batches.size === 0) process.once("exit", writeHeldLines);
    batches.add(new WeakRef(this));
  }

  write(line: string): void {
    this.pending += line;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.handOver);
  }

  flush(done: (error?: Error) => void): void {
    this.handOver();
    this.target.flush(done);
  }

  /** At exit: what this turn logged, written before the process ends. */
  exit(): void {
    if (this.pending === "") return;
    this.handOver();
    this.target.flushSync();
  }

  private readonly handOver = (): void => {
    this.scheduled = false;
    if (this.pending === "") return;
    const lines = this.pending;
    this.pending = "";
    this.target.write(lines);
  };
}

/** Every batch made in this process (one exit listener for all; tests make many loggers). */
const batches = new Set<WeakRef<LineBatch>>();

function writeHeldLines(): void {
  for (const batch of batches) batch.deref()?.exit();
}
