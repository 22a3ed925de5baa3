/**
 * One delivery attempt: sign the stored body, POST it (SSRF-guarded, 10 s, no redirects), log
 * the attempt and decide what follows — success on 2xx only; otherwise the next attempt on the
 * schedule (honouring Retry-After on 429/503) until attempts run out. A 410 disables the
 * subscription; so does failing every delivery for SCORELINE_WEBHOOK_DISABLE_AFTER.
 */
import type { Agent } from "undici";
import { DeliveryError, sendWebhook } from "../adapters/webhooks/delivery-agent.js";
import { isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import type { WebhookAttemptsTable, WebhookDeliveriesTable } from "../store/tables.js";
import { nextDelay } from "./retry-schedule.js";
import { deliveryHeaders } from "./signing.js";
import { type SubscriptionRow, signingSecrets } from "./subscriptions.js";

export interface DeliverySettings {
  /** Seconds before each attempt (SCORELINE_WEBHOOK_RETRY_SCHEDULE); its length is the attempt limit. */
  schedule: readonly number[];
  /** A subscription whose deliveries all fail for this long is disabled. */
  disableAfterMs: number;
  timeoutMs: number;
  random?: () => number;
}

export interface AttemptDeps {
  store: Store;
  agent: Agent;
  clock: () => Date;
  settings: DeliverySettings;
}

export type DeliveryRow = WebhookDeliveriesTable;

const BODY_LOG_BYTES = 2048;

export async function attemptDelivery(
  deps: AttemptDeps,
  delivery: DeliveryRow,
  subscription: SubscriptionRow,
  options: { manual?: boolean; owner?: string | null } = {},
): Promise<WebhookAttemptsTable> {
  const { store, settings } = deps;
  const started = deps.clock();
  const number = delivery.attempts + 1;
  let status = 0;
  let error: string | null = null;
  let responseBody: string | null = null;
  let durationMs = 0;
  let retryAfter: string | undefined;
  if (subscription.enabled !== 1) {
    error = `subscription disabled: ${subscription.disabled_reason ?? "no reason given"}`;
  } else {
    const headers = deliveryHeaders({
      eventId: delivery.event_id,
      eventType: delivery.event_type,
      body: delivery.body,
      secrets: signingSecrets(subscription, started),
      now: started,
    });
    const t = performance.now();
    try {
      const response = await sendWebhook(deps.agent, subscription.url, {
        body: delivery.body,
        headers,
        timeoutMs: settings.timeoutMs,
      });
      status = response.status;
      responseBody = response.bodyPrefix.slice(0, BODY_LOG_BYTES);
      durationMs = response.durationMs;
      const header = response.headers["retry-after"];
      retryAfter = Array.isArray(header) ? header[0] : header;
      if (status < 200 || status > 299)
        error = `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`;
    } catch (caught) {
      durationMs = Math.round(performance.now() - t);
      error =
        caught instanceof DeliveryError
          ? caught.reason
          : `delivery failed: ${(caught as Error).message}`;
    }
  }
  const finished = deps.clock();
  const ok = status >= 200 && status <= 299;
  const automaticAttempts = options.manual ? delivery.attempts : number;
  const delay =
    ok ||
    subscription.enabled !== 1 ||
    status === 410 ||
    (options.manual && delivery.state !== "pending")
      ? undefined
      : nextDelay(
          settings.schedule,
          automaticAttempts,
          status,
          retryAfter,
          finished,
          settings.random,
        );
  const next = delay === undefined ? null : new Date(finished.getTime() + delay).toISOString();
  const state = ok ? "succeeded" : next === null ? "failed" : "pending";
  const attempt: WebhookAttemptsTable = {
    delivery_id: delivery.id,
    attempt: number,
    attempted_at: started.toISOString(),
    status,
    duration_ms: durationMs,
    error,
    response_body: responseBody,
    next_attempt_at: next,
    manual: options.manual ? 1 : 0,
  };
  await store.db.transaction().execute(async (trx) => {
    await trx.insertInto("webhook_attempts").values(attempt).execute();
    let update = trx
      .updateTable("webhook_deliveries")
      .set({
        attempts: number,
        state,
        next_attempt_at: next,
        lease_owner: null,
        lease_expires_at: null,
        last_status: status,
        last_error: error,
        updated_at: finished.toISOString(),
      })
      .where("id", "=", delivery.id);
    if (options.owner) update = update.where("lease_owner", "=", options.owner);
    await update.execute();
    if (subscription.enabled !== 1) return;
    const at = isoSeconds(finished);
    if (ok) {
      if (subscription.failing_since !== null) {
        await trx
          .updateTable("webhook_subscriptions")
          .set({ failing_since: null })
          .where("id", "=", subscription.id)
          .execute();
      }
      return;
    }
    const failingSince = subscription.failing_since ?? at;
    const failingFor = finished.getTime() - Date.parse(failingSince);
    const reason =
      status === 410
        ? "the endpoint answered 410 Gone"
        : failingFor >= settings.disableAfterMs
          ? `every delivery failed for ${Math.round(failingFor / 3_600_000)} h (since ${failingSince})`
          : null;
    await trx
      .updateTable("webhook_subscriptions")
      .set(
        reason === null
          ? { failing_since: failingSince }
          : {
              failing_since: failingSince,
              enabled: 0,
              disabled_reason: reason,
              disabled_at: at,
              updated_at: at,
            },
      )
      .where("id", "=", subscription.id)
      .execute();
  });
  return attempt;
}
