/**
 * The channels a stream holds and where each stands in the event log: the last event delivered on
 * it (to resume with `since`, and to drop what a replay sends again) and the highest offset
 * delivered on any channel of the latest epoch — offsets are positions in one log shared by every
 * channel, so a channel that has had no event yet resumes from there.
 */
import type { Since, StreamEvent } from "./types.js";

export interface HeldChannel {
  readonly name: string;
  /** The id of the last subscribe message naming it on this connection (undefined: not sent). */
  requestId: number | undefined;
  /** Answered `subscribed` on this connection. */
  subscribed: boolean;
  /** Answered `subscribed` on some connection: after a drop it is resumed. */
  wasSubscribed: boolean;
  /** The last event delivered on it (or the `since` it was subscribed with). */
  last: Since | undefined;
  /** Resumed without `since` (no position known): a gap to report when it is answered. */
  blind: boolean;
}

/** What to do with an incoming event. */
export type Verdict = "deliver" | "epoch_changed" | "duplicate" | "not_held";

export interface SubscribeGroup {
  channels: string[];
  since: Since | undefined;
}

export class HeldChannels {
  private readonly channels = new Map<string, HeldChannel>();
  /** The highest offset delivered, in the epoch of the latest event. */
  private head: Since | undefined;

  names(): string[] {
    return [...this.channels.keys()];
  }

  get(name: string): HeldChannel | undefined {
    return this.channels.get(name);
  }

  add(name: string): HeldChannel {
    const channel: HeldChannel = {
      name,
      requestId: undefined,
      subscribed: false,
      wasSubscribed: false,
      last: undefined,
      blind: false,
    };
    this.channels.set(name, channel);
    return channel;
  }

  delete(name: string): boolean {
    return this.channels.delete(name);
  }

  /** The connection is gone: nothing is sent or subscribed on the next one yet. */
  disconnected(): void {
    for (const channel of this.channels.values()) {
      channel.requestId = undefined;
      channel.subscribed = false;
      channel.blind = false;
    }
  }

  /** Checks an event against its channel's position, and moves the position on. */
  accept(event: StreamEvent): Verdict {
    const channel = this.channels.get(event.channel);
    if (channel === undefined) return "not_held";
    const last = channel.last;
    if (last !== undefined && last.epoch === event.epoch && event.offset <= last.offset) {
      return "duplicate";
    }
    channel.last = { offset: event.offset, epoch: event.epoch };
    if (this.head === undefined || this.head.epoch !== event.epoch) {
      this.head = { offset: event.offset, epoch: event.epoch };
    } else if (event.offset > this.head.offset) this.head.offset = event.offset;
    return last !== undefined && last.epoch !== event.epoch ? "epoch_changed" : "deliver";
  }

  /**
   * The subscribe messages for the channels not yet sent on this connection, grouped by the
   * `since` each needs: its own last event; for a channel that was subscribed before and has had
   * no event, the head; none for a channel new to the stream (or when no event came at all).
   */
  pending(): SubscribeGroup[] {
    const groups = new Map<string, SubscribeGroup>();
    for (const channel of this.channels.values()) {
      if (channel.requestId !== undefined) continue;
      const since = channel.last ?? (channel.wasSubscribed ? this.head : undefined);
      channel.blind = channel.wasSubscribed && since === undefined;
      const key = since === undefined ? "" : `${since.epoch}\u0000${since.offset}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = { channels: [], since: since && { ...since } };
        groups.set(key, group);
      }
      group.channels.push(channel.name);
    }
    return [...groups.values()];
  }
}
