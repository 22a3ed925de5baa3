/**
 * The delivery log (`GET /v1/webhooks/{id}/deliveries`), a manual retry (one more attempt, now,
 * logged with the others) and the test event (`POST /v1/webhooks/{id}/test`): a signed sample
 * payload of one event type sent through the same path as every delivery.
 */

import { invalidParameter, notFound } from "../errors/service-error.js";
import type { EventType } from "../events/domain-event.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import type { WebhookAttemptsTable } from "../store/tables.js";
import { type AttemptDeps, attemptDelivery, type DeliveryRow } from "./attempt.js";
import { leaseFree, leaseUntil } from "./lease.js";
import { samplePayload } from "./sample-payloads.js";
import { disabledSubscription, requireSubscription } from "./subscriptions.js";

const seconds = (iso: string | null) => (iso === null ? null : isoSeconds(new Date(iso)));

function presentAttempt(a: WebhookAttemptsTable) {
  return {
    attempt: a.attempt,
    attempted_at: seconds(a.attempted_at),
    status: a.status,
    duration_ms: a.duration_ms,
    error: a.error,
    response_body: a.response_body,
    next_attempt_at: seconds(a.next_attempt_at),
    manual: a.manual === 1,
  };
}

function presentDelivery(d: DeliveryRow, attempts: WebhookAttemptsTable[]) {
  return {
    id: d.id,
    subscription_id: d.subscription_id,
    event_id: d.event_id,
    event: d.event_type,
    state: d.state,
    attempts: attempts.map(presentAttempt),
    attempt_count: d.attempts,
    next_attempt_at: d.state === "pending" ? seconds(d.next_attempt_at) : null,
    last_status: d.last_status,
    last_error: d.last_error,
    payload: JSON.parse(d.body) as unknown,
    created_at: seconds(d.created_at),
    updated_at: seconds(d.updated_at),
  };
}

async function attemptsOf(ctx: ServiceContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, WebhookAttemptsTable[]>();
  const rows = await ctx.store.db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where("delivery_id", "in", ids)
    .orderBy("delivery_id")
    .orderBy("attempt")
    .execute();
  const by = new Map<string, WebhookAttemptsTable[]>();
  for (const row of rows) by.set(row.delivery_id, [...(by.get(row.delivery_id) ?? []), row]);
  return by;
}

export async function listDeliveries(
  ctx: ServiceContext,
  accountId: string,
  subscriptionId: string,
  query: {
    page: number;
    perPage: number;
    state?: string | undefined;
    event?: string | undefined;
  },
) {
  await requireSubscription(ctx, accountId, subscriptionId);
  let base = ctx.store.db
    .selectFrom("webhook_deliveries")
    .where("subscription_id", "=", subscriptionId);
  if (query.state !== undefined) base = base.where("state", "=", query.state);
  if (query.event !== undefined) base = base.where("event_type", "=", query.event);
  const total = await base
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const attempts = await attemptsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => presentDelivery(r, attempts.get(r.id) ?? [])),
    page: query.page,
    perPage: query.perPage,
    total: Number(total.n),
  };
}

async function withAttempts(ctx: ServiceContext, id: string) {
  const row = await ctx.store.db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const attempts = await attemptsOf(ctx, [id]);
  return presentDelivery(row, attempts.get(id) ?? []);
}

/** One more attempt now. A delivery another worker is attempting at this moment is a 409-free wait: we take the lease first. */
export async function retryDelivery(
  ctx: ServiceContext,
  deps: AttemptDeps,
  accountId: string,
  subscriptionId: string,
  deliveryId: string,
) {
  const subscription = await requireSubscription(ctx, accountId, subscriptionId);
  if (subscription.enabled !== 1) throw disabledSubscription(subscriptionId);
  const owner = `manual_${newId("whd").slice(4)}`;
  const taken = await ctx.store.db
    .updateTable("webhook_deliveries")
    .set({ lease_owner: owner, lease_expires_at: leaseUntil(60_000) })
    .where("id", "=", deliveryId)
    .where("subscription_id", "=", subscriptionId)
    .where(leaseFree())
    .returningAll()
    .executeTakeFirst();
  if (taken === undefined) {
    const exists = await ctx.store.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("id", "=", deliveryId)
      .where("subscription_id", "=", subscriptionId)
      .executeTakeFirst();
    if (exists === undefined) throw notFound(`delivery ${deliveryId}`);
    throw invalidParameter(
      "delivery_id",
      "an attempt of this delivery is in flight; retry when it has finished",
    );
  }
  await attemptDelivery(deps, taken, subscription, { manual: true, owner });
  return withAttempts(ctx, deliveryId);
}

/** A signed sample of `event` (default `match.goal`) to the subscription's URL, logged. */
export async function sendTestEvent(
  ctx: ServiceContext,
  deps: AttemptDeps,
  accountId: string,
  subscriptionId: string,
  event: EventType,
) {
  const subscription = await requireSubscription(ctx, accountId, subscriptionId);
  const now = ctx.clock();
  const payload = samplePayload(event, now);
  const owner = `test_${newId("whd").slice(4)}`;
  const row: DeliveryRow = {
    id: newId("whd"),
    subscription_id: subscription.id,
    event_id: payload.event_id,
    event_type: event,
    body: JSON.stringify(payload),
    state: "pending",
    attempts: 0,
    next_attempt_at: now.toISOString(),
    lease_owner: owner,
    lease_expires_at: leaseUntil(60_000),
    last_status: null,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await ctx.store.db.insertInto("webhook_deliveries").values(row).execute();
  await attemptDelivery(deps, row, subscription, { owner, once: true });
  return withAttempts(ctx, row.id);
}
