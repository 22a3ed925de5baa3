/**
 * The Redis bus: one PUBLISH per batch on `<prefix>events`, heard by every node's subscriber
 * connection. Redis delivers a connection's publishes in order, so each node sees a batch's
 * events in the order they were written. The publishing node hears its own events through Redis
 * too, so every node delivers them through the same path and in the same order.
 */
import { Redis } from "ioredis";
import type { DomainEvent } from "../../events/domain-event.js";
import { deliver, type EventBus, type EventListener } from "./event-bus.js";

export interface RedisBusOptions {
  /** Channel prefix; tests use their own to stay apart. */
  prefix?: string;
  onError?: (error: unknown) => void;
}

export class RedisEventBus implements EventBus {
  readonly kind = "redis";
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly listeners = new Set<EventListener>();
  private readonly subscribed: Promise<void>;
  private readonly onError: (error: unknown) => void;

  constructor(url: string, options: RedisBusOptions = {}) {
    this.channel = `${options.prefix ?? "scoreline:"}events`;
    this.onError = options.onError ?? (() => {});
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    this.publisher.on("error", this.onError);
    this.subscriber.on("error", this.onError);
    this.subscriber.on("messageBuffer", (_channel: Buffer, message: Buffer) => {
      this.receive(message);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(() => undefined);
    // A failed SUBSCRIBE is reported through ready(); keep it from being an unhandled rejection.
    this.subscribed.catch(() => {});
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.publisher.publish(this.channel, JSON.stringify(events));
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private receive(message: Buffer): void {
    let events: DomainEvent[];
    try {
      events = JSON.parse(message.toString("utf8")) as DomainEvent[];
    } catch (error) {
      this.onError(error);
      return;
    }
    for (const event of events) deliver(this.listeners, event, this.onError);
  }
}
