/** `client.<sport>.headToHead(...)`: two sides' record, upcoming and past meetings. */
import { APIPromise } from "../../core/api-promise.js";
import { envelopeOf, type Meta, type Pagination } from "../../core/envelope.js";
import type { RequestOptions } from "../../core/transport.js";
import type { HeadToHead, HeadToHeadParams } from "../../types.js";
import { SportResource } from "../resource.js";

/** The answer: `data`, `meta`, and `pagination` of `data.meetings` (ask for `page` to go on). */
export interface HeadToHeadResponse {
  data: HeadToHead;
  meta: Meta;
  pagination: Pagination;
}

export class HeadToHeadResource extends SportResource {
  /** `GET /v1/{sport}/head-to-head`. */
  retrieve(params: HeadToHeadParams, options?: RequestOptions): APIPromise<HeadToHeadResponse> {
    const raw = this.transport.request(
      { method: "GET", path: `${this.base}/head-to-head`, query: params },
      options,
    );
    return new APIPromise(raw, (response) => {
      const { data, meta, pagination } = envelopeOf<HeadToHead>(response);
      const meetings = data.meetings.length;
      return {
        data,
        meta,
        pagination: pagination ?? {
          page: 1,
          per_page: meetings,
          total_pages: 1,
          total_results: meetings,
          total: meetings,
        },
      };
    });
  }
}
