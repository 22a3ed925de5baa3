/**
 * Webhook test helpers: a delivery worker over a private-address agent; signature checks
 * (Standard Webhooks with the `standardwebhooks` package, and `X-Service-Signature`); API
 * shortcuts for subscriptions and the delivery log. The receiver is helpers/webhook-receiver.ts.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Agent } from "undici";
import { createAccount } from "../../src/accounts/accounts-service.js";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { createDeliveryAgent } from "../../src/adapters/webhooks/delivery-agent.js";
import { loadPlans } from "../../src/config/plans.js";
import { newId } from "../../src/lib/ids.js";
import type { Store } from "../../src/store/database.js";
import type { WebhookDeliveriesTable } from "../../src/store/tables.js";
import { DeliveryWorker } from "../../src/webhooks/delivery-worker.js";
import { createSubscription } from "../../src/webhooks/subscriptions.js";
import type { TestApp } from "../helpers/app.js";
import { realClock } from "../helpers/clock.js";
import { leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { waitFor } from "../helpers/wait.js";
import type { ReceivedRequest } from "../helpers/webhook-receiver.js";
import { assertAllApplied, type LiveTestApp } from "../live/feed-helpers.js";

/** The switch that lets deliveries reach 127.0.0.1 and subscriptions use plain http. */
export const ALLOW_PRIVATE = { SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true" };
/** A fast retry schedule: attempts at 0, +0.1, +0.2, +0.3 and +0.4 s (±20 % jitter). */
export const FAST_SCHEDULE = [0, 0.1, 0.2, 0.3, 0.4];

export interface RunningWorker {
  worker: DeliveryWorker;
  agent: Agent;
  stop(): Promise<void>;
}

export interface WorkerSetup {
  bus?: EventBus;
  schedule?: readonly number[];
  disableAfterMs?: number;
  timeoutMs?: number;
  allowPrivate?: boolean;
  concurrency?: number;
  pollMs?: number;
  /** Connections per origin of the worker's agent. */
  connections?: number;
  random?: () => number;
  /** The clock that stamps attempts and decides what is due (real time by default). */
  clock?: () => Date;
  /** The lease of a claim, and how often the leases of attempts in flight are renewed. */
  leaseMs?: number;
  renewMs?: number;
}

/** A started DeliveryWorker over its own agent (private addresses allowed unless told). */
export function startWorker(store: Store, setup: WorkerSetup = {}): RunningWorker {
  const agent = createDeliveryAgent({
    allowPrivate: setup.allowPrivate ?? true,
    ...(setup.connections ? { connections: setup.connections } : {}),
  });
  const worker = new DeliveryWorker({
    store,
    agent,
    ...(setup.bus ? { bus: setup.bus } : {}),
    ...(setup.clock ? { clock: setup.clock } : {}),
    settings: {
      schedule: setup.schedule ?? FAST_SCHEDULE,
      disableAfterMs: setup.disableAfterMs ?? 3_600_000,
      timeoutMs: setup.timeoutMs ?? 2_000,
      ...(setup.random ? { random: setup.random } : {}),
    },
    pollMs: setup.pollMs ?? 20,
    ...(setup.concurrency ? { concurrency: setup.concurrency } : {}),
    ...(setup.leaseMs ? { leaseMs: setup.leaseMs } : {}),
    ...(setup.renewMs ? { renewMs: setup.renewMs } : {}),
  });
  worker.start();
  return {
    worker,
    agent,
    stop: async () => {
      await worker.stop();
      await agent.close();
    },
  };
}

/** The Standard Webhooks headers of a request, as `Webhook.verify` takes them. */
function standardHeaders(request: ReceivedRequest): Record<string, string> {
  const header = (name: string) => {
    const value = request.headers[name];
    assert.equal(typeof value, "string", `${name} header`);
    return value as string;
  };
  return {
    "webhook-id": header("webhook-id"),
    "webhook-timestamp": header("webhook-timestamp"),
    "webhook-signature": header("webhook-signature"),
  };
}

export function expectedServiceSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * Both signatures of a delivery verify with `secret`: Standard Webhooks through the
 * `standardwebhooks` package, and `X-Service-Signature` lists `sha256=` + hex HMAC-SHA256 of the
 * raw body keyed with the secret text.
 */
export function assertSignedWith(request: ReceivedRequest, secret: string): void {
  assert.doesNotThrow(
    () => new Webhook(secret).verify(request.body, standardHeaders(request)),
    "the Standard Webhooks signature verifies",
  );
  const service = request.headers["x-service-signature"];
  assert.equal(typeof service, "string", "X-Service-Signature is present");
  assert.ok(
    (service as string).split(",").includes(expectedServiceSignature(request.body, secret)),
    `X-Service-Signature ${service} holds sha256=HMAC(body, secret)`,
  );
}

export function assertNotSignedWith(request: ReceivedRequest, secret: string): void {
  assert.throws(() => new Webhook(secret).verify(request.body, standardHeaders(request)));
  assert.ok(
    !String(request.headers["x-service-signature"]).includes(
      expectedServiceSignature(request.body, secret),
    ),
  );
}

export function json(request: ReceivedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>;
}

// --- API shortcuts (through the app's inject, which sends the test key) ---

export interface SubscriptionBody {
  id: string;
  url: string;
  events: string[];
  sport: string | null;
  leagues: string[];
  matches: string[];
  odds_threshold: number;
  status: "active" | "disabled";
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
  failing_since: string | null;
  secret_hint: string;
  previous_secret_expires_at: string | null;
  secret?: string;
  [field: string]: unknown;
}

export interface AttemptBody {
  attempt: number;
  attempted_at: string;
  status: number;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  next_attempt_at: string | null;
  manual: boolean;
}

export interface DeliveryBody {
  id: string;
  subscription_id: string;
  event_id: string;
  event: string;
  state: "pending" | "succeeded" | "failed";
  attempts: AttemptBody[];
  attempt_count: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  payload: Record<string, unknown>;
}

/** POST /v1/webhooks, expecting 201. */
export async function subscribe(
  t: Pick<TestApp, "app">,
  body: Record<string, unknown>,
): Promise<SubscriptionBody & { secret: string }> {
  const response = await t.app.inject({ method: "POST", url: "/v1/webhooks", payload: body });
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data;
}

export async function getSubscription(
  t: Pick<TestApp, "app">,
  id: string,
): Promise<SubscriptionBody> {
  const response = await t.app.inject({ method: "GET", url: `/v1/webhooks/${id}` });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

/** The delivery log (up to 100 deliveries, newest first). */
export async function deliveryLog(
  t: Pick<TestApp, "app">,
  id: string,
  state?: string,
): Promise<DeliveryBody[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/v1/webhooks/${id}/deliveries?per_page=100${state ? `&state=${state}` : ""}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

/** Waits until the subscription has `count` deliveries and none is pending; returns the log. */
export async function settledLog(
  t: Pick<TestApp, "app">,
  id: string,
  count: number,
  timeoutMs = 30_000,
): Promise<DeliveryBody[]> {
  let log: DeliveryBody[] = [];
  await waitFor(
    async () => {
      log = await deliveryLog(t, id);
      return log.length >= count && log.every((d) => d.state !== "pending");
    },
    {
      timeoutMs: timeoutMs,
      what: () =>
        `${count} settled deliveries; have ${JSON.stringify(log.map((d) => [d.event, d.state, d.attempt_count]))}`,
    },
  );
  return log;
}

// --- Feed shortcuts ---

/** A league with one fixture (`leagueMessages`), kicked off. */
export async function liveFixture(t: LiveTestApp, sport = "football", fixtureId = "fx-1") {
  assertAllApplied(
    await t.feed([...leagueMessages(sport, fixtureId), statusMsg(sport, fixtureId, "live")]),
  );
}

/** Feeds messages, asserting each applied. */
export async function feedAll(t: LiveTestApp, messages: unknown[]) {
  return assertAllApplied(await t.feed(messages));
}

/**
 * A new account's subscription to `url` and `count` pending `match.goal` deliveries for it, due
 * now, written straight into the outbox (a backlog); their event ids, in order.
 */
export async function pendingDeliveries(
  store: Store,
  url: string,
  count: number,
): Promise<string[]> {
  const ctx = { store, clock: realClock, plans: loadPlans(undefined) };
  const account = await createAccount(ctx, { email: `${newId("acc")}@example.com` });
  const sub = await createSubscription(ctx, { allowPrivate: true }, account.id, {
    url,
    events: ["match.goal"],
  });
  const now = new Date().toISOString();
  const rows: WebhookDeliveriesTable[] = Array.from({ length: count }, (_, i) => {
    const eventId = `dev_backlog${String(i).padStart(5, "0")}`;
    return {
      id: newId("whd"),
      subscription_id: sub.id,
      event_id: eventId,
      event_type: "match.goal",
      body: JSON.stringify({ event: "match.goal", event_id: eventId, n: i }),
      state: "pending",
      attempts: 0,
      next_attempt_at: now,
      lease_owner: null,
      lease_expires_at: null,
      last_status: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    };
  });
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 100) {
      await trx
        .insertInto("webhook_deliveries")
        .values(rows.slice(i, i + 100))
        .execute();
    }
  });
  return rows.map((r) => r.event_id);
}
