/** `client.<sport>.live`, `.results` and `.standings`: matches in play, finished ones, the table. */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { Page, PagePromise } from "../../core/pagination.js";
import type { RequestOptions } from "../../core/transport.js";
import type {
  LiveListParams,
  LiveMatch,
  Result,
  ResultListParams,
  StandingsParams,
  StandingsRow,
} from "../../types.js";
import { SportResource } from "../resource.js";

export class Live extends SportResource {
  /**
   * `GET /v1/{sport}/matches/live`: every match in play; `meta.updated_at` says when it changed.
   * With `timezone`, each match carries `kickoff_local`.
   */
  list(params?: LiveListParams, options?: RequestOptions): APIPromise<ListResponse<LiveMatch>> {
    return this.whole(`${this.base}/matches/live`, params, options);
  }
}

export class Results extends SportResource {
  /**
   * `GET /v1/{sport}/results`: finished matches with their final scores. With `timezone`, the
   * dates are that zone's days and each result carries `kickoff_local`.
   */
  list(params?: ResultListParams, options?: RequestOptions): PagePromise<Page<Result>, Result> {
    return this.paged(`${this.base}/results`, params, options);
  }
}

export class Standings extends SportResource {
  /** `GET /v1/{sport}/standings`: a competition's table (`league` is required). */
  retrieve(
    params: StandingsParams,
    options?: RequestOptions,
  ): APIPromise<ListResponse<StandingsRow>> {
    return this.whole(`${this.base}/standings`, params, options);
  }
}
