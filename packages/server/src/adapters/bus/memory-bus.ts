/** The in-process bus (the embedded default): listeners run synchronously, in publishing order. */
import type { DomainEvent } from "../../events/domain-event.js";
import { deliver, type EventBus, type EventListener } from "./event-bus.js";

export class MemoryEventBus implements EventBus {
  readonly kind = "memory";
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) deliver(this.listeners, event, this.onError);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
