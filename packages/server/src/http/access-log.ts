/**
 * One access-log line per request, written when the response is complete: method, URL (with
 * `api_key`/`token` values redacted), status, duration and cache result, under the request id.
 * Replaces Fastify's two lines (incoming and completed) per request.
 */
import { redactUrl } from "../logger.js";
import type { App } from "./app-type.js";

export function installAccessLog(app: App): void {
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      cache: reply.getHeader("X-Cache"),
    };
    if (status >= 500) request.log.error(line, "request failed");
    else request.log.info(line, "request");
    done();
  });
}
