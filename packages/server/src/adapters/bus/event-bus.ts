/**
 * The event bus: how domain events reach every consumer (webhook matching, the stream) on every
 * node. Publishing happens after the events are committed to the durable log, so a consumer that
 * misses a message (a restart, a dropped connection, Redis away) can catch up from the log by
position, and is told when to (`onResume`, ADR-0036).
 *
 * Beside the events, the bus carries notices: control messages that are not domain events and
 * are not in the log (a key revoked: every stream node closes its connections). A missed notice
 * is not replayed; whoever acts on one also checks the database periodically.
 */
import type { DomainEvent } from "../../events/domain-event.js";

export type EventListener = (event: DomainEvent) => void;

/** An API key was revoked (now, or from `at`): stream nodes close its connections at `at`. */
interface KeyRevokedNotice {
  type: "key.revoked";
  key_id: string;
  /** ISO 8601: when the revocation takes effect (now or a chosen future time). */
  at: string;
}

export type BusNotice = KeyRevokedNotice;
export type NoticeListener = (notice: BusNotice) => void;

/** What a service needs to announce a notice (the bus, or nothing when no one listens). */
export interface NoticePublisher {
  publishNotice(notice: BusNotice): Promise<void>;
}

export interface EventBus extends NoticePublisher {
  /** Which implementation: `memory` (one process) or `redis` (every node sharing REDIS_URL). */
  readonly kind: "memory" | "redis";
  /**
   * Sends events, in order, to every subscriber (on every node for Redis). Never waits long and
   * never fails the caller: the events are committed before, so when the bus cannot carry them
   * (Redis away) the failure is reported and subscribers catch up from the log on `onResume`.
   */
  publish(events: readonly DomainEvent[]): Promise<void>;
  /** Calls `listener` for each event in publishing order; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Calls `listener` for each notice published (on every node for Redis); returns the unsubscribe. */
  subscribeNotices(listener: NoticeListener): () => void;
  /** Resolves once subscriptions are live (Redis: SUBSCRIBE acknowledged). */
  ready(): Promise<void>;
  /**
   * Calls `listener` each time the bus carries messages again after it could not (Redis back,
   * subscriptions live again): what was published meanwhile is in the log only. Returns the
   * unsubscribe function.
   */
  onResume(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Calls every listener; one throwing listener does not stop the others (it is reported). */
export function deliver<T>(
  listeners: ReadonlySet<(item: T) => void>,
  event: T,
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
