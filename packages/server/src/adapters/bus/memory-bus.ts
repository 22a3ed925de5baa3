/** The in-process bus (the embedded default): listeners run synchronously, in publishing order. */
import type { DomainEvent } from "../../events/domain-event.js";
import {
  type BusNotice,
  deliver,
  type EventBus,
  type EventListener,
  type NoticeListener,
} from "./event-bus.js";

export class MemoryEventBus implements EventBus {
  readonly kind = "memory";
  private readonly listeners = new Set<EventListener>();
  private readonly noticeListeners = new Set<NoticeListener>();

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) deliver(this.listeners, event, this.onError);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publishNotice(notice: BusNotice): Promise<void> {
    deliver(this.noticeListeners, notice, this.onError);
  }

  subscribeNotices(listener: NoticeListener): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  async ready(): Promise<void> {}

  /** An in-process bus never stops carrying messages. */
  onResume(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.noticeListeners.clear();
  }
}
