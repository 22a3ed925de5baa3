/**
 * Matching answers to subscribe messages. Each subscribe carries a fresh numeric `id`, which the
 * server echoes in every channel's answer, and answers the channels one at a time in the order
 * the message listed them. `subscribed` names its channel; a channel's `error` names it only in
 * its text, so it is the first channel of that message still unanswered (or all of them, for an
 * error about the whole message). `subscribe()` callers wait per channel.
 */
import { isMessageLevelError } from "./protocol.js";
import type { StreamError } from "./stream-error.js";

interface Waiter {
  channels: Set<string>;
  resolve(): void;
  reject(error: StreamError): void;
}

export class PendingAnswers {
  private nextId = 1;
  /** Each unanswered message's channels, in the order sent. */
  private readonly sent = new Map<number, string[]>();
  private readonly waiters = new Set<Waiter>();

  /** Registers a subscribe message; returns its id. */
  register(channels: readonly string[]): number {
    const id = this.nextId++;
    this.sent.set(id, [...channels]);
    return id;
  }

  /** A `subscribed` answer; false when the id is not one of this connection's messages. */
  subscribed(id: unknown, channel: string): boolean {
    const unanswered = typeof id === "number" ? this.sent.get(id) : undefined;
    if (unanswered === undefined) return false;
    const index = unanswered.indexOf(channel);
    if (index >= 0) unanswered.splice(index, 1);
    if (unanswered.length === 0) this.sent.delete(id as number);
    return true;
  }

  /** An `error` answer: the channels it refuses (none when the id is not ours). */
  refused(id: unknown, code: string): string[] {
    const unanswered = typeof id === "number" ? this.sent.get(id) : undefined;
    if (unanswered === undefined) return [];
    const refused = isMessageLevelError(code) ? unanswered.splice(0) : unanswered.splice(0, 1);
    if (unanswered.length === 0) this.sent.delete(id as number);
    return refused;
  }

  /** The connection is gone: its messages will not be answered (their channels are sent again). */
  forgetMessages(): void {
    this.sent.clear();
  }

  /** Resolves once every channel is subscribed; rejects at the first one refused. */
  wait(channels: readonly string[]): Promise<void> {
    if (channels.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.add({ channels: new Set(channels), resolve, reject });
    });
  }

  resolve(channel: string): void {
    for (const waiter of this.waiters) {
      waiter.channels.delete(channel);
      if (waiter.channels.size > 0) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
  }

  reject(channel: string, error: StreamError): void {
    for (const waiter of this.waiters) {
      if (!waiter.channels.has(channel)) continue;
      this.waiters.delete(waiter);
      waiter.reject(error);
    }
  }

  rejectAll(error: StreamError): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiters) waiter.reject(error);
  }
}
