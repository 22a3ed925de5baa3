/**
 * What every call returns: a promise of its result that can also give the HTTP answer behind it
 * (`withResponse()`), with the request id and the rate-limit and quota figures.
 */
import type { Quota, RateLimit } from "./limits.js";
import type { RawResponse } from "./transport.js";

export interface WithResponse<T> {
  data: T;
  response: Response;
  /** `X-Request-Id`: quote it to support. */
  request_id: string | null;
  /** This minute's window after the call (null on the keyless sandbox). */
  rate_limit: RateLimit | null;
  /** The monthly quota after the call (null when the plan has none). */
  quota: Quota | null;
}

export class APIPromise<T> implements PromiseLike<T> {
  readonly #raw: Promise<RawResponse>;
  readonly #parse: (raw: RawResponse) => T | Promise<T>;
  #parsed: Promise<WithResponse<T>> | undefined;

  constructor(raw: Promise<RawResponse>, parse: (raw: RawResponse) => T | Promise<T>) {
    this.#raw = raw;
    this.#parse = parse;
  }

  /** The result with the HTTP answer it came from. */
  withResponse(): Promise<WithResponse<T>> {
    this.#parsed ??= this.#raw.then(async (raw) => ({
      data: await this.#parse(raw),
      response: raw.response,
      request_id: raw.request_id,
      rate_limit: raw.rate_limit,
      quota: raw.quota,
    }));
    return this.#parsed;
  }

  // biome-ignore lint/suspicious/noThenProperty: this is a promise, so it has `then`
  then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.withResponse()
      .then(({ data }) => data)
      .then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return "APIPromise";
  }
}
