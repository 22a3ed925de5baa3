/**
 * Domain events: what the live path announces when state changes (ADR-0013). Pure types and
 * constants; the live engine makes them, the event log stores them, the bus carries them, and
 * webhooks and the stream deliver their `payload` unchanged.
 */
import type { Sport } from "../sports/types.js";

export const EVENT_TYPES = [
  "match.started",
  "match.goal",
  "match.finished",
  "odds.moved",
  "fixture.updated",
  "match.live.event",
  "odds.changed",
  "fixture.finished",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Every payload carries these; each type adds its own fields (docs/feed.md lists them).
 * `event_id` is stable across webhook retries and stream replays; `sequence` increases per fixture.
 */
export interface EventPayload {
  event: EventType;
  event_id: string;
  sport: Sport;
  sequence: number;
  timestamp: string;
  [field: string]: unknown;
}

export interface DomainEvent {
  /** Position in the durable log: increasing in the order events were written. */
  position: number;
  id: string;
  type: EventType;
  sport: Sport;
  fixtureId: string | null;
  competitionId: string | null;
  sequence: number;
  payload: EventPayload;
  createdAt: string;
}
