/**
 * Webhooks in the client: verifying a delivery's signatures (`verifyWebhook`) and signing
 * payloads like the server does for tests of a webhook endpoint (`signWebhookPayload`).
 */
export type { WebhookVerificationErrorCode } from "./errors.js";
export { WebhookVerificationError } from "./errors.js";
export type { WebhookHeaders } from "./headers.js";
export type { WebhookPayload } from "./payload.js";
export type { WebhookSecret } from "./secrets.js";
export type { SignedWebhook, SignWebhookOptions } from "./sign.js";
export { signWebhookPayload } from "./sign.js";
export type { VerifyWebhookOptions } from "./verify.js";
export { verifyWebhook } from "./verify.js";
