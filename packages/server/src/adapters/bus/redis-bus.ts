/**
 * The Redis bus: one PUBLISH per batch on `<prefix>events`, heard by every node's subscriber
 * connection. Redis delivers a connection's publishes in order, so each node sees a batch's
 * events in the order they were written. The publishing node hears its own events through Redis
 * too, so every node delivers them through the same path and in the same order. Notices
 * (event-bus.ts) go on `<prefix>notices`, heard by the same subscriber connection.
 */
import { Redis } from "ioredis";
import type { DomainEvent } from "../../events/domain-event.js";
import { countConnectionErrors } from "../../metrics/redis-metrics.js";
import { closeRedis, createFailFastRedis } from "../redis/fail-fast-redis.js";
import {
  type BusNotice,
  deliver,
  type EventBus,
  type EventListener,
  type NoticeListener,
} from "./event-bus.js";

export interface RedisBusOptions {
  /** Channel prefix; tests use their own to stay apart. */
  prefix?: string;
  onError?: (error: unknown) => void;
  /** Bounds each PUBLISH (ADR-0036). */
  commandTimeoutMs?: number;
}

export class RedisEventBus implements EventBus {
  readonly kind = "redis";
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly noticeChannel: string;
  private readonly listeners = new Set<EventListener>();
  private readonly noticeListeners = new Set<NoticeListener>();
  private readonly subscribed: Promise<void>;
  private readonly onError: (error: unknown) => void;
  private readonly resumeListeners = new Set<() => void>();
  /** Set when a connection was lost or a publish failed: the next `ready` is a resumption. */
  private interrupted = false;
  /** Set by `close`: what fails after it is the closing, not an error to report. */
  private closed = false;

  constructor(url: string, options: RedisBusOptions = {}) {
    this.channel = `${options.prefix ?? "scoreline:"}events`;
    this.noticeChannel = `${options.prefix ?? "scoreline:"}notices`;
    this.onError = options.onError ?? (() => {});
    // Publishing fails fast while Redis is away (ADR-0036). The subscriber keeps ioredis's
    // defaults but one: it re-subscribes here on every reconnection (`resubscribed`), not by
    // itself, as ioredis's own re-subscription leaves a promise that rejects unhandled (the
    // process's end) when the connection is closed before Redis acknowledges it.
    this.publisher = createFailFastRedis(url, {
      commandTimeoutMs: options.commandTimeoutMs,
      connection: "bus_publisher",
    });
    this.subscriber = new Redis(url, { lazyConnect: false, autoResubscribe: false });
    countConnectionErrors(this.subscriber, "bus_subscriber");
    this.publisher.on("error", this.onError);
    this.subscriber.on("error", this.onError);
    this.subscriber.on("close", () => {
      this.interrupted = true;
    });
    this.subscriber.on("ready", () => this.resubscribed());
    this.publisher.on("ready", () => {
      // Only the publisher dropped: the subscription held, the failed publishes are in the log.
      if (this.interrupted && this.subscriber.status === "ready") this.resume();
    });
    this.subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
      if (channel.toString("utf8") === this.noticeChannel) this.receiveNotice(message);
      else this.receive(message);
    });
    this.subscribed = this.subscriber
      .subscribe(this.channel, this.noticeChannel)
      .then(() => undefined);
    // A failed SUBSCRIBE is reported through ready(); keep it from being an unhandled rejection.
    this.subscribed.catch(() => {});
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await this.publisher.publish(this.channel, JSON.stringify(events));
    } catch (cause) {
      this.interrupted = true;
      const positions = `${events[0]?.position}..${events.at(-1)?.position}`;
      this.onError(
        new Error(
          `event bus: publishing positions ${positions} failed (Redis unavailable); they are in the log and subscribers read them from it when the bus resumes`,
          { cause },
        ),
      );
    }
  }

  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publishNotice(notice: BusNotice): Promise<void> {
    await this.publisher.publish(this.noticeChannel, JSON.stringify(notice));
  }

  subscribeNotices(listener: NoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.noticeListeners.clear();
    await Promise.allSettled([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  /**
   * A reconnected subscriber is a new connection, subscribed to nothing: subscribing again gives
   * an acknowledgment to wait for, so listeners resume only once messages flow again.
   */
  private resubscribed(): void {
    if (!this.interrupted || this.closed) return;
    this.subscriber
      .subscribe(this.channel, this.noticeChannel)
      .then(() => this.resume())
      .catch((error: unknown) => {
        if (!this.closed) this.onError(error);
      });
  }

  private resume(): void {
    this.interrupted = false;
    for (const listener of this.resumeListeners) {
      try {
        listener();
      } catch (error) {
        this.onError(error);
      }
    }
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

  private receiveNotice(message: Buffer): void {
    let notice: BusNotice;
    try {
      notice = JSON.parse(message.toString("utf8")) as BusNotice;
    } catch (error) {
      this.onError(error);
      return;
    }
    deliver(this.noticeListeners, notice, this.onError);
  }
}
