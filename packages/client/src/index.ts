/**
 * `@scoreline/client`: the typed client for the Scoreline sports data API.
 *
 * ```ts
 * import { Scoreline } from "@scoreline/client";
 * const client = new Scoreline({ apiKey: process.env.SCORELINE_API_KEY });
 * for await (const fixture of client.football.fixtures.list({ league: "premier-division" })) {
 *   console.log(fixture.home_team, "v", fixture.away_team);
 * }
 * ```
 */
export { Scoreline, Scoreline as default } from "./client.js";
export type { APIPromise, WithResponse } from "./core/api-promise.js";
export type { ListResponse, Meta, Pagination } from "./core/envelope.js";
export {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  type ErrorDetail,
  InternalServerError,
  InvalidParameterError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  QuotaExceededError,
  RateLimitError,
  ScorelineError,
  ServiceUnavailableError,
  UnsupportedVersionError,
} from "./core/errors.js";
export type { ExportPromise } from "./core/export-stream.js";
export type { Quota, RateLimit } from "./core/limits.js";
export type { ClientOptions } from "./core/options.js";
export { AbstractPage, CursorPage, Page, type PagePromise } from "./core/pagination.js";
export type { Clock } from "./core/runtime.js";
export type { RequestOptions } from "./core/transport.js";
export type * from "./events.js";
export type { Sports, Usage } from "./resources/account.js";
export type { Competitions, Countries, Players, Teams } from "./resources/sport/directory.js";
export type { Fixtures } from "./resources/sport/fixtures.js";
export type { HeadToHeadResponse } from "./resources/sport/head-to-head.js";
export type { History } from "./resources/sport/history.js";
export type { Live, Results, Standings } from "./resources/sport/live.js";
export type { Odds } from "./resources/sport/odds.js";
export type { Statistics } from "./resources/sport/statistics.js";
export type { SportClient } from "./resources/sport.js";
export type { Stream, StreamConnectOptions } from "./resources/stream.js";
export type { WebhookDeliveries, Webhooks } from "./resources/webhooks.js";
export * from "./stream/index.js";
export type * from "./types.js";
export { VERSION } from "./version.js";
export * from "./webhooks/index.js";
