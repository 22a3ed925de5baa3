/**
 * The event bus: how domain events reach every consumer (webhook matching, the stream) on every
 * node. Publishing happens after the events are committed to the durable log, so a consumer that
 * misses a message (a restart, a dropped connection) can catch up from the log by position.
 */
import type { DomainEvent } from "../../events/domain-event.js";

export type EventListener = (event: DomainEvent) => void;

export interface EventBus {
  /** Which implementation: `memory` (one process) or `redis` (every node sharing REDIS_URL). */
  readonly kind: "memory" | "redis";
  /** Sends events, in order, to every subscriber (on every node for Redis). */
  publish(events: readonly DomainEvent[]): Promise<void>;
  /** Calls `listener` for each event in publishing order; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Resolves once subscriptions are live (Redis: SUBSCRIBE acknowledged). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Calls every listener; one throwing listener does not stop the others (it is reported). */
export function deliver(
  listeners: ReadonlySet<EventListener>,
  event: DomainEvent,
  onError: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}
