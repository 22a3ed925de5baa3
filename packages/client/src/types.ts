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
/** One ranked row of `statistics.leaders`: `rank` (ties share one), `value`, the season row. */
export type StatisticsLeader = ItemOf<"listStatisticsLeaders">;
/** Two sides' `record`, `upcoming` meetings and one page of past `meetings`. */
export type HeadToHead = DataOf<"getHeadToHead">;
export type MatchEvent = ItemOf<"listFixtureEvents">;
export type Lineups = DataOf<"getFixtureLineups">;
export type Team = ItemOf<"listTeams">;
export type TeamDetail = DataOf<"getTeam">;
export type Player = ItemOf<"listPlayers">;
export type PlayerDetail = DataOf<"getPlayer">;
export type Competition = ItemOf<"listCompetitions">;
export type Country = ItemOf<"listCountries">;
/** One hit of `client.search`: `type`, `id`, `sport`, `name`, `score`, `country?` and `link`. */
export type SearchHit = ItemOf<"search">;
/** The kinds of hit: `team`, `player`, `competition`, `venue`. */
export type SearchHitType = SearchHit["type"];
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

/** What `include` embeds in a fixture, under `included`: each part the data of its own endpoint. */
export type FixtureIncluded = NonNullable<FixtureDetail["included"]>;
/** A name `fixtures.retrieve` takes in `include`: `lineups`, `events`, `odds`, `statistics`. */
export type FixtureInclude = keyof FixtureIncluded;
/** What `include` embeds in a team profile, under `included`. */
export type TeamIncluded = NonNullable<TeamDetail["included"]>;
/** A name `teams.retrieve` takes in `include`: `squad`. */
export type TeamInclude = keyof TeamIncluded;
/** A fixture whose `included` holds the parts asked for (each present, not optional). */
export type FixtureWithIncluded<I extends FixtureInclude> = [I] extends [never]
  ? FixtureDetail
  : FixtureDetail & { included: Required<Pick<FixtureIncluded, I>> };
/** A team profile whose `included` holds the parts asked for. */
export type TeamWithIncluded<I extends TeamInclude> = [I] extends [never]
  ? TeamDetail
  : TeamDetail & { included: Required<Pick<TeamIncluded, I>> };

export type FixtureListParams = QueryOf<"listFixtures">;
/** `fixtures.retrieve`: `include` as a list of names (sent comma-separated) and `timezone`. */
export type FixtureRetrieveParams<I extends FixtureInclude = FixtureInclude> = Omit<
  QueryOf<"getFixture">,
  "include"
> & { include?: readonly I[] };
/** `teams.retrieve`: `include` as a list of names. */
export type TeamRetrieveParams<I extends TeamInclude = TeamInclude> = Omit<
  QueryOf<"getTeam">,
  "include"
> & { include?: readonly I[] };
export type LiveListParams = QueryOf<"listLiveMatches">;
export type ResultListParams = QueryOf<"listResults">;
export type StandingsParams = QueryOf<"getStandings">;
export type OddsListParams = QueryOf<"listOdds">;
export type StatisticsListParams = QueryOf<"listStatistics">;
export type TeamStatisticsParams = QueryOf<"getTeamStatistics">;
export type PlayerStatisticsParams = QueryOf<"getPlayerStatistics">;
export type StatisticsLeadersParams = QueryOf<"listStatisticsLeaders">;
export type HeadToHeadParams = QueryOf<"getHeadToHead">;
export type TeamListParams = QueryOf<"listTeams">;
export type PlayerListParams = QueryOf<"listPlayers">;
export type CompetitionListParams = QueryOf<"listCompetitions">;
/** `client.search`: `type` as one kind or a list of kinds (sent comma-separated). */
export type SearchParams = Omit<QueryOf<"search">, "type"> & {
  type?: SearchHitType | readonly SearchHitType[];
};
/** History filters; paging is the client's business (`cursor` is followed for you). */
export type HistoryListParams = Omit<QueryOf<"listHistoryMatches">, "format" | "page" | "cursor">;
export type HistoryExportParams = Omit<HistoryListParams, "per_page">;
export type WebhookCreateParams = BodyOf<"createWebhook">;
export type WebhookUpdateParams = BodyOf<"updateWebhook">;
export type WebhookTestParams = BodyOf<"testWebhook">;
export type WebhookRecoverParams = BodyOf<"recoverWebhookDeliveries">;
export type WebhookDeliveryListParams = QueryOf<"listWebhookDeliveries">;
