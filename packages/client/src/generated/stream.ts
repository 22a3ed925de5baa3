/**
 * Generated from docs/stream.asyncapi.yaml by scripts/generate-types.ts. Do not edit:
 * run `npm run generate -w @scoreline/client`.
 */
/**
 * {sport}.live, {sport}.odds (plans with odds), {sport}.fixtures or fixture.{fixture_id}
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "channelName".
 */
export type ChannelName = string;
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "channels".
 */
export type Channels = ChannelName | [ChannelName, ...ChannelName[]];
/**
 * The payload of one domain event: what the stream carries as an event's `data` and what a webhook delivers as its body, unchanged. Discriminated by `event`: each schema of the union fixes it to one value. Clients should ignore fields they do not know.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "EventPayload".
 */
export type EventPayload =
  | MatchStartedEvent
  | MatchGoalEvent
  | MatchFinishedEvent
  | OddsMovedEvent
  | FixtureUpdatedEvent
  | MatchLiveEvent
  | OddsChangedEvent
  | FixtureFinishedEvent;
/**
 * The fixture went live: play started.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "MatchStartedEvent".
 */
export type MatchStartedEvent = EventBase & {
  event: "match.started";
  home_team: TeamName;
  away_team: TeamName;
  home_team_id: TeamId;
  away_team_id: TeamId;
  kickoff: string;
  period: Period;
  score: Score;
  score_text: ScoreText;
  [k: string]: unknown | undefined;
};
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Sport".
 */
export type Sport =
  | "football"
  | "basketball"
  | "american-football"
  | "cricket"
  | "tennis"
  | "horse-racing"
  | "baseball"
  | "esports"
  | "golf"
  | "combat-sports";
/**
 * Null in field sports (golf, horse racing), which have participants instead of teams.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "TeamName".
 */
export type TeamName = string | null;
/**
 * Null in field sports (golf, horse racing), which have participants instead of teams.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "TeamId".
 */
export type TeamId = string | null;
/**
 * One of the sport's periods (GET /v1/sports lists them).
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Period".
 */
export type Period = string | null;
/**
 * The headline score, home and away, with the sport's detail beside it (sets, innings, periods…). Null before the start and in field sports.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Score".
 */
export type Score = {
  home: number;
  away: number;
  [k: string]: unknown | undefined;
} | null;
/**
 * The score as text, home first, e.g. "2-1"; null with no score.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "ScoreText".
 */
export type ScoreText = string | null;
/**
 * A scoring event was added: a goal, a basket, a try, an innings or a set ended, a finish.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "MatchGoalEvent".
 */
export type MatchGoalEvent = EventBase &
  MatchEventFields & {
    event: "match.goal";
    [k: string]: unknown | undefined;
  };
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Minute".
 */
export type Minute = number | null;
/**
 * The fixture finished (finished, awarded or walkover); comes with fixture.finished.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "MatchFinishedEvent".
 */
export type MatchFinishedEvent = EventBase & {
  event: "match.finished";
  home_team: TeamName;
  away_team: TeamName;
  home_team_id: TeamId;
  away_team_id: TeamId;
  /**
   * The final score as text, e.g. "2-1"; field sports: the result text.
   */
  final_score: string | null;
  result: Result;
  [k: string]: unknown | undefined;
};
/**
 * A price moved at least the threshold from its reference (its opening price, then the price of its last move).
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "OddsMovedEvent".
 */
export type OddsMovedEvent = EventBase &
  OddsLineFields & {
    event: "odds.moved";
    /**
     * @minItems 1
     */
    moves: [
      {
        selection: Selection;
        /**
         * Decimal price.
         */
        price: number;
        /**
         * The reference price the move is measured from.
         */
        previous_price: number;
        /**
         * Relative move, signed, 4 decimals (-0.288 is 28.8 % shorter).
         */
        change: number;
        [k: string]: unknown | undefined;
      },
      ...{
        selection: Selection;
        /**
         * Decimal price.
         */
        price: number;
        /**
         * The reference price the move is measured from.
         */
        previous_price: number;
        /**
         * Relative move, signed, 4 decimals (-0.288 is 28.8 % shorter).
         */
        change: number;
        [k: string]: unknown | undefined;
      }[],
    ];
    /**
     * The largest of the moves (signed).
     */
    change: number;
    /**
     * The relative move that fires this event.
     */
    threshold: number;
    [k: string]: unknown | undefined;
  };
/**
 * home, draw, away, over, under, yes, no; in outright markets a participant id.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Selection".
 */
export type Selection = string;
/**
 * The fixture changed: its status or period, its schedule (kickoff, venue, round…), a lineup, a score corrected by a retraction or correction, or a field sport's leaderboard. `changes` says what changed; the fields that go with a change (`previous_status` with a status or period change, `kickoff` and `venue` with a schedule change, `team_id` with a lineup) are present only then.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "FixtureUpdatedEvent".
 */
export type FixtureUpdatedEvent = EventBase & {
  event: "fixture.updated";
  /**
   * @minItems 1
   */
  changes: [
    (
      | "status"
      | "period"
      | "participants"
      | "score"
      | "lineups"
      | "competition_id"
      | "season_id"
      | "round"
      | "kickoff"
      | "home_team_id"
      | "away_team_id"
      | "venue"
      | "officials"
      | "broadcast"
    ),
    ...(
      | "status"
      | "period"
      | "participants"
      | "score"
      | "lineups"
      | "competition_id"
      | "season_id"
      | "round"
      | "kickoff"
      | "home_team_id"
      | "away_team_id"
      | "venue"
      | "officials"
      | "broadcast"
    )[],
  ];
  status: FixtureStatus;
  previous_status?: FixtureStatus;
  period?: Period;
  minute?: Minute;
  /**
   * Why, when the feed said (a postponement, an interruption).
   */
  reason?: string;
  score?: Score;
  score_text?: ScoreText;
  /**
   * Field sports: the whole leaderboard or running order now.
   */
  participants?: {
    [k: string]: unknown | undefined;
  }[];
  /**
   * With a schedule change.
   */
  kickoff?: string;
  /**
   * With a schedule change.
   */
  previous_kickoff?: string;
  /**
   * With a schedule change.
   */
  venue?: string | null;
  /**
   * With a schedule change.
   */
  round?: string | null;
  /**
   * With a lineup: the team whose lineup was published.
   */
  team_id?: string;
  [k: string]: unknown | undefined;
};
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "FixtureStatus".
 */
export type FixtureStatus =
  | "tbd"
  | "scheduled"
  | "delayed"
  | "live"
  | "interrupted"
  | "suspended"
  | "finished"
  | "postponed"
  | "cancelled"
  | "abandoned"
  | "awarded"
  | "walkover";
/**
 * A match event was added, corrected or retracted.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "MatchLiveEvent".
 */
export type MatchLiveEvent = EventBase &
  MatchEventFields & {
    event: "match.live.event";
    action: "added" | "corrected" | "retracted";
    /**
     * A content fingerprint (of the fixture, match event, action, type, side and minute) that tells a re-sent event from a new one. It does not authenticate anything.
     */
    signature: string;
    /**
     * Field sports: the leaderboard or running order after this event, when the event changed it.
     */
    participants?: {
      [k: string]: unknown | undefined;
    }[];
    [k: string]: unknown | undefined;
  };
/**
 * Any price of a line changed, or a line opened.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "OddsChangedEvent".
 */
export type OddsChangedEvent = EventBase &
  OddsLineFields & {
    event: "odds.changed";
    /**
     * @minItems 1
     */
    prices: [
      {
        selection: Selection;
        /**
         * Decimal price.
         */
        price: number;
        /**
         * Null when the line just opened.
         */
        previous_price: number | null;
        opening_price: number;
        [k: string]: unknown | undefined;
      },
      ...{
        selection: Selection;
        /**
         * Decimal price.
         */
        price: number;
        /**
         * Null when the line just opened.
         */
        previous_price: number | null;
        opening_price: number;
        [k: string]: unknown | undefined;
      }[],
    ];
    [k: string]: unknown | undefined;
  };
/**
 * The fixture finished; the same moment as match.finished, with the score as numbers.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "FixtureFinishedEvent".
 */
export type FixtureFinishedEvent = EventBase & {
  event: "fixture.finished";
  home_team: TeamName;
  away_team: TeamName;
  home_team_id: TeamId;
  away_team_id: TeamId;
  /**
   * Field sports: both null (the result says who won).
   */
  final_score: {
    home: number | null;
    away: number | null;
    [k: string]: unknown | undefined;
  };
  score: Score;
  result: Result;
  /**
   * Field sports only: the final leaderboard or finishing order.
   */
  participants?:
    | {
        [k: string]: unknown | undefined;
      }[]
    | null;
  [k: string]: unknown | undefined;
};

export interface StreamDocument {
  channelName?: ChannelName;
  channels?: Channels;
  EventPayload?: EventPayload;
  EventBase?: EventBase;
  MatchStartedEvent?: MatchStartedEvent;
  MatchGoalEvent?: MatchGoalEvent;
  MatchLiveEvent?: MatchLiveEvent;
  MatchFinishedEvent?: MatchFinishedEvent;
  FixtureFinishedEvent?: FixtureFinishedEvent;
  FixtureUpdatedEvent?: FixtureUpdatedEvent;
  OddsChangedEvent?: OddsChangedEvent;
  OddsMovedEvent?: OddsMovedEvent;
  MatchEventFields?: MatchEventFields;
  OddsLineFields?: OddsLineFields;
  Sport?: Sport;
  FixtureStatus?: FixtureStatus;
  TeamName?: TeamName;
  TeamId?: TeamId;
  Period?: Period;
  Minute?: Minute;
  Score?: Score;
  ScoreText?: ScoreText;
  Selection?: Selection;
  Result?: Result;
  SubscribeMessage?: SubscribeMessage;
  UnsubscribeMessage?: UnsubscribeMessage;
  SubscribedMessage?: SubscribedMessage;
  EventMessage?: EventMessage;
  ErrorMessage?: ErrorMessage;
}
/**
 * The fields every event payload carries.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "EventBase".
 */
export interface EventBase {
  event:
    | "match.started"
    | "match.goal"
    | "match.finished"
    | "odds.moved"
    | "fixture.updated"
    | "match.live.event"
    | "odds.changed"
    | "fixture.finished";
  /**
   * Stable across webhook retries and stream replays.
   */
  event_id: string;
  sport: Sport;
  fixture_id: string;
  /**
   * The same id as `fixture_id`.
   */
  match_id: string;
  competition_id: string;
  /**
   * Per fixture: increases by one with each event of that fixture.
   */
  sequence: number;
  /**
   * When the change was recorded (UTC, second precision).
   */
  timestamp: string;
  /**
   * Only on sample payloads sent by a webhook test; never on real events.
   */
  test?: true;
  [k: string]: unknown | undefined;
}
/**
 * The match event that match.goal and match.live.event describe, and the score after it.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "MatchEventFields".
 */
export interface MatchEventFields {
  match_event_id: string;
  /**
   * One of the sport's event types (GET /v1/sports lists them).
   */
  type: string;
  team: TeamName;
  team_id: TeamId;
  side: "home" | "away" | null;
  player_id: string | null;
  /**
   * The other player (an assist, the player replaced).
   */
  related_player_id: string | null;
  period: Period;
  minute: Minute;
  /**
   * Sport-specific detail (a set's games, an innings' runs, a finish's method).
   */
  detail: {
    [k: string]: unknown | undefined;
  };
  score: Score;
  score_text: ScoreText;
  [k: string]: unknown | undefined;
}
/**
 * How the fixture was decided, with any extra fields the feed sent (field sports: who won).
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "Result".
 */
export interface Result {
  /**
   * Null in field sports.
   */
  outcome: "home" | "away" | "draw" | "no_result" | null;
  winner_team_id: string | null;
  decided_by: string;
  text?: string;
  [k: string]: unknown | undefined;
}
/**
 * The price line that odds.changed and odds.moved describe.
 *
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "OddsLineFields".
 */
export interface OddsLineFields {
  /**
   * Bookmaker slug.
   */
  bookmaker: string;
  market:
    | "1x2"
    | "moneyline"
    | "handicap"
    | "totals"
    | "btts"
    | "player_props"
    | "method_of_victory"
    | "outright";
  /**
   * Handicap or total line; null without one.
   */
  line: number | null;
  /**
   * The player of a player prop; otherwise null.
   */
  subject: string | null;
  is_live: boolean;
  [k: string]: unknown | undefined;
}
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "SubscribeMessage".
 */
export interface SubscribeMessage {
  subscribe: Channels;
  /**
   * Any JSON value, echoed in the answers.
   */
  id?: unknown;
  since?: {
    /**
     * The offset of the last event received.
     */
    offset: number;
    /**
     * The epoch of the last event received.
     */
    epoch: string;
  };
}
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "UnsubscribeMessage".
 */
export interface UnsubscribeMessage {
  unsubscribe: Channels;
  id?: unknown;
}
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "SubscribedMessage".
 */
export interface SubscribedMessage {
  type: "subscribed";
  channel: ChannelName;
  /**
   * The subscribe message's id, when it had one.
   */
  id?: unknown;
  /**
   * Only when resuming; false means refetch over REST.
   */
  recovered?: boolean;
}
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "EventMessage".
 */
export interface EventMessage {
  type: "event";
  channel: ChannelName;
  /**
   * The event's log position; increasing per channel, the same on every node.
   */
  offset: number;
  epoch: string;
  data: EventPayload;
}
/**
 * This interface was referenced by `StreamDocument`'s JSON-Schema
 * via the `definition` "ErrorMessage".
 */
export interface ErrorMessage {
  type: "error";
  code:
    | "invalid_message"
    | "unknown_channel"
    | "not_found"
    | "plan_forbidden"
    | "too_many_channels"
    | "internal_error";
  message: string;
  id?: unknown;
}
