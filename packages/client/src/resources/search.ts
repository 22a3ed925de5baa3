/** `client.search(...)`: teams, players, competitions and venues of every sport, by name. */
import type { Page, PagePromise } from "../core/pagination.js";
import type { RequestOptions } from "../core/transport.js";
import type { SearchHit, SearchParams } from "../types.js";
import { Resource } from "./resource.js";

export class Search extends Resource {
  /** `GET /v1/search`: ranked hits, each with its sport and the API path of its resource. */
  query(params: SearchParams, options?: RequestOptions): PagePromise<Page<SearchHit>, SearchHit> {
    return this.paged("/v1/search", params, options);
  }
}
