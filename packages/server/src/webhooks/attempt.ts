/**
 * One delivery attempt: sign the stored body, POST it (SSRF-guarded, 10 s, no redirects), log
 * the attempt and decide what follows — success on 2xx only; otherwise the next attempt on the
 * schedule (honouring Retry-After on 429/503) until attempts run out. A 410 disables the
 * subscription; so does failing every delivery for SCORELINE_WEBHOOK_DISABLE_AFTER. A delivery of
 * a disabled subscription is not sent and keeps its state: it is sent once the subscription is
 * enabled again.
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

export interface AttemptOptions {
  /** Asked for through the retry endpoint: logged as manual, not counted against the schedule. */
  manual?: boolean;
  /** A single attempt with no retries (test events). */
  once?: boolean;
  /** The lease holder; the delivery is updated only while this owner holds it. */
  owner?: string | null;
}

async function manualAttempts(store: Store, deliveryId: string): Promise<number> {
  const row = await store.db
    .selectFrom("webhook_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("delivery_id", "=", deliveryId)
    .where("manual", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What one attempt found and what follows from it, ready to be recorded. */
export interface AttemptOutcome {
  delivery: DeliveryRow;
  subscription: SubscriptionRow;
  attempt: WebhookAttemptsTable;
  state: "pending" | "succeeded" | "failed";
  owner: string | null;
  finished: Date;
}

/** Sends one attempt (no database writes) and decides the delivery's next state. */
export async function performAttempt(
  deps: AttemptDeps,
  delivery: DeliveryRow,
  subscription: SubscriptionRow,
  options: AttemptOptions = {},
): Promise<AttemptOutcome> {
  const { settings } = deps;
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
      if (status < 200 || status > 299) {
        error = `HTTP ${status}${status >= 300 && status < 400 ? " (redirects are not followed)" : ""}`;
      }
    } catch (caught) {
      durationMs = Math.round(performance.now() - t);
      error =
        caught instanceof DeliveryError
          ? caught.reason
          : `delivery failed: ${(caught as Error).message}`;
    }
  }
  const finished = deps.clock();
  // The attempt's end as the log records it (attempted_at + duration_ms); the next attempt is
  // due from there, not from when this process got round to recording it (on a loaded machine
  // the two differ).
  const ended = new Date(started.getTime() + durationMs);
  const ok = status >= 200 && status <= 299;
  // A manual attempt is logged with the others but does not use up an automatic one.
  const manualSoFar = delivery.attempts === 0 ? 0 : await manualAttempts(deps.store, delivery.id);
  const automaticAttempts = delivery.attempts - manualSoFar + (options.manual ? 0 : 1);
  const delay =
    ok ||
    subscription.enabled !== 1 ||
    status === 410 ||
    options.once === true ||
    (options.manual && delivery.state !== "pending")
      ? undefined
      : nextDelay(settings.schedule, automaticAttempts, status, retryAfter, ended, settings.random);
  const kept = subscription.enabled !== 1 && delivery.state === "pending" && options.once !== true;
  const next = kept
    ? delivery.next_attempt_at
    : delay === undefined
      ? null
      : new Date(ended.getTime() + delay).toISOString();
  return {
    delivery,
    subscription,
    owner: options.owner ?? null,
    finished,
    state: ok ? "succeeded" : next === null ? "failed" : "pending",
    attempt: {
      delivery_id: delivery.id,
      attempt: number,
      attempted_at: started.toISOString(),
      status,
      duration_ms: durationMs,
      error,
      response_body: responseBody,
      next_attempt_at: next,
      manual: options.manual ? 1 : 0,
    },
  };
}

/**
 * Writes attempts in one transaction: the log rows, each delivery's new state (its lease
 * released), and what they mean for their subscriptions — a success clears `failing_since`; a
 * failure starts it, and a 410 or failing for `disableAfterMs` disables the subscription.
 */
export async function recordAttempts(
  store: Store,
  settings: DeliverySettings,
  outcomes: readonly AttemptOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values(outcomes.map((o) => o.attempt))
      .execute();
    const subscriptions = new Map<string, { enabled: number; failing_since: string | null }>();
    // Rows in id order: two transactions that lock deliveries in one order cannot deadlock.
    const byDelivery = [...outcomes].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    for (const o of byDelivery) {
      const { attempt } = o;
      let update = trx
        .updateTable("webhook_deliveries")
        .set({
          attempts: attempt.attempt,
          state: o.state,
          next_attempt_at: attempt.next_attempt_at,
          lease_owner: null,
          lease_expires_at: null,
          last_status: attempt.status,
          last_error: attempt.error,
          updated_at: o.finished.toISOString(),
        })
        .where("id", "=", o.delivery.id);
      if (o.owner !== null) update = update.where("lease_owner", "=", o.owner);
      await update.execute();

      const sub = subscriptions.get(o.subscription.id) ?? {
        enabled: o.subscription.enabled,
        failing_since: o.subscription.failing_since,
      };
      subscriptions.set(o.subscription.id, sub);
      if (sub.enabled !== 1 || o.subscription.enabled !== 1) continue;
      const at = isoSeconds(o.finished);
      if (o.state === "succeeded") {
        if (sub.failing_since !== null) {
          sub.failing_since = null;
          await trx
            .updateTable("webhook_subscriptions")
            .set({ failing_since: null })
            .where("id", "=", o.subscription.id)
            .execute();
        }
        continue;
      }
      const failingSince = sub.failing_since ?? at;
      const failingFor = o.finished.getTime() - Date.parse(failingSince);
      const reason =
        attempt.status === 410
          ? "the endpoint answered 410 Gone"
          : failingFor >= settings.disableAfterMs
            ? `every delivery failed for ${Math.round(failingFor / 3_600_000)} h (since ${failingSince})`
            : null;
      if (reason === null && sub.failing_since === failingSince) continue;
      sub.failing_since = failingSince;
      if (reason !== null) sub.enabled = 0;
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
        .where("id", "=", o.subscription.id)
        .execute();
    }
  });
}

/** One attempt, sent and recorded (manual retries, test events). */
export async function attemptDelivery(
  deps: AttemptDeps,
  delivery: DeliveryRow,
  subscription: SubscriptionRow,
  options: AttemptOptions = {},
): Promise<WebhookAttemptsTable> {
  const outcome = await performAttempt(deps, delivery, subscription, options);
  await recordAttempts(deps.store, deps.settings, [outcome]);
  return outcome.attempt;
}
