/**
 * The stream's async iterators: each has its own buffer (an EventQueue) and sees every event
 * delivered after it was made. Their fill level drives pausing: one at `limit` unread is full;
 * the stream resumes once every one is at most half full.
 */
import { EventQueue } from "./event-queue.js";

export class Iterators<T> {
  private readonly queues = new Set<EventQueue<T>>();

  constructor(
    private readonly limit: number,
    /** Called after a read or a `return()`, when every iterator is at most half full. */
    private readonly onDrained: () => void,
  ) {}

  /** A new iterator; `ended` (the stream is over) makes it done at once, or throw `error`. */
  create(ended: { error?: unknown } | undefined): EventQueue<T> {
    const queue = new EventQueue<T>(
      () => this.readFrom(),
      (done) => {
        this.queues.delete(done);
        this.readFrom();
      },
    );
    if (ended === undefined) this.queues.add(queue);
    else queue.end(ended.error);
    return queue;
  }

  /** Hands `item` to every iterator; true when one of them is now full. */
  push(item: T): boolean {
    let full = false;
    for (const queue of this.queues) {
      queue.push(item);
      if (queue.size >= this.limit) full = true;
    }
    return full;
  }

  /** The stream is over: iterators finish what they hold, then are done (or throw `error`). */
  end(error?: unknown): void {
    for (const queue of this.queues) queue.end(error);
    this.queues.clear();
  }

  private readFrom(): void {
    for (const queue of this.queues) if (queue.size > this.limit / 2) return;
    this.onDrained();
  }
}
