/**
 * Domain events: the payloads webhooks deliver and the stream carries as `data`, one type per
 * event, told apart by `event` (`if (e.event === "match.goal") e.minute`). Generated from the
 * stream's AsyncAPI document, so they are what the server sends; unknown fields may appear.
 */
import type { EventPayload } from "./generated/stream.js";

export type {
  FixtureFinishedEvent,
  FixtureUpdatedEvent,
  MatchFinishedEvent,
  MatchGoalEvent,
  MatchLiveEvent,
  MatchStartedEvent,
  OddsChangedEvent,
  OddsMovedEvent,
} from "./generated/stream.js";

/** Any event a webhook or the stream delivers. */
export type ScorelineEvent = EventPayload;

/** The event type names: `match.started`, `match.goal`, … */
export type EventType = ScorelineEvent["event"];
