/**
 * `client.<sport>.fixtures`: the schedule, one fixture in full (with `include` and `timezone`),
 * its lineups and its events.
 */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { Page, PagePromise } from "../../core/pagination.js";
import { segment } from "../../core/query.js";
import type { RequestOptions } from "../../core/transport.js";
import type {
  Fixture,
  FixtureDetail,
  FixtureInclude,
  FixtureListParams,
  FixtureRetrieveParams,
  FixtureWithIncluded,
  Lineups,
  MatchEvent,
} from "../../types.js";
import { paramsAndOptions, SportResource } from "../resource.js";

export class Fixtures extends SportResource {
  /**
   * `GET /v1/{sport}/fixtures`: without date filters, today to today + 14 days. With
   * `timezone`, the dates are that zone's days and each fixture carries `kickoff_local`.
   */
  list(params?: FixtureListParams, options?: RequestOptions): PagePromise<Page<Fixture>, Fixture> {
    return this.paged(`${this.base}/fixtures`, params, options);
  }

  /** `GET /v1/{sport}/fixtures/{id}`: officials, broadcast and links included. */
  retrieve(fixtureId: string, options?: RequestOptions): APIPromise<FixtureDetail>;
  /**
   * With `include` (`["lineups", "events", "odds", "statistics"]`, any of them) the answer's
   * `included` holds those parts, typed as present; odds need a plan with odds (else a
   * `PermissionError`). With `timezone`, `kickoff_local` is the kickoff on that zone's clock.
   */
  retrieve<const I extends FixtureInclude = never>(
    fixtureId: string,
    params: FixtureRetrieveParams<I>,
    options?: RequestOptions,
  ): APIPromise<FixtureWithIncluded<I>>;
  retrieve(
    fixtureId: string,
    paramsOrOptions?: FixtureRetrieveParams | RequestOptions,
    options?: RequestOptions,
  ): APIPromise<FixtureDetail> {
    const [params, own] = paramsAndOptions<FixtureRetrieveParams>(paramsOrOptions, options, [
      "include",
      "timezone",
    ]);
    return this.one(`${this.base}/fixtures/${segment(fixtureId)}`, params, own);
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
