/**
 * Paginated lists. A list call returns a `PagePromise`: await it for the first page (`data`,
 * `pagination`, `hasNextPage()`, `getNextPage()`), or iterate it with `for await` to walk every
 * item of every page, fetching each page when the previous one is used up.
 *
 * `Page` follows page numbers (`page` < `total_pages`); `CursorPage` follows
 * `pagination.next_cursor` until it is null (history).
 */
import { APIPromise } from "./api-promise.js";
import { type Envelope, envelopeOf, type Meta, type Pagination } from "./envelope.js";
import { ScorelineError } from "./errors.js";
import type { RawResponse, RequestOptions, RequestSpec, Transport } from "./transport.js";

/** What it takes to ask for another page: the same call with other query values. */
export interface PageRequest {
  transport: Transport;
  spec: RequestSpec;
  options: RequestOptions;
}

export abstract class AbstractPage<Item> implements AsyncIterable<Item> {
  readonly data: Item[];
  readonly meta: Meta;
  readonly pagination: Pagination;
  protected readonly request: PageRequest;

  constructor(request: PageRequest, envelope: Envelope<Item[]>) {
    this.request = request;
    this.data = envelope.data;
    this.meta = envelope.meta;
    this.pagination = envelope.pagination ?? {
      page: 1,
      per_page: envelope.data.length,
      total_pages: 1,
      total_results: envelope.data.length,
      total: envelope.data.length,
    };
  }

  abstract hasNextPage(): boolean;

  /** The query values that ask for the next page. */
  protected abstract nextQuery(): Record<string, unknown>;

  /** Another page of the same kind from a raw answer. */
  protected abstract make(request: PageRequest, raw: RawResponse): this;

  /** The next page; throws when there is none (check `hasNextPage()` first). */
  getNextPage(): APIPromise<this> {
    if (!this.hasNextPage()) throw new ScorelineError("there is no next page");
    const spec = {
      ...this.request.spec,
      query: { ...this.request.spec.query, ...this.nextQuery() },
    };
    const request = { ...this.request, spec };
    return new APIPromise(request.transport.request(spec, request.options), (raw) =>
      this.make(request, raw),
    );
  }

  /** This page, then every following one. */
  async *iterPages(): AsyncGenerator<this> {
    let page: this = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Every item of this page and the pages after it. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** A page-numbered list (`page`, `per_page`, `total_pages`). */
export class Page<Item> extends AbstractPage<Item> {
  hasNextPage(): boolean {
    return this.data.length > 0 && this.pagination.page < this.pagination.total_pages;
  }

  protected nextQuery(): Record<string, unknown> {
    return { page: this.pagination.page + 1 };
  }

  protected make(request: PageRequest, raw: RawResponse): this {
    return new Page<Item>(request, envelopeOf<Item[]>(raw)) as this;
  }
}

/** A list paged by an opaque cursor (`pagination.next_cursor`, null on the last page). */
export class CursorPage<Item> extends AbstractPage<Item> {
  hasNextPage(): boolean {
    return typeof this.pagination.next_cursor === "string";
  }

  protected nextQuery(): Record<string, unknown> {
    return { cursor: this.pagination.next_cursor, page: undefined };
  }

  protected make(request: PageRequest, raw: RawResponse): this {
    return new CursorPage<Item>(request, envelopeOf<Item[]>(raw)) as this;
  }
}

/** A promise of a list's first page that is also an async iterable over every item. */
export class PagePromise<P extends AbstractPage<Item>, Item>
  extends APIPromise<P>
  implements AsyncIterable<Item>
{
  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const first = await this;
    yield* first;
  }
}

type PageClass = new <Item>(request: PageRequest, envelope: Envelope<Item[]>) => AbstractPage<Item>;

/** Starts a list call: its first page, as a `PagePromise`. */
export function requestPage<P extends AbstractPage<Item>, Item>(
  Kind: PageClass,
  transport: Transport,
  spec: RequestSpec,
  options: RequestOptions = {},
): PagePromise<P, Item> {
  const request: PageRequest = { transport, spec, options };
  return new PagePromise<P, Item>(
    transport.request(spec, options),
    (raw) => new Kind<Item>(request, envelopeOf<Item[]>(raw)) as P,
  );
}
