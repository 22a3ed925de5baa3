/**
 * `client.webhooks`: subscriptions (create, list, retrieve, update, delete, rotate the secret,
 * fire a test, recover failed deliveries), their delivery log and manual retries, and verifying a delivery's signature.
 */
import type { APIPromise } from "../core/api-promise.js";
import type { ListResponse } from "../core/envelope.js";
import type { Page, PagePromise } from "../core/pagination.js";
import { segment } from "../core/query.js";
import type { RequestOptions } from "../core/transport.js";
import type { ScorelineEvent } from "../events.js";
import type {
  DeletedWebhook,
  RotatedWebhookSecret,
  Webhook,
  WebhookCreateParams,
  WebhookDelivery,
  WebhookDeliveryListParams,
  WebhookRecoverParams,
  WebhookRecoverResult,
  WebhookRetryResult,
  WebhookTestParams,
  WebhookTestResult,
  WebhookUpdateParams,
  WebhookWithSecret,
} from "../types.js";
import {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookSecret,
} from "../webhooks/index.js";
import { Resource } from "./resource.js";

export class WebhookDeliveries extends Resource {
  /** `GET /v1/webhooks/{id}/deliveries`: the delivery log, newest first, with every attempt. */
  list(
    webhookId: string,
    params?: WebhookDeliveryListParams,
    options?: RequestOptions,
  ): PagePromise<Page<WebhookDelivery>, WebhookDelivery> {
    return this.paged(`/v1/webhooks/${segment(webhookId)}/deliveries`, params, options);
  }

  /** `POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry`: one more attempt, now. */
  retry(
    webhookId: string,
    deliveryId: string,
    options?: RequestOptions,
  ): APIPromise<WebhookRetryResult> {
    const path = `/v1/webhooks/${segment(webhookId)}/deliveries/${segment(deliveryId)}/retry`;
    return this.one(path, undefined, options, "POST", {});
  }
}

export class Webhooks extends Resource {
  readonly deliveries = new WebhookDeliveries(this.transport);

  /** `POST /v1/webhooks`: the answer carries `secret` in full — the only time it is shown. */
  create(params: WebhookCreateParams, options?: RequestOptions): APIPromise<WebhookWithSecret> {
    return this.one("/v1/webhooks", undefined, options, "POST", params);
  }

  /** `GET /v1/webhooks`: the account's subscriptions. */
  list(options?: RequestOptions): APIPromise<ListResponse<Webhook>> {
    return this.whole("/v1/webhooks", undefined, options);
  }

  retrieve(webhookId: string, options?: RequestOptions): APIPromise<Webhook> {
    return this.one(`/v1/webhooks/${segment(webhookId)}`, undefined, options);
  }

  /** `PATCH /v1/webhooks/{id}`: `{ enabled: true }` re-enables a disabled subscription. */
  update(
    webhookId: string,
    params: WebhookUpdateParams,
    options?: RequestOptions,
  ): APIPromise<Webhook> {
    return this.one(`/v1/webhooks/${segment(webhookId)}`, undefined, options, "PATCH", params);
  }

  /** `DELETE /v1/webhooks/{id}`, with its delivery log. */
  delete(webhookId: string, options?: RequestOptions): APIPromise<DeletedWebhook> {
    return this.one(`/v1/webhooks/${segment(webhookId)}`, undefined, options, "DELETE");
  }

  /** A new secret, shown once; the old one keeps signing for 24 hours. */
  rotateSecret(webhookId: string, options?: RequestOptions): APIPromise<RotatedWebhookSecret> {
    const path = `/v1/webhooks/${segment(webhookId)}/rotate-secret`;
    return this.one(path, undefined, options, "POST", {});
  }

  /**
   * `POST /v1/webhooks/{id}/recover`: every failed delivery created since `since` (and before
   * `until`) is sent again — same event ids and bodies, signed anew. Answers with how many were queued.
   */
  recover(
    webhookId: string,
    params: WebhookRecoverParams,
    options?: RequestOptions,
  ): APIPromise<WebhookRecoverResult> {
    const path = `/v1/webhooks/${segment(webhookId)}/recover`;
    return this.one(path, undefined, options, "POST", params);
  }

  /** Sends a signed sample payload (`"test": true`) now, once, and answers with the attempt. */
  test(
    webhookId: string,
    params: WebhookTestParams = {},
    options?: RequestOptions,
  ): APIPromise<WebhookTestResult> {
    return this.one(`/v1/webhooks/${segment(webhookId)}/test`, undefined, options, "POST", params);
  }

  /**
   * Checks a delivery's signature (`X-Service-Signature` or the Standard Webhooks headers) over
   * the raw body and returns the event. The same as the standalone `verifyWebhook`.
   */
  verify(
    payload: WebhookPayload,
    headers: WebhookHeaders,
    secret: WebhookSecret,
    options?: VerifyWebhookOptions,
  ): Promise<ScorelineEvent> {
    return verifyWebhook(payload, headers, secret, options);
  }
}
