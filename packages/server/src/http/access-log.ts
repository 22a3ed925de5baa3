/**
 * One access-log line per request, written when the response is complete: method, URL (with
 * `api_key`/`token` values redacted), status, duration and cache result, under the request id.
 * Replaces Fastify's two lines (incoming and completed) per request.
 *
 * The line is written by the app's logger with `request_id` as its first field — the same line
 * a per-request child logger would write — and `request.log` makes its child logger only when
 * something logs through it (an error), not on every request.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Bindings, ChildLoggerOptions, LogFn } from "pino";
import { redactUrl } from "../logger.js";
import type { App } from "./app-type.js";

export function installAccessLog(app: App): void {
  app.setChildLoggerFactory(
    (logger, bindings, options) => new RequestLogger(logger, bindings, options),
  );
  const log = app.log;
  app.addHook("onResponse", (request, reply, done) => {
    logAccess(log, request, reply);
    done();
  });
}

type Logged = Pick<FastifyRequest, "id" | "method" | "url">;
type Answered = Pick<FastifyReply, "statusCode" | "elapsedTime" | "getHeader">;

/** Writes a completed request's line: `request` at info, `request failed` at error for a 5xx. */
export function logAccess(log: FastifyBaseLogger, request: Logged, reply: Answered): void {
  const status = reply.statusCode;
  const line = {
    request_id: request.id,
    method: request.method,
    url: redactUrl(request.url),
    status,
    ms: Math.round(reply.elapsedTime * 10) / 10,
    cache: reply.getHeader("X-Cache"),
  };
  if (status >= 500) log.error(line, "request failed");
  else log.info(line, "request");
}

/** `request.log`: the child logger with the request's bindings, made on first use. */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  get level(): string {
    return this.real().level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  // Methods on the prototype, not arrow properties: a request that never logs allocates nothing.
  fatal(...args: unknown[]): void {
    this.real().fatal(...(args as Parameters<LogFn>));
  }
  error(...args: unknown[]): void {
    this.real().error(...(args as Parameters<LogFn>));
  }
  warn(...args: unknown[]): void {
    this.real().warn(...(args as Parameters<LogFn>));
  }
  info(...args: unknown[]): void {
    this.real().info(...(args as Parameters<LogFn>));
  }
  debug(...args: unknown[]): void {
    this.real().debug(...(args as Parameters<LogFn>));
  }
  trace(...args: unknown[]): void {
    this.real().trace(...(args as Parameters<LogFn>));
  }
  silent(...args: unknown[]): void {
    this.real().silent(...(args as Parameters<LogFn>));
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
}
