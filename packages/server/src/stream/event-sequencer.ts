/**
 * Turns the bus into one gap-free stream of domain events in log order, the same on every node.
 *
 * The bus delivers one publisher's events in order, but two nodes' publishes can reach Redis in
 * either order, and a producer without the bus (`scoreline feed` without REDIS_URL) publishes
 * nothing. Log positions are handed out in commit order (one ingest transaction at a time) and
 * an event is published only after its commit, so when an event arrives whose position is not
 * the next one, every position before it is already committed: the sequencer reads the missing
 * ones from `domain_events`, emits them first, and drops their late copies from the bus. Offsets
 * sent to clients therefore only ever increase, on every channel, on every node.
 *
 * When the bus could not carry events for a while (Redis away, ADR-0036), it says so when it
 * resumes: the sequencer then reads everything after its cursor up to the log's head, so events
 * committed during the outage reach clients without waiting for a later event to reveal the gap.
 */
import type { EventBus } from "../adapters/bus/event-bus.js";
import type { DomainEvent } from "../events/domain-event.js";
import { logBounds, readLogRange } from "../live/event-log.js";
import type { Store } from "../store/database.js";

const FILL_PAGE = 1000;

export class EventSequencer {
  /** The last position emitted (the log's head when the sequencer started). */
  private cursor = 0;
  private queue: DomainEvent[] = [];
  private started = false;
  private filling = false;
  private unsubscribe: (() => void) | undefined;
  private unsubscribeResume: (() => void) | undefined;

  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly emit: (event: DomainEvent) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Subscribes, then starts after the log's current head (older events are history). */
  async start(): Promise<void> {
    this.unsubscribe = this.bus.subscribe((event) => this.receive(event));
    this.unsubscribeResume = this.bus.onResume(() => void this.catchUp());
    await this.bus.ready();
    this.cursor = (await logBounds(this.store.db)).last;
    this.started = true;
    this.pump();
  }

  /** The last position emitted. */
  get position(): number {
    return this.cursor;
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.unsubscribeResume?.();
    this.unsubscribeResume = undefined;
    this.queue = [];
  }

  private receive(event: DomainEvent): void {
    this.queue.push(event);
    if (this.started && !this.filling) this.pump();
  }

  /** Emits queued events in order; stops to fill a gap from the log (and resumes after). */
  private pump(): void {
    let index = 0;
    while (index < this.queue.length) {
      const event = this.queue[index] as DomainEvent;
      if (event.position <= this.cursor) {
        index++;
        continue;
      }
      if (event.position > this.cursor + 1) {
        this.queue = this.queue.slice(index);
        this.filling = true;
        void this.fill(event.position);
        return;
      }
      index++;
      this.deliver(event);
    }
    this.queue = [];
  }

  /** Emits what the log holds after the cursor (the bus resumed after missing messages). */
  private async catchUp(): Promise<void> {
    if (!this.started || this.filling) return;
    let head: number;
    try {
      head = (await logBounds(this.store.db)).last;
    } catch (error) {
      this.onError(error);
      return;
    }
    if (this.filling || head <= this.cursor || this.unsubscribe === undefined) return;
    this.filling = true;
    await this.fill(head + 1);
  }

  private async fill(before: number): Promise<void> {
    try {
      for (;;) {
        const missing = await readLogRange(this.store.db, this.cursor, before, FILL_PAGE);
        for (const event of missing) this.deliver(event);
        if (missing.length < FILL_PAGE) break;
      }
    } catch (error) {
      this.onError(error);
    }
    // Positions the log does not hold (a rolled-back transaction's) are skipped.
    this.cursor = Math.max(this.cursor, before - 1);
    this.filling = false;
    if (this.unsubscribe !== undefined) this.pump();
  }

  private deliver(event: DomainEvent): void {
    if (event.position <= this.cursor) return;
    this.cursor = event.position;
    try {
      this.emit(event);
    } catch (error) {
      this.onError(error);
    }
  }
}
