/**
 * Delivery headers. The body bytes signed are the bytes sent.
 * - `X-Service-Signature: sha256=<hex HMAC-SHA256(body, secret)>` exactly as the interface says,
 *   keyed with the secret text as shown (`whsec_…`);
 * - Standard Webhooks: `webhook-id` (= the event id), `webhook-timestamp` (Unix seconds),
 *   `webhook-signature: v1,<base64 HMAC-SHA256(id.timestamp.body)>` keyed with the secret's
 *   decoded bytes, which also protects against replays (receivers check the timestamp).
 * During a rotation both secrets sign: each header then carries two signatures, the new one
 * first (`sha256=<new>,sha256=<old>`; `v1,<new> v1,<old>` as Standard Webhooks specifies).
 */
import { createHmac } from "node:crypto";
import { standardKey } from "./secrets.js";

export const USER_AGENT = "Scoreline-Webhooks/1.0 (+https://scoreline.dev/docs/webhooks)";

export interface SigningInput {
  eventId: string;
  eventType: string;
  body: string;
  /** Signing secrets, the current one first. */
  secrets: readonly string[];
  now: Date;
}

function serviceSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function standardSignature(id: string, timestamp: number, body: string, secret: string): string {
  const mac = createHmac("sha256", standardKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}

export function deliveryHeaders(input: SigningInput): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "x-service-event": input.eventType,
    "x-service-signature": input.secrets.map((s) => serviceSignature(input.body, s)).join(","),
    "webhook-id": input.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": input.secrets
      .map((s) => standardSignature(input.eventId, timestamp, input.body, s))
      .join(" "),
  };
}
