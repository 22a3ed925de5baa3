/** The client's options, and turning them into settings (defaults, environment, the browser guard). */

import type { WebSocketConstructor } from "../stream/websocket.js";
import { ScorelineError } from "./errors.js";
import { type Clock, isBrowser, readEnv, realClock } from "./runtime.js";

export interface ClientOptions {
  /**
   * The API key (`sl_live_…`, or a personal sandbox key `sl_test_…`). Defaults to the
   * `SCORELINE_API_KEY` environment variable where there is one (not on the sandbox, which
   * needs no key).
   */
  apiKey?: string | undefined;
  /** The REST host (default `https://api.scoreline.dev`, or `SCORELINE_BASE_URL`). */
  baseUrl?: string | undefined;
  /**
   * The stream endpoint, `/v1` included (default `SCORELINE_STREAM_URL` or
   * `wss://stream.scoreline.dev/v1`; on the sandbox
   * `<baseUrl>/v1/stream` with a ws scheme).
   */
  streamUrl?: string | undefined;
  /**
   * Use the keyless sandbox host (`https://sandbox.scoreline.dev` unless `baseUrl` is set); the
   * `SCORELINE_*` environment variables, which name the real host, are not read.
   */
  sandbox?: boolean | undefined;
  /** Retries after a failed attempt (default 2). */
  maxRetries?: number | undefined;
  /** Milliseconds per attempt (default 60 000). */
  timeout?: number | undefined;
  /** Longest `Retry-After`, in seconds, the client waits through before retrying (default 60). */
  maxRetryAfter?: number | undefined;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch | undefined;
  /** A WebSocket constructor for the stream (default: the global one, or `ws` on Node 20). */
  WebSocket?: WebSocketConstructor | undefined;
  /**
   * Allow a live key (`sl_live_…`) in a browser. Keys belong on servers: anyone who opens the
   * page can read a key shipped to it. Use the sandbox or a server-side proxy instead.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string> | undefined;
  /** Time for backoff and rate-limit arithmetic (advanced: tests inject one that does not wait). */
  clock?: Clock | undefined;
}

const DEFAULT_BASE_URL = "https://api.scoreline.dev";
const DEFAULT_STREAM_URL = "wss://stream.scoreline.dev/v1";
const DEFAULT_SANDBOX_URL = "https://sandbox.scoreline.dev";

export interface ResolvedOptions {
  apiKey: string | undefined;
  baseUrl: string;
  streamUrl: string;
  sandbox: boolean;
  maxRetries: number;
  timeout: number;
  maxRetryAfter: number;
  fetch: typeof fetch;
  WebSocket: WebSocketConstructor | undefined;
  headers: Record<string, string>;
  clock: Clock;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new ScorelineError(`${name} must be a non-negative number, got ${value}`);
  }
  return value;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

export function resolveOptions(options: ClientOptions): ResolvedOptions {
  const sandbox = options.sandbox === true;
  // The environment names the real host and its key; the sandbox never picks them up.
  const apiKey = options.apiKey ?? (sandbox ? undefined : readEnv("SCORELINE_API_KEY"));
  if (!sandbox && apiKey === undefined) {
    throw new ScorelineError(
      "no API key: pass `apiKey` or set SCORELINE_API_KEY (or use `sandbox: true`, which needs none)",
    );
  }
  if (apiKey?.startsWith("sl_live_") && isBrowser() && options.dangerouslyAllowBrowser !== true) {
    throw new ScorelineError(
      "a live API key (sl_live_…) must not be used in a browser: anyone who opens the page can read it. " +
        "Call Scoreline from your server, use `sandbox: true`, or set `dangerouslyAllowBrowser: true` " +
        "if you understand the risk.",
    );
  }
  const baseUrl = trimSlash(
    options.baseUrl ??
      (sandbox ? DEFAULT_SANDBOX_URL : (readEnv("SCORELINE_BASE_URL") ?? DEFAULT_BASE_URL)),
  );
  const fetchFn = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchFn !== "function") {
    throw new ScorelineError("no fetch in this runtime: pass `fetch` in the options");
  }
  return {
    apiKey,
    baseUrl,
    streamUrl: trimSlash(
      options.streamUrl ??
        (sandbox
          ? sandboxStreamUrl(baseUrl)
          : (readEnv("SCORELINE_STREAM_URL") ?? DEFAULT_STREAM_URL)),
    ),
    sandbox,
    maxRetries: Math.floor(nonNegative("maxRetries", options.maxRetries, 2)),
    timeout: nonNegative("timeout", options.timeout, 60_000),
    maxRetryAfter: nonNegative("maxRetryAfter", options.maxRetryAfter, 60),
    fetch: fetchFn,
    WebSocket: options.WebSocket,
    headers: { ...options.defaultHeaders },
    clock: options.clock ?? realClock,
  };
}

/** The sandbox serves its stream on its own host (the real stream is a host of its own). */
function sandboxStreamUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, "ws")}/v1/stream`;
}
