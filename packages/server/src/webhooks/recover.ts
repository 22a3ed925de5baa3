/**
 * Recover (`POST /v1/webhooks/{id}/recover`, as Svix has it): every `failed` delivery of one
 * subscription created in [since, until) goes back to `pending`, due now. The worker then sends
 * each again — the same event id and body, signed anew at the attempt — with the automatic
 * attempts it has left, and at least one: a delivery that used them all gets exactly one more,
 * logged with the others, and is `failed` again if that fails.
 */
import { invalidParameter } from "../errors/service-error.js";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import { disabledSubscription, requireSubscription } from "./subscriptions.js";

export interface RecoverInput {
  since: string;
  until?: string | undefined;
}

export interface RecoverResult {
  subscription_id: string;
  since: string;
  until: string;
  queued: number;
}

function instant(field: string, text: string): Date {
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at.getTime())) {
    throw invalidParameter(
      field,
      `${field} must be an ISO 8601 timestamp, e.g. 2026-11-21T10:00:00Z`,
    );
  }
  return at;
}

/**
 * @param retentionMs SCORELINE_WEBHOOK_LOG_RETENTION_DAYS: older deliveries are deleted, so
 *   `since` may reach back this far and no further.
 */
export async function recoverDeliveries(
  ctx: ServiceContext,
  accountId: string,
  subscriptionId: string,
  input: RecoverInput,
  retentionMs: number,
): Promise<RecoverResult> {
  const subscription = await requireSubscription(ctx, accountId, subscriptionId);
  const now = ctx.clock();
  const since = instant("since", input.since);
  const until = input.until === undefined ? now : instant("until", input.until);
  if (since.getTime() >= now.getTime()) {
    throw invalidParameter("since", "since must be in the past");
  }
  const oldest = now.getTime() - retentionMs;
  if (since.getTime() < oldest) {
    throw invalidParameter(
      "since",
      `since must be within the delivery log's retention (${Math.round(retentionMs / 86_400_000)} days): ${isoSeconds(new Date(oldest))} or later`,
    );
  }
  if (until.getTime() <= since.getTime()) {
    throw invalidParameter("until", "until must be later than since");
  }
  if (subscription.enabled !== 1) throw disabledSubscription(subscriptionId);
  const at = now.toISOString();
  const result = await ctx.store.db
    .updateTable("webhook_deliveries")
    .set({
      state: "pending",
      next_attempt_at: at,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: at,
    })
    .where("subscription_id", "=", subscriptionId)
    .where("state", "=", "failed")
    .where("created_at", ">=", since.toISOString())
    .where("created_at", "<", until.toISOString())
    .executeTakeFirst();
  return {
    subscription_id: subscriptionId,
    since: isoSeconds(since),
    until: isoSeconds(until),
    queued: Number(result.numUpdatedRows),
  };
}
