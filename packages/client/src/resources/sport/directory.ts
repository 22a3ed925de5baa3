/** `client.<sport>.teams`, `.players`, `.competitions` and `.countries`: the sport's directory. */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { Page, PagePromise } from "../../core/pagination.js";
import { segment } from "../../core/query.js";
import type { RequestOptions } from "../../core/transport.js";
import type {
  Competition,
  CompetitionListParams,
  Country,
  Player,
  PlayerDetail,
  PlayerListParams,
  Team,
  TeamDetail,
  TeamInclude,
  TeamListParams,
  TeamRetrieveParams,
  TeamWithIncluded,
} from "../../types.js";
import { paramsAndOptions, SportResource } from "../resource.js";

export class Teams extends SportResource {
  /** `GET /v1/{sport}/teams`. */
  list(params?: TeamListParams, options?: RequestOptions): PagePromise<Page<Team>, Team> {
    return this.paged(`${this.base}/teams`, params, options);
  }

  /** `GET /v1/{sport}/teams/{id}`: the profile with squad and competitions. */
  retrieve(teamId: string, options?: RequestOptions): APIPromise<TeamDetail>;
  /** With `include: ["squad"]`, `included.squad` is every player as `players.list` gives them. */
  retrieve<const I extends TeamInclude = never>(
    teamId: string,
    params: TeamRetrieveParams<I>,
    options?: RequestOptions,
  ): APIPromise<TeamWithIncluded<I>>;
  retrieve(
    teamId: string,
    paramsOrOptions?: TeamRetrieveParams | RequestOptions,
    options?: RequestOptions,
  ): APIPromise<TeamDetail> {
    const [params, own] = paramsAndOptions<TeamRetrieveParams>(paramsOrOptions, options, [
      "include",
    ]);
    return this.one(`${this.base}/teams/${segment(teamId)}`, params, own);
  }
}

export class Players extends SportResource {
  /** `GET /v1/{sport}/players`. */
  list(params?: PlayerListParams, options?: RequestOptions): PagePromise<Page<Player>, Player> {
    return this.paged(`${this.base}/players`, params, options);
  }

  /** `GET /v1/{sport}/players/{id}`: the profile with season statistics. */
  retrieve(playerId: string, options?: RequestOptions): APIPromise<PlayerDetail> {
    return this.one(`${this.base}/players/${segment(playerId)}`, undefined, options);
  }
}

export class Competitions extends SportResource {
  /** `GET /v1/{sport}/competitions`: leagues, tournaments and cups. */
  list(
    params?: CompetitionListParams,
    options?: RequestOptions,
  ): PagePromise<Page<Competition>, Competition> {
    return this.paged(`${this.base}/competitions`, params, options);
  }
}

export class Countries extends SportResource {
  /** `GET /v1/{sport}/countries`. */
  list(options?: RequestOptions): APIPromise<ListResponse<Country>> {
    return this.whole(`${this.base}/countries`, undefined, options);
  }
}
