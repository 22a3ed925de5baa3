/**
 * Domain events: the payloads webhooks deliver and the stream carries as `data`.
 * (Placeholder until the AsyncAPI-generated union lands.)
 */
export type EventType =
  | "match.started"
  | "match.goal"
  | "match.finished"
  | "odds.moved"
  | "fixture.updated"
  | "match.live.event"
  | "odds.changed"
  | "fixture.finished";

export interface ScorelineEvent {
  event: EventType;
  event_id: string;
  sport: string;
  sequence: number;
  timestamp: string;
  fixture_id?: string;
  match_id?: string;
  [field: string]: unknown;
}
