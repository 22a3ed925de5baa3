/**
 * The fan-out: subscriptions indexed by channel name. Each live event is serialised once per
 * channel it belongs to and the same bytes go to every subscriber, synchronously — a send only
 * queues bytes on a socket, so a slow client never delays the others (its connection checks
 * its own buffer and closes itself with 4008).
 */
import type { DomainEvent } from "../events/domain-event.js";
import { type Channel, channelsOf, isOddsEvent } from "./channels.js";
import { eventMessage } from "./protocol.js";

/** The connection end of a subscription. */
export interface Subscriber {
  /** Queues one text message (never waits). */
  deliver(message: Buffer): void;
  /** A subscription held more pending events than allowed. */
  overflow(): void;
}

export interface Subscription {
  readonly channel: Channel;
  readonly subscriber: Subscriber;
  /** false: odds events are left out (`fixture.{id}` on a plan without odds). */
  readonly includeOdds: boolean;
  /** Live events held while the subscription recovers; null once it is live. */
  pending: DomainEvent[] | null;
  /** The offset of the last event sent on this subscription. */
  lastOffset: number;
}

export class ChannelIndex {
  private readonly byName = new Map<string, Set<Subscription>>();
  private count = 0;

  constructor(
    private readonly epochJson: string,
    private readonly maxPending: number,
  ) {}

  add(subscription: Subscription): void {
    const name = subscription.channel.name;
    let set = this.byName.get(name);
    if (set === undefined) {
      set = new Set();
      this.byName.set(name, set);
    }
    if (!set.has(subscription)) this.count++;
    set.add(subscription);
  }

  remove(subscription: Subscription): void {
    const name = subscription.channel.name;
    const set = this.byName.get(name);
    if (set?.delete(subscription)) this.count--;
    if (set?.size === 0) this.byName.delete(name);
  }

  get size(): number {
    return this.count;
  }

  /** Sends one live event to every subscription of every channel it belongs to. */
  dispatch(event: DomainEvent): number {
    let payloadJson: string | undefined;
    let sent = 0;
    const odds = isOddsEvent(event.type);
    for (const name of channelsOf(event)) {
      const set = this.byName.get(name);
      if (set === undefined) continue;
      let message: Buffer | undefined;
      for (const subscription of set) {
        if (odds && !subscription.includeOdds) continue;
        if (subscription.pending !== null) {
          subscription.pending.push(event);
          if (subscription.pending.length > this.maxPending) subscription.subscriber.overflow();
          continue;
        }
        if (event.position <= subscription.lastOffset) continue;
        payloadJson ??= JSON.stringify(event.payload);
        message ??= Buffer.from(eventMessage(name, event.position, this.epochJson, payloadJson));
        subscription.lastOffset = event.position;
        subscription.subscriber.deliver(message);
        sent++;
      }
    }
    return sent;
  }
}
