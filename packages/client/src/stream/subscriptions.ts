/**
 * The protocol conversation over one connection after another: subscribing (at once while
 * connected, else on the next connection), resuming every held channel with `since` when a
 * connection opens, matching answers to subscribes, and turning server messages into events,
 * gaps and errors — without duplicates. It knows nothing of sockets: it writes text through
 * `write` and is told when a connection opens and ends.
 */
import type { Emitter } from "./emitter.js";
import { HeldChannels } from "./held-channels.js";
import { PendingAnswers } from "./pending-answers.js";
import { chunks, parseServerMessage, subscribeMessage, unsubscribeMessage } from "./protocol.js";
import { StreamError } from "./stream-error.js";
import type {
  ErrorMessage,
  EventMessage,
  Since,
  StreamEvent,
  StreamEventMap,
  SubscribedMessage,
} from "./types.js";

export interface SubscriptionsHost {
  readonly emitter: Emitter<StreamEventMap>;
  /** Sends on the open connection; false when there is none. */
  write(text: string): boolean;
  /** Hands a new event (after the `event` listeners) to the iterators. */
  deliver(event: StreamEvent): void;
}

export class Subscriptions {
  private readonly held = new HeldChannels();
  private readonly answers = new PendingAnswers();
  private connected = false;

  constructor(private readonly host: SubscriptionsHost) {}

  names(): string[] {
    return this.held.names();
  }

  /** Holds the channels without waiting for answers (refusals go to `error` listeners). */
  hold(names: readonly string[]): void {
    const added = names.filter((name) => this.held.get(name) === undefined);
    for (const name of added) this.held.add(name);
    if (this.connected) this.send(added, undefined);
  }

  /** Holds the channels and resolves once each is subscribed (see ScorelineStream.subscribe). */
  subscribe(names: readonly string[], since: Since | undefined): Promise<void> {
    const toSend: string[] = [];
    const awaited: string[] = [];
    for (const name of names) {
      const existing = this.held.get(name);
      if (existing !== undefined && since === undefined) {
        if (!existing.subscribed) awaited.push(name);
        continue;
      }
      const channel = existing ?? this.held.add(name);
      if (since !== undefined) channel.last = { offset: since.offset, epoch: since.epoch };
      toSend.push(name);
      awaited.push(name);
    }
    const answered = this.answers.wait(awaited);
    if (this.connected) this.send(toSend, since);
    return answered;
  }

  unsubscribe(names: readonly string[]): void {
    const dropped = names.filter((name) => this.held.delete(name));
    for (const name of dropped) {
      const message = `${name} was unsubscribed before the server answered`;
      this.answers.reject(name, new StreamError("unsubscribed", message, { channel: name }));
    }
    if (!this.connected) return;
    for (const chunk of chunks(dropped)) this.host.write(unsubscribeMessage(chunk));
  }

  /** A connection opened: (re)subscribe every held channel, resuming where each stands. */
  opened(): void {
    this.connected = true;
    for (const group of this.held.pending()) this.send(group.channels, group.since);
  }

  /** The connection is gone: nothing sent on it will be answered. */
  disconnected(): void {
    this.connected = false;
    this.answers.forgetMessages();
    this.held.disconnected();
  }

  /** The stream is over: pending `subscribe()` calls reject with `error`. */
  ended(error: StreamError): void {
    this.disconnected();
    this.answers.rejectAll(error);
  }

  /** One text frame from the server. */
  received(data: unknown): void {
    const message = typeof data === "string" ? parseServerMessage(data) : undefined;
    if (message === null) return;
    if (message === undefined) {
      const text = typeof data === "string" ? data.slice(0, 200) : "a binary frame";
      const error = new StreamError("invalid_server_message", `not a stream message: ${text}`);
      this.host.emitter.emit("error", error);
      return;
    }
    if (message.type === "event") this.receivedEvent(message);
    else if (message.type === "subscribed") this.receivedSubscribed(message);
    else this.receivedError(message);
  }

  private send(names: readonly string[], since: Since | undefined): void {
    for (const chunk of chunks(names)) {
      const id = this.answers.register(chunk);
      for (const name of chunk) {
        const channel = this.held.get(name);
        if (channel === undefined) continue;
        channel.requestId = id;
        channel.subscribed = false;
        if (since !== undefined) channel.blind = false;
      }
      this.host.write(subscribeMessage(chunk, id, since));
    }
  }

  private receivedEvent(message: EventMessage): void {
    if (!this.connected) return;
    const { channel, offset, epoch, data } = message;
    const event: StreamEvent = { channel, offset, epoch, data };
    const verdict = this.held.accept(event);
    if (verdict === "not_held" || verdict === "duplicate") return;
    const { emitter } = this.host;
    if (verdict === "epoch_changed") emitter.emit("gap", { channel, reason: "epoch_changed" });
    emitter.emit("event", event);
    this.host.deliver(event);
  }

  private receivedSubscribed(message: SubscribedMessage): void {
    const ours = this.answers.subscribed(message.id, message.channel);
    const channel = this.held.get(message.channel);
    if (!ours || channel === undefined || channel.requestId !== message.id) return;
    channel.subscribed = true;
    channel.wasSubscribed = true;
    if (message.recovered === false) {
      channel.last = undefined;
      this.host.emitter.emit("gap", { channel: channel.name, reason: "not_recovered" });
    } else if (channel.blind) {
      this.host.emitter.emit("gap", { channel: channel.name, reason: "no_position" });
    }
    channel.blind = false;
    this.answers.resolve(channel.name);
  }

  private receivedError(message: ErrorMessage): void {
    const refused = this.answers.refused(message.id, message.code);
    if (refused.length === 0) {
      this.host.emitter.emit("error", new StreamError(message.code, message.message));
      return;
    }
    for (const name of refused) {
      const channel = this.held.get(name);
      if (channel === undefined || channel.requestId !== message.id) continue;
      this.held.delete(name);
      const error = new StreamError(message.code, message.message, { channel: name });
      this.answers.reject(name, error);
      this.host.emitter.emit("error", error);
    }
  }
}
