/** `client.<sport>.statistics`: season statistics of teams and players. */
import type { APIPromise } from "../../core/api-promise.js";
import type { ListResponse } from "../../core/envelope.js";
import type { Page, PagePromise } from "../../core/pagination.js";
import { segment } from "../../core/query.js";
import type { RequestOptions } from "../../core/transport.js";
import type {
  PlayerStatistics,
  PlayerStatisticsParams,
  StatisticsEntry,
  StatisticsLeader,
  StatisticsLeadersParams,
  StatisticsListParams,
  TeamStatistics,
  TeamStatisticsParams,
} from "../../types.js";
import { SportResource } from "../resource.js";

export class Statistics extends SportResource {
  /** `GET /v1/{sport}/statistics`: team and player statistics of the current season. */
  list(
    params?: StatisticsListParams,
    options?: RequestOptions,
  ): PagePromise<Page<StatisticsEntry>, StatisticsEntry> {
    return this.paged(`${this.base}/statistics`, params, options);
  }

  /**
   * `GET /v1/{sport}/statistics/leaders`: the top players (or `type: "team"`) for one `stat`
   * (the sport's `leader_stats` in `sports.list()`), ranked with ties sharing a rank; `meta`
   * carries `stat`, `order` and the rate's `qualifier`.
   */
  leaders(
    params: StatisticsLeadersParams,
    options?: RequestOptions,
  ): APIPromise<ListResponse<StatisticsLeader>> {
    return this.whole(`${this.base}/statistics/leaders`, params, options);
  }

  /** `GET /v1/{sport}/statistics/team/{team_id}`. */
  team(
    teamId: string,
    params?: TeamStatisticsParams,
    options?: RequestOptions,
  ): APIPromise<TeamStatistics> {
    return this.one(`${this.base}/statistics/team/${segment(teamId)}`, params, options);
  }

  /** `GET /v1/{sport}/statistics/player/{player_id}`. */
  player(
    playerId: string,
    params?: PlayerStatisticsParams,
    options?: RequestOptions,
  ): APIPromise<PlayerStatistics> {
    return this.one(`${this.base}/statistics/player/${segment(playerId)}`, params, options);
  }
}
