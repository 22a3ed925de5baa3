/**
 * The resource, parameter and body types, named. Each is read from the types generated from the
 * server's OpenAPI document (`generated/openapi.ts`), so they are what the server really sends —
 * nullable fields included — and they change only when the server's document does.
 */
import type { operations } from "./generated/openapi.js";

type Operation = keyof operations;
type Json<Op extends Operation> = operations[Op]["responses"] extends infer R
  ? R extends { 200: { content: { "application/json": infer J } } }
    ? J
    : R extends { 201: { content: { "application/json": infer J } } }
      ? J
      : never
  : never;
type DataOf<Op extends Operation> = Json<Op> extends { data: infer D } ? D : never;
type ItemOf<Op extends Operation> = DataOf<Op> extends ReadonlyArray<infer I> ? I : never;
type QueryOf<Op extends Operation> = operations[Op]["parameters"] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
type BodyOf<Op extends Operation> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** A sport's path segment. */
export type SportSlug = operations["listFixtures"]["parameters"]["path"]["sport"];

export type SportInfo = ItemOf<"listSports">;
export type Fixture = ItemOf<"listFixtures">;
export type FixtureDetail = DataOf<"getFixture">;
export type LiveMatch = ItemOf<"listLiveMatches">;
export type Result = ItemOf<"listResults">;
export type HistoryMatch = ItemOf<"listHistoryMatches">;
export type StandingsRow = ItemOf<"getStandings">;
export type StatisticsEntry = ItemOf<"listStatistics">;
export type TeamStatistics = DataOf<"getTeamStatistics">;
export type PlayerStatistics = DataOf<"getPlayerStatistics">;
export type MatchEvent = ItemOf<"listFixtureEvents">;
export type Lineups = DataOf<"getFixtureLineups">;
export type Team = ItemOf<"listTeams">;
export type TeamDetail = DataOf<"getTeam">;
export type Player = ItemOf<"listPlayers">;
export type PlayerDetail = DataOf<"getPlayer">;
export type Competition = ItemOf<"listCompetitions">;
export type Country = ItemOf<"listCountries">;
export type OddsLine = ItemOf<"listOdds">;
export type Usage = DataOf<"getUsage">;
export type Webhook = DataOf<"getWebhook">;
/** A subscription as created or after a secret rotation: `secret` in full, shown this once. */
export type WebhookWithSecret = DataOf<"createWebhook">;
export type RotatedWebhookSecret = DataOf<"rotateWebhookSecret">;
export type DeletedWebhook = DataOf<"deleteWebhook">;
export type WebhookTestResult = DataOf<"testWebhook">;
export type WebhookDelivery = ItemOf<"listWebhookDeliveries">;
export type WebhookRetryResult = DataOf<"retryWebhookDelivery">;
export type WebhookRecoverResult = DataOf<"recoverWebhookDeliveries">;

export type FixtureListParams = QueryOf<"listFixtures">;
export type LiveListParams = QueryOf<"listLiveMatches">;
export type ResultListParams = QueryOf<"listResults">;
export type StandingsParams = QueryOf<"getStandings">;
export type OddsListParams = QueryOf<"listOdds">;
export type StatisticsListParams = QueryOf<"listStatistics">;
export type TeamStatisticsParams = QueryOf<"getTeamStatistics">;
export type PlayerStatisticsParams = QueryOf<"getPlayerStatistics">;
export type TeamListParams = QueryOf<"listTeams">;
export type PlayerListParams = QueryOf<"listPlayers">;
export type CompetitionListParams = QueryOf<"listCompetitions">;
/** History filters; paging is the client's business (`cursor` is followed for you). */
export type HistoryListParams = Omit<QueryOf<"listHistoryMatches">, "format" | "page" | "cursor">;
export type HistoryExportParams = Omit<HistoryListParams, "per_page">;
export type WebhookCreateParams = BodyOf<"createWebhook">;
export type WebhookUpdateParams = BodyOf<"updateWebhook">;
export type WebhookTestParams = BodyOf<"testWebhook">;
export type WebhookRecoverParams = BodyOf<"recoverWebhookDeliveries">;
export type WebhookDeliveryListParams = QueryOf<"listWebhookDeliveries">;
