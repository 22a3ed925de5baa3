/**
 * /v1/webhooks (ADR-0013): subscriptions of the key's account — create (201, the secret in
 * full this once), list, read, change, delete, rotate the secret, send a test event — and each
 * subscription's delivery log with a manual retry, and recover (re-send the failed deliveries
 * since a time). Another account's id is a 404.
 */
import { Type } from "@sinclair/typebox";
import { invalidParameter } from "../../../errors/service-error.js";
import { EVENT_TYPES, type EventType } from "../../../events/domain-event.js";
import type { Clock } from "../../../lib/time.js";
import type { ServiceContext } from "../../../services/context.js";
import { SPORTS } from "../../../sports/types.js";
import type { AttemptDeps } from "../../../webhooks/attempt.js";
import { listDeliveries, retryDelivery, sendTestEvent } from "../../../webhooks/delivery-log.js";
import { recoverDeliveries } from "../../../webhooks/recover.js";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  presentSubscription,
  requireSubscription,
  rotateSecret,
  updateSubscription,
  type WebhookSettings,
} from "../../../webhooks/subscriptions.js";
import type { App } from "../../app-type.js";
import { ok, okPage, pageOf } from "../../reply.js";
import {
  Document,
  Envelope,
  errorResponses,
  Id,
  Nullable,
  PageQuery,
} from "../../schemas/common.js";

export interface WebhookRouteDeps {
  ctx: ServiceContext;
  settings: WebhookSettings;
  attempts: AttemptDeps;
  clock: Clock;
  /** SCORELINE_WEBHOOK_LOG_RETENTION_DAYS in ms: how far back recover may reach. */
  retentionMs: number;
}

const EventName = Type.String({ description: `one of: ${EVENT_TYPES.join(", ")}` });
const Sport = Type.String({ description: `one of: ${SPORTS.join(", ")}` });

const Fields = {
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: "https URL that receives the events",
  }),
  events: Type.Array(EventName, { maxItems: 8 }),
  sport: Nullable(Sport),
  leagues: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 100,
    description: "competition ids or slugs; empty = every league",
  }),
  matches: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 500,
    description: "fixture ids; empty = every match",
  }),
  odds_threshold: Type.Number({
    description: "relative price move that fires odds.moved, in (0, 1]; default 0.05",
  }),
  description: Nullable(Type.String({ maxLength: 500 })),
  enabled: Type.Boolean(),
};

const CreateBody = Type.Object({
  url: Fields.url,
  events: Fields.events,
  sport: Type.Optional(Fields.sport),
  leagues: Type.Optional(Fields.leagues),
  matches: Type.Optional(Fields.matches),
  odds_threshold: Type.Optional(Fields.odds_threshold),
  secret: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "whsec_ + base64 of at least 24 bytes; generated when omitted",
    }),
  ),
  description: Type.Optional(Fields.description),
  enabled: Type.Optional(Fields.enabled),
});

const UpdateBody = Type.Object({
  url: Type.Optional(Fields.url),
  events: Type.Optional(Fields.events),
  sport: Type.Optional(Fields.sport),
  leagues: Type.Optional(Fields.leagues),
  matches: Type.Optional(Fields.matches),
  odds_threshold: Type.Optional(Fields.odds_threshold),
  description: Type.Optional(Fields.description),
  enabled: Type.Optional(Fields.enabled),
  secret: Type.Optional(Type.String()),
});

const Subscription = Type.Object({
  id: Id,
  url: Type.String(),
  events: Type.Array(Type.String()),
  sport: Nullable(Type.String()),
  leagues: Type.Array(Type.String()),
  matches: Type.Array(Type.String()),
  odds_threshold: Type.Number(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  status: Type.String({ enum: ["active", "disabled"] }),
  disabled_reason: Nullable(Type.String()),
  disabled_at: Nullable(Type.String()),
  failing_since: Nullable(Type.String()),
  secret_hint: Type.String(),
  previous_secret_expires_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const WithSecret = Type.Intersect([
  Subscription,
  Type.Object({ secret: Type.String({ description: "shown only in this response" }) }),
]);

const Attempt = Type.Object({
  attempt: Type.Integer(),
  attempted_at: Nullable(Type.String()),
  status: Type.Integer({ description: "HTTP status; 0 for a network error or a refused address" }),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  response_body: Nullable(Type.String({ description: "the first 2 KB" })),
  next_attempt_at: Nullable(Type.String()),
  manual: Type.Boolean(),
});
const Delivery = Type.Object({
  id: Id,
  subscription_id: Id,
  event_id: Type.String(),
  event: Type.String(),
  state: Type.String({ enum: ["pending", "succeeded", "failed"] }),
  attempts: Type.Array(Attempt),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  payload: Document,
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});

const RecoverBody = Type.Object({
  since: Type.String({
    format: "date-time",
    description:
      "ISO 8601; failed deliveries created at or after this are sent again. In the past, and within the delivery log's retention (30 days by default).",
    examples: ["2026-11-21T10:00:00Z"],
  }),
  until: Type.Optional(
    Type.String({
      format: "date-time",
      description: "ISO 8601; only deliveries created before this (default: now)",
    }),
  ),
});
const Recovered = Type.Object({
  subscription_id: Id,
  since: Type.String(),
  until: Type.String(),
  queued: Type.Integer({ description: "failed deliveries put back in the queue" }),
});

const IdParams = Type.Object({ id: Id });
const tags = ["webhooks"];

function accountOf(request: { principal?: { accountId: string } }): string {
  if (request.principal === undefined) throw new Error("webhook route reached without a principal");
  return request.principal.accountId;
}

export function webhookRoutes(app: App, deps: WebhookRouteDeps): void {
  const { ctx, settings, clock } = deps;

  app.post(
    "/v1/webhooks",
    {
      schema: {
        operationId: "createWebhook",
        summary: "Register a webhook subscription",
        description:
          "The answer carries `secret` in full; it is never shown again (rotate to get a new one).",
        tags,
        body: CreateBody,
        response: { 201: Envelope(WithSecret), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const created = await createSubscription(ctx, settings, accountOf(request), request.body);
      reply.code(201);
      return ok(request, clock, created);
    },
  );

  app.get(
    "/v1/webhooks",
    {
      schema: {
        operationId: "listWebhooks",
        summary: "This account's webhook subscriptions",
        tags,
        response: { 200: Envelope(Type.Array(Subscription)), ...errorResponses(401, 429) },
      },
    },
    async (request) => ok(request, clock, await listSubscriptions(ctx, accountOf(request))),
  );

  app.get(
    "/v1/webhooks/:id",
    {
      schema: {
        operationId: "getWebhook",
        summary: "One subscription",
        tags,
        params: IdParams,
        response: { 200: Envelope(Subscription), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        clock,
        presentSubscription(await requireSubscription(ctx, accountOf(request), request.params.id)),
      ),
  );

  app.patch(
    "/v1/webhooks/:id",
    {
      schema: {
        operationId: "updateWebhook",
        summary: "Change a subscription (url, events, filters, threshold, description, enabled)",
        description:
          "`enabled: true` re-enables a subscription that was disabled (by a 410 or persistent failures).",
        tags,
        params: IdParams,
        body: UpdateBody,
        response: { 200: Envelope(Subscription), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        clock,
        await updateSubscription(
          ctx,
          settings,
          accountOf(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    "/v1/webhooks/:id",
    {
      schema: {
        operationId: "deleteWebhook",
        summary: "Delete a subscription and its delivery log",
        tags,
        params: IdParams,
        response: {
          200: Envelope(Type.Object({ id: Id, deleted: Type.Boolean() })),
          ...errorResponses(401, 404, 429),
        },
      },
    },
    async (request) =>
      ok(request, clock, await deleteSubscription(ctx, accountOf(request), request.params.id)),
  );

  app.post(
    "/v1/webhooks/:id/rotate-secret",
    {
      schema: {
        operationId: "rotateWebhookSecret",
        summary: "Issue a new signing secret; the old one keeps signing for 24 hours",
        tags,
        params: IdParams,
        response: { 200: Envelope(WithSecret), ...errorResponses(401, 404, 429) },
      },
    },
    async (request) =>
      ok(request, clock, await rotateSecret(ctx, accountOf(request), request.params.id)),
  );

  app.post(
    "/v1/webhooks/:id/test",
    {
      schema: {
        operationId: "testWebhook",
        summary: "Send a signed sample event to the subscription's URL now",
        description:
          'The payload is marked `"test": true`; the answer is the delivery with its attempt.',
        tags,
        params: IdParams,
        body: Type.Object({ event: Type.Optional(EventName) }),
        response: { 200: Envelope(Delivery), ...errorResponses(400, 401, 404, 429) },
      },
      // A bodiless POST means "the default event".
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const event = request.body?.event ?? "match.goal";
      if (!(EVENT_TYPES as readonly string[]).includes(event)) {
        throw invalidParameter(
          "event",
          `unknown event type "${event}"; use: ${EVENT_TYPES.join(", ")}`,
        );
      }
      return ok(
        request,
        clock,
        await sendTestEvent(
          ctx,
          deps.attempts,
          accountOf(request),
          request.params.id,
          event as EventType,
        ),
      );
    },
  );

  app.get(
    "/v1/webhooks/:id/deliveries",
    {
      schema: {
        operationId: "listWebhookDeliveries",
        summary: "The delivery log: every delivery with every attempt, newest first",
        tags,
        params: IdParams,
        querystring: Type.Object({
          ...PageQuery,
          state: Type.Optional(Type.String({ enum: ["pending", "succeeded", "failed"] })),
          event: Type.Optional(
            Type.String({ enum: [...EVENT_TYPES], description: "only deliveries of this event" }),
          ),
        }),
        response: {
          200: Envelope(Type.Array(Delivery), { paginated: true }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request) => {
      const page = await listDeliveries(ctx, accountOf(request), request.params.id, {
        ...pageOf(request.query),
        state: request.query.state,
        event: request.query.event,
      });
      return okPage(request, clock, page);
    },
  );

  app.post(
    "/v1/webhooks/:id/deliveries/:delivery_id/retry",
    {
      schema: {
        operationId: "retryWebhookDelivery",
        summary: "Attempt a delivery again now (logged as a manual attempt)",
        tags,
        params: Type.Object({ id: Id, delivery_id: Id }),
        response: { 200: Envelope(Delivery), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        clock,
        await retryDelivery(
          ctx,
          deps.attempts,
          accountOf(request),
          request.params.id,
          request.params.delivery_id,
        ),
      ),
  );

  app.post(
    "/v1/webhooks/:id/recover",
    {
      schema: {
        operationId: "recoverWebhookDeliveries",
        summary: "Send again every failed delivery created since a time",
        description:
          "Every `failed` delivery of the subscription created in [`since`, `until`) goes back to `pending` and is sent again by the worker: the same `event_id` and body, signed anew. Each gets the automatic attempts it had left, and at least one. The subscription must be enabled. Answers 202 with how many were queued.",
        tags,
        params: IdParams,
        body: RecoverBody,
        response: { 202: Envelope(Recovered), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const result = await recoverDeliveries(
        ctx,
        accountOf(request),
        request.params.id,
        request.body,
        deps.retentionMs,
      );
      reply.code(202);
      return ok(request, clock, result);
    },
  );
}
