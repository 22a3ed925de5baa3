/**
 * The one error webhook verification throws, with a `code` to branch on and a message that says
 * what went wrong and what to do about it.
 */

export type WebhookVerificationErrorCode =
  /** `payload` was not the raw body (an object, a stream, nothing). */
  | "raw_body_required"
  /** A secret is not of the `whsec_<base64>` form. */
  | "invalid_secret"
  /** `headers` is not a Headers object, a plain object or [name, value] pairs. */
  | "invalid_headers"
  /** Neither signature scheme's headers are present. */
  | "missing_headers"
  /** No listed signature matches any secret. */
  | "no_matching_signature"
  /** `webhook-timestamp` is not Unix seconds. */
  | "invalid_timestamp"
  /** `webhook-timestamp` is further in the past than the tolerance. */
  | "timestamp_too_old"
  /** `webhook-timestamp` is further in the future than the tolerance. */
  | "timestamp_too_new"
  /** The signature matched but the body is not a JSON object. */
  | "invalid_json";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}
