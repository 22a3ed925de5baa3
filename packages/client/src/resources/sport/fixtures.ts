/** `client.<sport>.fixtures`: the schedule, one fixture in full, its lineups and its events. */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { Page, PagePromise } from "../../core/pagination.js";
import { segment } from "../../core/query.js";
import type { RequestOptions } from "../../core/transport.js";
import type {
  Fixture,
  FixtureDetail,
  FixtureListParams,
  Lineups,
  MatchEvent,
} from "../../types.js";
import { SportResource } from "../resource.js";

export class Fixtures extends SportResource {
  /** `GET /v1/{sport}/fixtures`: without date filters, today to today + 14 days. */
  list(params?: FixtureListParams, options?: RequestOptions): PagePromise<Page<Fixture>, Fixture> {
    return this.paged(`${this.base}/fixtures`, params, options);
  }

  /** `GET /v1/{sport}/fixtures/{id}`: officials, broadcast and links included. */
  retrieve(fixtureId: string, options?: RequestOptions): APIPromise<FixtureDetail> {
    return this.one(`${this.base}/fixtures/${segment(fixtureId)}`, undefined, options);
  }

  /** `GET /v1/{sport}/fixtures/{id}/lineups`: starting lineups, formations, substitutes. */
  lineups(fixtureId: string, options?: RequestOptions): APIPromise<Lineups> {
    return this.one(`${this.base}/fixtures/${segment(fixtureId)}/lineups`, undefined, options);
  }

  /** `GET /v1/{sport}/fixtures/{id}/events`: the match's events in sequence. */
  events(fixtureId: string, options?: RequestOptions): APIPromise<ListResponse<MatchEvent>> {
    return this.whole(`${this.base}/fixtures/${segment(fixtureId)}/events`, undefined, options);
  }
}
