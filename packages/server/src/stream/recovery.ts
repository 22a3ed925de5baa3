/**
 * Resuming a channel (`"since": {"offset", "epoch"}`): whether the missed events can be
 * replayed, and the replay itself, read from the durable log.
 *
 * Recoverable when the epoch is this log's, the offset is one this log handed out and not
 * older than its oldest row (nothing after it was pruned), and either the first missed event
 * of the channel is at most `recoveryWindowMs` old (24 h by default) or at most
 * `recoveryMinMessages` (1,000) events of the channel were missed, whatever their age.
 */
import type { Kysely } from "kysely";
import type { DomainEvent } from "../events/domain-event.js";
import { type LogPage, logBounds, readLogPage } from "../live/event-log.js";
import type { Tables } from "../store/tables.js";
import { belongsTo, type Channel, channelQuery } from "./channels.js";
import type { StreamLimits } from "./limits.js";
import type { Since } from "./protocol.js";

export interface ResumeRequest {
  channel: Channel;
  includeOdds: boolean;
  since: Since;
}

export async function isRecoverable(
  db: Kysely<Tables>,
  request: ResumeRequest,
  epoch: string,
  now: Date,
  limits: Pick<StreamLimits, "recoveryWindowMs" | "recoveryMinMessages" | "replayPageSize">,
): Promise<boolean> {
  const { channel, includeOdds, since } = request;
  if (since.epoch !== epoch) return false;
  const bounds = await logBounds(db);
  if (since.offset > bounds.last) return false;
  if (bounds.last > 0 && since.offset < bounds.first - 1) return false;
  let after = since.offset;
  let missed = 0;
  for (;;) {
    const page = await readChannelPage(db, channel, includeOdds, after, limits.replayPageSize);
    const first = page.events[0];
    if (missed === 0 && first !== undefined) {
      if (Date.parse(first.createdAt) >= now.getTime() - limits.recoveryWindowMs) return true;
    }
    missed += page.events.length;
    if (missed > limits.recoveryMinMessages) return false;
    if (page.done) return true;
    after = page.last;
  }
}

/**
 * Sends the channel's events after `since.offset`, oldest first, until the log has no more.
 * `send` resolves false to stop (the connection closed or the subscription was cancelled);
 * returns whether the replay ran to the end.
 */
export async function replay(
  db: Kysely<Tables>,
  request: ResumeRequest,
  pageSize: number,
  send: (event: DomainEvent) => boolean | Promise<boolean>,
): Promise<boolean> {
  let after = request.since.offset;
  for (;;) {
    const page = await readChannelPage(db, request.channel, request.includeOdds, after, pageSize);
    for (const event of page.events) {
      if (!(await send(event))) return false;
    }
    if (page.done) return true;
    after = page.last;
  }
}

/** One page of a channel's events after `after`: the log page, narrowed to what the channel carries. */
async function readChannelPage(
  db: Kysely<Tables>,
  channel: Channel,
  includeOdds: boolean,
  after: number,
  limit: number,
): Promise<LogPage> {
  const page = await readLogPage(db, channelQuery(channel, includeOdds), after, limit);
  return { ...page, events: page.events.filter((e) => belongsTo(channel, e, includeOdds)) };
}
