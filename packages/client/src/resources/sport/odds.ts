/** `client.<sport>.odds`: one match's prices across bookmakers (plans with odds). */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { RequestOptions } from "../../core/transport.js";
import type { OddsLine, OddsListParams } from "../../types.js";
import { SportResource } from "../resource.js";

export class Odds extends SportResource {
  /** `GET /v1/{sport}/odds?match_id=`: pre-match and live lines, with a consensus per market. */
  list(params: OddsListParams, options?: RequestOptions): APIPromise<ListResponse<OddsLine>> {
    return this.whole(`${this.base}/odds`, params, options);
  }
}
