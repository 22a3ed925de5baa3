/**
 * One HTTP exchange with the API, retried as `retry.ts` says: builds the URL and headers, runs
 * `fetch` under a per-attempt timeout and the caller's signal, and turns every non-2xx answer
 * into the `ScorelineError` subclass of its code.
 */
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  errorFromResponse,
  type ScorelineError,
} from "./errors.js";
import { type Quota, quotaOf, type RateLimit, rateLimitOf } from "./limits.js";
import { queryString } from "./query.js";
import { backoffSeconds, type Method, retriesStatus, retriesWithoutAnswer } from "./retry.js";
import type { Clock } from "./runtime.js";

/** Per-call options; each overrides the client's own. */
export interface RequestOptions {
  /** Retries after the first attempt (default: the client's, 2). */
  maxRetries?: number;
  /**
   * Milliseconds for each attempt, until the body is read (default: the client's, 60 000); for
   * an export, until its headers arrive — the download itself may take longer.
   */
  timeout?: number;
  /** Aborts the call, including any backoff wait (rejects with `APIUserAbortError`). */
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface TransportSettings {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: typeof fetch;
  maxRetries: number;
  timeout: number;
  /** Longest `Retry-After` (seconds) the client waits through before retrying. */
  maxRetryAfter: number;
  clock: Clock;
  headers: Record<string, string>;
}

export interface RequestSpec {
  method: Method;
  path: string;
  query?: object | undefined;
  body?: unknown;
  accept?: string;
  /** Hand the body over unread (an export): the timeout then ends when headers arrive. */
  stream?: boolean;
}

/** A 2xx answer, with the figures every answer carries. `text` is absent for streams. */
export interface RawResponse {
  response: Response;
  text: string | undefined;
  request_id: string | null;
  rate_limit: RateLimit | null;
  quota: Quota | null;
}

export class Transport {
  constructor(readonly settings: TransportSettings) {}

  async request(spec: RequestSpec, options: RequestOptions = {}): Promise<RawResponse> {
    const { clock } = this.settings;
    const maxRetries = options.maxRetries ?? this.settings.maxRetries;
    const url = `${this.settings.baseUrl}${spec.path}${queryString(spec.query)}`;
    for (let retry = 0; ; retry++) {
      const left = maxRetries - retry;
      let failure: ScorelineError;
      let wait: number | undefined;
      try {
        const answer = await this.attempt(url, spec, options);
        if (answer.response.ok) return answer;
        failure = errorFromResponse(
          answer.response.status,
          answer.response.headers,
          parseMaybe(answer.text),
          clock.now(),
        );
        if (left <= 0 || !retriesStatus(spec.method, answer.response.status)) throw failure;
        const retryAfter = (failure as { retry_after?: number }).retry_after;
        if (retryAfter !== undefined && retryAfter > this.settings.maxRetryAfter) throw failure;
        wait = retryAfter;
      } catch (error) {
        if (!(error instanceof APIConnectionError)) throw error;
        if (left <= 0 || !retriesWithoutAnswer(spec.method)) throw error;
        failure = error;
      }
      try {
        await clock.sleep((wait ?? backoffSeconds(retry)) * 1000, options.signal);
      } catch {
        throw new APIUserAbortError("the request was aborted", { cause: failure });
      }
    }
  }

  /** One try: a 2xx or error answer, or an `APIConnectionError` (timeouts included). */
  private async attempt(
    url: string,
    spec: RequestSpec,
    options: RequestOptions,
  ): Promise<RawResponse> {
    const timeout = options.timeout ?? this.settings.timeout;
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) throw new APIUserAbortError("the request was aborted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    try {
      const response = await this.settings.fetch(url, {
        method: spec.method,
        headers: this.headers(spec, options),
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        signal: controller.signal,
      });
      const streamed = spec.stream === true && response.ok;
      const text = streamed ? undefined : await response.text();
      return {
        response,
        text,
        request_id: response.headers.get("x-request-id"),
        rate_limit: rateLimitOf(response.headers),
        quota: quotaOf(response.headers),
      };
    } catch (error) {
      if (options.signal?.aborted) {
        throw new APIUserAbortError("the request was aborted", { cause: error });
      }
      if (timedOut) {
        throw new APITimeoutError(`no answer within ${timeout} ms: ${spec.method} ${url}`, {
          cause: error,
        });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new APIConnectionError(`connection error: ${reason} (${spec.method} ${url})`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  private headers(spec: RequestSpec, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      accept: spec.accept ?? "application/json",
      ...this.settings.headers,
    };
    if (this.settings.apiKey !== undefined) {
      headers.authorization = `Bearer ${this.settings.apiKey}`;
    }
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    return { ...headers, ...options.headers };
  }
}

function parseMaybe(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
