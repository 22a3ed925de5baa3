/**
 * Row shapes of every table, as stored. Both dialects store timestamps as fixed-width ISO 8601
 * UTC text (`2026-11-21T10:00:00Z`, so text order is time order), booleans as 0/1 and JSON as
 * text; `json-columns.ts` lists which columns hold JSON.
 */
import type { ColumnType, Generated } from "kysely";
import type { AccountTables } from "./account-tables.js";

/** A JSON document stored as text. */
type Json = string;

interface CountriesTable {
  code: string;
  name: string;
  updated_at: string;
}

export interface CompetitionsTable {
  id: string;
  sport: string;
  slug: string;
  name: string;
  country_code: string;
  tier: number;
  /** league, cup, tournament, meeting, event, tour */
  type: string;
  gender: string;
  current_season_id: string | null;
  /** Sport rule overrides, e.g. `{"tie_breakers": [...]}`. */
  rules: Json;
  /** Where the data came from (`sample`, `openfootball`, `feed`), for attribution. */
  source: string;
  search_name: string;
  updated_at: string;
}

export interface SeasonsTable {
  id: string;
  sport: string;
  competition_id: string;
  name: string;
  start_date: string;
  end_date: string;
  updated_at: string;
}

export interface TeamsTable {
  id: string;
  sport: string;
  slug: string;
  name: string;
  short_name: string;
  abbreviation: string;
  /** `team`, or `individual` for a tennis player or a fighter competing alone. */
  kind: string;
  country_code: string | null;
  city: string | null;
  founded: number | null;
  venue: Json | null;
  /** For `individual` competitors: the player this competitor is. */
  player_id: string | null;
  search_name: string;
  updated_at: string;
}

interface TeamCompetitionsTable {
  team_id: string;
  competition_id: string;
  season_id: string;
  /** The team's groups that season, broadest first (`[{kind, name}]`, see `TeamGroup`), or null. */
  groups?: Json | null;
  /** The team's name that season when it differs from its current name (relocations, renames). */
  team_name?: string | null;
}

export interface PlayersTable {
  id: string;
  sport: string;
  team_id: string | null;
  slug: string;
  name: string;
  first_name: string;
  last_name: string;
  position: string | null;
  nationality: string | null;
  date_of_birth: string | null;
  shirt_number: number | null;
  height_cm: number | null;
  /** Sport-specific profile fields (handedness, stance, weight class, record). */
  detail: Json;
  search_name: string;
  updated_at: string;
}

interface FixturesTable {
  id: string;
  sport: string;
  competition_id: string;
  season_id: string;
  round: string | null;
  kickoff: string;
  status: string;
  period: string | null;
  minute: number | null;
  home_team_id: string | null;
  away_team_id: string | null;
  venue: string | null;
  officials: Json;
  broadcast: Json;
  /** Sport-shaped score (see sports/types.ts `Score`); null before it starts. */
  score: Json | null;
  /** Headline numbers copied out of `score` for indexes and standings. */
  home_score: number | null;
  away_score: number | null;
  /** `{outcome, winner_team_id, decided_by, text}` once finished. */
  result: Json | null;
  /** Field sports (golf, horse racing): runners or golfers with their places. */
  participants: Json | null;
  last_event: Json | null;
  /** Sequence of the latest match event (0 = none). */
  sequence: number;
  source: string;
  created_at: string;
  updated_at: string;
}

interface MatchEventsTable {
  id: string;
  sport: string;
  fixture_id: string;
  sequence: number;
  type: string;
  period: string | null;
  minute: number | null;
  team_id: string | null;
  player_id: string | null;
  /** The assist, the player substituted off, the fielder… */
  related_player_id: string | null;
  detail: Json;
  /** Score after this event. */
  score: Json | null;
  /** `active`, or `retracted` (a disallowed goal); corrections keep `active`. */
  state: string;
  created_at: string;
  updated_at: string;
}

interface LineupsTable {
  fixture_id: string;
  team_id: string;
  sport: string;
  formation: string | null;
  coach: string | null;
  /** `[{player_id, name, position, shirt_number}]` */
  starters: Json;
  substitutes: Json;
  updated_at: string;
}

interface TeamSeasonStatsTable {
  sport: string;
  team_id: string;
  competition_id: string;
  season_id: string;
  stats: Json;
  updated_at: string;
}

interface PlayerSeasonStatsTable {
  sport: string;
  player_id: string;
  team_id: string | null;
  competition_id: string;
  season_id: string;
  stats: Json;
  updated_at: string;
}

interface StandingsAdjustmentsTable {
  id: string;
  sport: string;
  competition_id: string;
  season_id: string;
  team_id: string;
  /** Points deducted (positive number). */
  points: number;
  reason: string;
  created_at: string;
}

/** A league table kept on write (ADR-0033): one row per team of a competition season. */
interface StandingsRowsTable {
  sport: string;
  competition_id: string;
  season_id: string;
  team_id: string;
  position: number;
  /** The row as the API answers it (`StandingsRow` and `deduction_reasons`), as JSON. */
  entry: Json;
  updated_at: string;
}

interface BookmakersTable {
  slug: string;
  name: string;
  /** The price format the bookmaker's own feed uses before normalisation. */
  native_format: string;
}

export interface OddsTable {
  sport: string;
  fixture_id: string;
  bookmaker: string;
  /** Canonical market key: 1x2, totals, handicap, moneyline, btts, player_props. */
  market: string;
  /** `market|subject|line`: unique identity of one price line. */
  market_key: string;
  /** For player props: the player; otherwise empty. */
  subject: string;
  line: number | null;
  /** home, draw, away, over, under, yes, no. */
  selection: string;
  /** Decimal price now. */
  price: number;
  opening_price: number;
  opened_at: string;
  updated_at: string;
  is_live: number;
  /** The price when this line last fired `odds.moved` (the opening price until then). */
  reference_price?: number | null;
}

export interface DomainEventsTable {
  /** Log position, assigned by the database in insertion order. */
  position: Generated<number>;
  /** `event_id` of the payload: stable across webhook retries and stream replays. */
  id: string;
  type: string;
  sport: string;
  fixture_id: string | null;
  competition_id: string | null;
  /** Per-fixture sequence (fixtures.sequence after this event). */
  sequence: number;
  /** The payload webhooks and the stream send, as JSON. */
  payload: Json;
  created_at: string;
}

interface FeedMessagesTable {
  /** The producer's message id; a message with an id seen here is acknowledged, not re-applied. */
  id: string;
  type: string;
  sport: string;
  applied_at: string;
}

export interface WebhookSubscriptionsTable {
  id: string;
  account_id: string;
  url: string;
  /** JSON array of event types. */
  events: Json;
  sport: string | null;
  /** JSON arrays of competition ids / slugs and fixture ids; empty = all. */
  leagues: Json;
  matches: Json;
  odds_threshold: number;
  description: string | null;
  /** `whsec_…`; kept to sign (an HMAC needs the secret itself). */
  secret: string;
  /** After a rotation the old secret also signs until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  /** When the current run of failed deliveries began (null while deliveries succeed). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  /** The exact bytes sent (and signed). */
  body: string;
  /** `pending` (an attempt is due at next_attempt_at), `succeeded`, `failed`. */
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  /** The worker holding it while an attempt is in flight, until lease_expires_at. */
  lease_owner: string | null;
  lease_expires_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  delivery_id: string;
  attempt: number;
  attempted_at: string;
  /** HTTP status, 0 for a network error or a refused address. */
  status: number;
  duration_ms: number;
  error: string | null;
  /** The first 2 KB of the response body. */
  response_body: string | null;
  next_attempt_at: string | null;
  /** 1 for an attempt asked for through the retry endpoint. */
  manual: number;
}

interface WebhookOddsReferencesTable {
  subscription_id: string;
  /** `fixture|bookmaker|market|line|subject|selection` */
  line: string;
  reference_price: number;
}

interface StoreMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<string, string, string>;
}

/** Every table; the accounts side (keys, usage, dashboard sign-in) is in `account-tables.ts`. */
export interface Tables extends AccountTables {
  countries: CountriesTable;
  competitions: CompetitionsTable;
  seasons: SeasonsTable;
  teams: TeamsTable;
  team_competitions: TeamCompetitionsTable;
  players: PlayersTable;
  fixtures: FixturesTable;
  match_events: MatchEventsTable;
  lineups: LineupsTable;
  team_season_stats: TeamSeasonStatsTable;
  player_season_stats: PlayerSeasonStatsTable;
  standings_adjustments: StandingsAdjustmentsTable;
  standings_rows: StandingsRowsTable;
  bookmakers: BookmakersTable;
  odds: OddsTable;
  store_meta: StoreMetaTable;
  domain_events: DomainEventsTable;
  feed_messages: FeedMessagesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_odds_references: WebhookOddsReferencesTable;
}

export type TableName = keyof Tables;
