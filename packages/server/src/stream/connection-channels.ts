/**
 * The channels one connection holds: subscribing (checking the name, the fixture and the plan),
 * resuming with `since` (replay from the log, then `subscribed`, then the live events held
 * meanwhile), unsubscribing. Bytes leave only through the connection's `deliver`.
 */
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { DomainEvent } from "../events/domain-event.js";
import type { Clock } from "../lib/time.js";
import type { Sport } from "../sports/types.js";
import { fixtureSport } from "../store/queries/fixture-sport.js";
import type { Tables } from "../store/tables.js";
import type { ChannelIndex, Subscriber, Subscription } from "./channel-index.js";
import { type Channel, parseChannel } from "./channels.js";
import type { StreamLimits } from "./limits.js";
import {
  errorMessage,
  eventMessage,
  MAX_CHANNELS,
  type Reply,
  type Since,
  type StreamErrorCode,
  subscribedMessage,
} from "./protocol.js";
import { isRecoverable, replay } from "./recovery.js";

/** What a connection may subscribe to: its plan's sports and odds. */
export interface StreamAccess {
  plan: string;
  sports: readonly Sport[];
  odds: boolean;
}

export interface ChannelsContext {
  db: Kysely<Tables>;
  epoch: string;
  epochJson: string;
  limits: StreamLimits;
  clock: Clock;
  index: ChannelIndex;
  logger: Logger;
}

/** The connection end, as its channels see it. */
export interface ChannelOutput extends Subscriber {
  readonly id: string;
  isOpen(): boolean;
  /** Resolves once the client has read enough for a replay to go on (false: it closed). */
  writable(): Promise<boolean>;
}

interface OwnSubscription extends Subscription {
  cancelled: boolean;
}

export class ConnectionChannels {
  private readonly subscriptions = new Map<string, OwnSubscription>();

  constructor(
    private readonly out: ChannelOutput,
    private readonly access: StreamAccess,
    private readonly ctx: ChannelsContext,
  ) {}

  get size(): number {
    return this.subscriptions.size;
  }

  unsubscribe(names: readonly string[]): void {
    for (const name of names) {
      const subscription = this.subscriptions.get(name);
      if (subscription !== undefined) this.drop(subscription);
    }
  }

  async subscribe(names: readonly string[], since: Since | undefined, reply: Reply) {
    const parsed = names.map((name) => ({ name, channel: parseChannel(name) }));
    const added = parsed.filter((p) => p.channel !== null && !this.subscriptions.has(p.name));
    if (this.subscriptions.size + added.length > MAX_CHANNELS) {
      this.fail(
        "too_many_channels",
        `at most ${MAX_CHANNELS} channels per connection (this one holds ${this.subscriptions.size})`,
        reply,
      );
      return;
    }
    for (const { name, channel } of parsed) {
      if (!this.out.isOpen()) return;
      if (channel === null) {
        this.fail(
          "unknown_channel",
          `"${name}" is not a channel: use {sport}.live, {sport}.odds, {sport}.fixtures or fixture.{fixture_id}`,
          reply,
        );
        continue;
      }
      try {
        await this.subscribeOne(channel, since, reply);
      } catch (error) {
        this.ctx.logger.error({ conn: this.out.id, err: error, channel: name }, "subscribe failed");
        this.fail("internal_error", `${name} could not be subscribed; try again`, reply);
      }
    }
  }

  private async subscribeOne(channel: Channel, since: Since | undefined, reply: Reply) {
    const name = channel.name;
    let sport: Sport | undefined;
    if (channel.kind === "fixture") {
      sport = await fixtureSport(this.ctx.db, channel.fixtureId);
      if (sport === undefined) {
        this.fail("not_found", `no fixture has id "${channel.fixtureId}"`, reply);
        return;
      }
    } else sport = channel.sport;
    if (!this.access.sports.includes(sport)) {
      this.fail(
        "plan_forbidden",
        `${name}: the ${this.access.plan} plan does not include ${sport}`,
        reply,
      );
      return;
    }
    if (channel.kind === "odds" && !this.access.odds) {
      this.fail(
        "plan_forbidden",
        `${name}: the ${this.access.plan} plan does not include odds (Growth and above)`,
        reply,
      );
      return;
    }
    const existing = this.subscriptions.get(name);
    if (existing !== undefined && since === undefined) {
      this.reply(subscribedMessage(name, reply));
      return;
    }
    if (existing !== undefined) this.drop(existing);
    const subscription: OwnSubscription = {
      channel,
      subscriber: this.out,
      includeOdds: this.access.odds,
      pending: since === undefined ? null : [],
      lastOffset: 0,
      cancelled: false,
    };
    this.subscriptions.set(name, subscription);
    this.ctx.index.add(subscription);
    if (since === undefined) {
      this.reply(subscribedMessage(name, reply));
      return;
    }
    await this.resume(subscription, since, reply);
  }

  /** Replays what was missed (when it can), then `subscribed`, then the live events held meanwhile. */
  private async resume(subscription: OwnSubscription, since: Since, reply: Reply) {
    const { channel, includeOdds } = subscription;
    const request = { channel, includeOdds, since };
    let recovered = false;
    try {
      const { db, epoch, clock, limits } = this.ctx;
      if (await isRecoverable(db, request, epoch, clock(), limits)) {
        subscription.lastOffset = since.offset;
        recovered = await replay(db, request, limits.replayPageSize, (event) =>
          this.sendReplayed(subscription, event),
        );
        if (!recovered) return;
      }
    } catch (error) {
      this.ctx.logger.error(
        { conn: this.out.id, err: error, channel: channel.name },
        "replay failed",
      );
    }
    if (subscription.cancelled || !this.out.isOpen()) return;
    this.reply(subscribedMessage(channel.name, reply, recovered));
    const held = subscription.pending ?? [];
    subscription.pending = null;
    for (const event of held) {
      if (event.position <= subscription.lastOffset) continue;
      this.sendEvent(subscription, event);
    }
  }

  private async sendReplayed(subscription: OwnSubscription, event: DomainEvent): Promise<boolean> {
    if (!(await this.out.writable()) || subscription.cancelled) return false;
    if (event.position <= subscription.lastOffset) return true;
    this.sendEvent(subscription, event);
    return true;
  }

  private sendEvent(subscription: OwnSubscription, event: DomainEvent): void {
    subscription.lastOffset = event.position;
    this.out.deliver(
      Buffer.from(
        eventMessage(
          subscription.channel.name,
          event.position,
          this.ctx.epochJson,
          JSON.stringify(event.payload),
        ),
      ),
    );
  }

  private drop(subscription: OwnSubscription): void {
    subscription.cancelled = true;
    subscription.pending = null;
    this.ctx.index.remove(subscription);
    if (this.subscriptions.get(subscription.channel.name) === subscription) {
      this.subscriptions.delete(subscription.channel.name);
    }
  }

  dropAll(): void {
    for (const subscription of [...this.subscriptions.values()]) this.drop(subscription);
  }

  private reply(text: string): void {
    this.out.deliver(Buffer.from(text));
  }

  private fail(code: StreamErrorCode, message: string, reply: Reply): void {
    this.reply(errorMessage(code, message, reply));
  }
}
