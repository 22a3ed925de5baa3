/**
 * The base of every resource class: the four shapes a call can have — one resource, a whole
 * list, a page-numbered list, a cursor-paged list — over the shared transport.
 */
import { APIPromise } from "../core/api-promise.js";
import { dataOf, type ListResponse, listOf } from "../core/envelope.js";
import { CursorPage, Page, type PagePromise, requestPage } from "../core/pagination.js";
import type { Method } from "../core/retry.js";
import type { RequestOptions, Transport } from "../core/transport.js";

/**
 * The `(id, params, options)` of a method that once took `(id, options)`: a second argument
 * naming none of the method's parameters (and with no third) is still read as the options.
 */
export function paramsAndOptions<Params extends object>(
  first: Params | RequestOptions | undefined,
  second: RequestOptions | undefined,
  names: readonly (keyof Params & string)[],
): [Params | undefined, RequestOptions | undefined] {
  if (first === undefined) return [undefined, second];
  const isParams =
    second !== undefined ||
    Object.keys(first).some((key) => (names as readonly string[]).includes(key));
  return isParams ? [first as Params, second] : [undefined, first as RequestOptions];
}

export abstract class Resource {
  protected readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /** One resource: the envelope's `data`. */
  protected one<T>(
    path: string,
    query?: object,
    options?: RequestOptions,
    method: Method = "GET",
    body?: unknown,
  ): APIPromise<T> {
    const raw = this.transport.request({ method, path, query, body }, options);
    return new APIPromise(raw, dataOf<T>);
  }

  /** A list that comes whole. */
  protected whole<Item>(
    path: string,
    query?: object,
    options?: RequestOptions,
  ): APIPromise<ListResponse<Item>> {
    return new APIPromise(
      this.transport.request({ method: "GET", path, query }, options),
      listOf<Item>,
    );
  }

  protected paged<Item>(
    path: string,
    query?: object,
    options?: RequestOptions,
  ): PagePromise<Page<Item>, Item> {
    return requestPage(Page, this.transport, { method: "GET", path, query }, options);
  }

  protected cursorPaged<Item>(
    path: string,
    query?: object,
    options?: RequestOptions,
  ): PagePromise<CursorPage<Item>, Item> {
    return requestPage(CursorPage, this.transport, { method: "GET", path, query }, options);
  }
}

/** A resource under one sport: paths start with `/v1/{sport}`. */
export abstract class SportResource extends Resource {
  protected readonly base: string;

  constructor(transport: Transport, sport: string) {
    super(transport);
    this.base = `/v1/${sport}`;
  }
}
