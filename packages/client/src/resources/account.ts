/** `client.sports` and `client.usage`: what the API covers, and what this key has used. */
import type { APIPromise } from "../core/api-promise.js";
import type { ListResponse } from "../core/envelope.js";
import type { RequestOptions } from "../core/transport.js";
import type { SportInfo, Usage as UsageData } from "../types.js";
import { Resource } from "./resource.js";

export class Sports extends Resource {
  /** `GET /v1/sports`: the ten sports with their status, period and event vocabularies. */
  list(options?: RequestOptions): APIPromise<ListResponse<SportInfo>> {
    return this.whole("/v1/sports", undefined, options);
  }
}

export class Usage extends Resource {
  /** `GET /v1/usage`: this key's window, month to date, overage and daily history. */
  retrieve(options?: RequestOptions): APIPromise<UsageData> {
    return this.one("/v1/usage", undefined, options);
  }
}
