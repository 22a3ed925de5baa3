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
import { Envelope, errorResponses, Id, PageQuery } from "../../schemas/common.js";
import {
  CreateBody,
  Delivery,
  EventName,
  RecoverBody,
  Recovered,
  Subscription,
  UpdateBody,
  WithSecret,
} from "../../schemas/webhooks.js";

export interface WebhookRouteDeps {
  ctx: ServiceContext;
  settings: WebhookSettings;
  attempts: AttemptDeps;
  clock: Clock;
  /** SCORELINE_WEBHOOK_LOG_RETENTION_DAYS in ms: how far back recover may reach. */
  retentionMs: number;
}

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
