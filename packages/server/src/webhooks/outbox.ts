/**
 * The webhook outbox: runs inside the ingest transaction (an `EventSink`), matches every domain
 * event against the enabled subscriptions — event type, sport, leagues, matches — and writes one
 * delivery per match, so a delivery exists exactly when its event does and a crash loses neither.
 *
 * `odds.moved` is per subscription: each subscription has its own threshold, measured against
 * its own reference for each price (the opening price, then the price at its last `odds.moved`),
 * so it is computed here from the `odds.changed` events rather than copied from the engine's
 * `odds.moved` (which uses SCORELINE_ODDS_MOVE_THRESHOLD and feeds the stream).
 */
import type { Transaction } from "kysely";
import type { DomainEvent } from "../events/domain-event.js";
import { derivedId, newId } from "../lib/ids.js";
import type { Clock } from "../lib/time.js";
import type { EventSink } from "../live/feed-ingestor.js";
import { parseJson } from "../store/json-columns.js";
import type { Tables, WebhookDeliveriesTable } from "../store/tables.js";
import { scheduledDelay } from "./retry-schedule.js";
import type { SubscriptionRow } from "./subscriptions.js";

interface Subscription {
  id: string;
  events: Set<string>;
  sport: string | null;
  leagues: Set<string>;
  matches: Set<string>;
  threshold: number;
}

interface PriceChange {
  selection: string;
  price: number;
  previous_price: number | null;
  opening_price: number;
}

function subscriptionOf(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    events: new Set(parseJson<string[]>(row.events) ?? []),
    sport: row.sport,
    leagues: new Set(parseJson<string[]>(row.leagues) ?? []),
    matches: new Set(parseJson<string[]>(row.matches) ?? []),
    threshold: row.odds_threshold,
  };
}

/** Sport, leagues and matches; event types are checked by the caller. */
function inScope(sub: Subscription, event: DomainEvent): boolean {
  if (sub.sport !== null && sub.sport !== event.sport) return false;
  if (
    sub.leagues.size > 0 &&
    (event.competitionId === null || !sub.leagues.has(event.competitionId))
  )
    return false;
  if (sub.matches.size > 0 && (event.fixtureId === null || !sub.matches.has(event.fixtureId)))
    return false;
  return true;
}

/**
 * @param schedule SCORELINE_WEBHOOK_RETRY_SCHEDULE: its first entry delays the first attempt
 *   (0, the default, sends at once).
 */
export function webhookOutbox(clock: Clock, schedule: readonly number[] = [0]): EventSink {
  return async (trx, events) => {
    if (events.length === 0) return;
    const rows = await trx
      .selectFrom("webhook_subscriptions")
      .selectAll()
      .where("enabled", "=", 1)
      .execute();
    if (rows.length === 0) return;
    const subscriptions = rows.map(subscriptionOf);
    const now = clock();
    const created = now.toISOString();
    const due = new Date(
      now.getTime() + (scheduledDelay(schedule, 0, Math.random) ?? 0),
    ).toISOString();
    const deliveries: WebhookDeliveriesTable[] = [];
    const add = (sub: Subscription, eventId: string, type: string, payload: unknown) =>
      deliveries.push({
        id: newId("whd"),
        subscription_id: sub.id,
        event_id: eventId,
        event_type: type,
        body: JSON.stringify(payload),
        state: "pending",
        attempts: 0,
        next_attempt_at: due,
        lease_owner: null,
        lease_expires_at: null,
        last_status: null,
        last_error: null,
        created_at: created,
        updated_at: created,
      });
    for (const event of events) {
      for (const sub of subscriptions) {
        if (!inScope(sub, event)) continue;
        if (event.type === "odds.changed" && sub.events.has("odds.moved")) {
          const moved = await oddsMovedFor(trx, sub, event);
          if (moved !== undefined) add(sub, moved.event_id, "odds.moved", moved);
        }
        if (event.type !== "odds.moved" && sub.events.has(event.type))
          add(sub, event.id, event.type, event.payload);
      }
    }
    for (let i = 0; i < deliveries.length; i += 200) {
      await trx
        .insertInto("webhook_deliveries")
        .values(deliveries.slice(i, i + 200))
        .onConflict((oc) => oc.columns(["subscription_id", "event_id"]).doNothing())
        .execute();
    }
  };
}

/** This subscription's `odds.moved` for an `odds.changed`, if any price moved far enough. */
async function oddsMovedFor(trx: Transaction<Tables>, sub: Subscription, event: DomainEvent) {
  const p = event.payload;
  const prices = (p.prices as PriceChange[] | undefined) ?? [];
  const lineKey = (selection: string) =>
    [event.fixtureId, p.bookmaker, p.market, p.line ?? "", p.subject ?? "", selection].join("|");
  const changed = prices.filter((c) => c.previous_price !== null);
  if (changed.length === 0) return undefined;
  const keys = changed.map((c) => lineKey(c.selection));
  const stored = await trx
    .selectFrom("webhook_odds_references")
    .select(["line", "reference_price"])
    .where("subscription_id", "=", sub.id)
    .where("line", "in", keys)
    .execute();
  const references = new Map(stored.map((r) => [r.line, r.reference_price]));
  const moves: Array<{ selection: string; price: number; previous_price: number; change: number }> =
    [];
  for (const c of changed) {
    const key = lineKey(c.selection);
    const reference = references.get(key) ?? c.opening_price;
    const change = c.price / reference - 1;
    if (Math.abs(change) < sub.threshold - 1e-12) continue;
    moves.push({
      selection: c.selection,
      price: c.price,
      previous_price: reference,
      change: Math.round(change * 10_000) / 10_000,
    });
    await trx
      .insertInto("webhook_odds_references")
      .values({ subscription_id: sub.id, line: key, reference_price: c.price })
      .onConflict((oc) =>
        oc.columns(["subscription_id", "line"]).doUpdateSet({ reference_price: c.price }),
      )
      .execute();
  }
  if (moves.length === 0) return undefined;
  const largest = moves.reduce((a, b) => (Math.abs(b.change) > Math.abs(a.change) ? b : a));
  const { prices: _prices, ...line } = p;
  return {
    ...line,
    event: "odds.moved",
    event_id: derivedId("dev", event.id, sub.id),
    moves,
    change: largest.change,
    threshold: sub.threshold,
  };
}
