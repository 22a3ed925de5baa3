/**
 * `POST {sandbox_url}/v1/webhooks/test` `{url, event?, secret?}` (ADR-0019): fires a signed
 * sample payload of every event type (or the chosen one) at `url` — with exactly the real host's
 * headers and signatures, through the same SSRF-guarded agent — and answers with each delivery's
 * result. Without `secret` one is generated and returned, so the receiver's verification can be
 * checked against it.
 */
import { Type } from "@sinclair/typebox";
import type { Agent } from "undici";
import { DeliveryError, sendWebhook } from "../adapters/webhooks/delivery-agent.js";
import { invalidParameter } from "../errors/service-error.js";
import { EVENT_TYPES, type EventType, isEventType } from "../events/domain-event.js";
import type { App } from "../http/app-type.js";
import { ok } from "../http/reply.js";
import { Envelope, errorResponses, Nullable } from "../http/schemas/common.js";
import type { Clock } from "../lib/time.js";
import { samplePayload } from "../webhooks/sample-payloads.js";
import { generateSecret, secretProblem } from "../webhooks/secrets.js";
import { DELIVERY_TIMEOUT_MS } from "../webhooks/settings.js";
import { deliveryHeaders } from "../webhooks/signing.js";

const Body = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  event: Type.Optional(Type.String({ description: `one of: ${EVENT_TYPES.join(", ")}` })),
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

const Result = Type.Object({
  url: Type.String(),
  secret: Type.String({ description: "the secret the deliveries were signed with" }),
  deliveries: Type.Array(
    Type.Object({
      event: Type.String(),
      event_id: Type.String(),
      status: Type.Integer({
        description: "HTTP status; 0 for a network error or a refused address",
      }),
      ok: Type.Boolean(),
      duration_ms: Type.Integer(),
      error: Nullable(Type.String()),
      response_body: Nullable(Type.String()),
    }),
  ),
});

export function testReceiverRoute(
  app: App,
  deps: { agent: Agent; allowPrivate: boolean; clock: Clock },
): void {
  app.post(
    "/v1/webhooks/test",
    {
      schema: {
        operationId: "sendSampleWebhooks",
        summary: "Sandbox: fire signed sample webhooks at a URL",
        description:
          "Sends one signed sample payload of every event type (or `event`) to `url` with the real host's headers and signatures, and answers with each delivery's status. No key needed.",
        tags: ["webhooks"],
        body: Body,
        response: { 200: Envelope(Result), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { url, event, secret } = request.body;
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw invalidParameter(
          "url",
          "url must be an absolute URL, e.g. https://example.com/hooks",
        );
      }
      if (target.protocol !== "https:" && !(target.protocol === "http:" && deps.allowPrivate)) {
        throw invalidParameter("url", "url must use https");
      }
      if (event !== undefined && !isEventType(event)) {
        throw invalidParameter(
          "event",
          `unknown event type "${event}"; use: ${EVENT_TYPES.join(", ")}`,
        );
      }
      if (secret !== undefined) {
        const problem = secretProblem(secret);
        if (problem !== undefined) throw invalidParameter("secret", problem);
      }
      const signing = secret ?? generateSecret();
      const events: EventType[] = event === undefined ? [...EVENT_TYPES] : [event as EventType];
      // All at once: a target that never answers costs one 10 s timeout, not one per event.
      const deliveries = await Promise.all(
        events.map(async (type) => {
          const now = deps.clock();
          const payload = samplePayload(type, now);
          const body = JSON.stringify(payload);
          const headers = deliveryHeaders({
            eventId: payload.event_id,
            eventType: type,
            body,
            secrets: [signing],
            now,
          });
          try {
            const response = await sendWebhook(deps.agent, target.toString(), {
              body,
              headers,
              timeoutMs: DELIVERY_TIMEOUT_MS,
            });
            const success = response.status >= 200 && response.status <= 299;
            return {
              event: type,
              event_id: payload.event_id,
              status: response.status,
              ok: success,
              duration_ms: response.durationMs,
              error: success ? null : `HTTP ${response.status}`,
              response_body: response.bodyPrefix,
            };
          } catch (error) {
            return {
              event: type,
              event_id: payload.event_id,
              status: 0,
              ok: false,
              duration_ms: error instanceof DeliveryError ? error.durationMs : 0,
              error: error instanceof DeliveryError ? error.reason : (error as Error).message,
              response_body: null,
            };
          }
        }),
      );
      return ok(request, deps.clock, { url: target.toString(), secret: signing, deliveries });
    },
  );
}
