/**
 * `signWebhookPayload`: signs a payload as the Scoreline server signs a delivery, for the
 * user's own tests of their webhook endpoint. It round-trips with `verifyWebhook`.
 */
import { utf8 } from "./encoding.js";
import {
  formatServiceSignature,
  formatStandardSignature,
  SERVICE_SIGNATURE,
  STANDARD_ID,
  STANDARD_SIGNATURE,
  STANDARD_TIMESTAMP,
  serviceMac,
  standardMac,
} from "./schemes.js";
import { secretProblem, signingKeys, type WebhookSecret } from "./secrets.js";

export interface SignWebhookOptions {
  /** `webhook-id`; default the payload's `event_id`, else a random id. */
  id?: string;
  /** `webhook-timestamp` in Unix seconds (not milliseconds); default now. */
  timestamp?: number;
}

export interface SignedWebhook {
  /** The body to send, byte for byte. */
  body: string;
  /** The headers the server sends with it (lower-case names). */
  headers: Record<string, string>;
}

const ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** An id shaped like the server's event ids. */
function randomId(): string {
  let id = "dev_";
  for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(16))) {
    id += ID_ALPHABET[byte & 31];
  }
  return id;
}

/** The payload's own fields, when it is (or its text is) a JSON object. */
function fieldsOf(payload: object | string): Record<string, unknown> {
  let value: unknown = payload;
  if (typeof payload === "string") {
    try {
      value = JSON.parse(payload);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function timestampOf(options: SignWebhookOptions): number {
  const { timestamp } = options;
  if (timestamp === undefined) return Math.floor(Date.now() / 1000);
  if (!Number.isInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`timestamp must be whole Unix seconds; got ${timestamp}`);
  }
  if (timestamp > 99_999_999_999) {
    throw new RangeError(
      `timestamp is in Unix seconds; ${timestamp} looks like milliseconds (divide by 1000)`,
    );
  }
  return timestamp;
}

/**
 * Signs `payload` (an object is `JSON.stringify`'d; a string is sent as it is) with `secret`,
 * or with each of several secrets as during a rotation (the new one first).
 */
export async function signWebhookPayload(
  payload: object | string,
  secret: WebhookSecret,
  options: SignWebhookOptions = {},
): Promise<SignedWebhook> {
  const problem = secretProblem(secret);
  if (problem !== undefined) throw new TypeError(problem);
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  if (typeof body !== "string") {
    throw new TypeError("payload must be an object that JSON.stringify can serialise, or a string");
  }
  const fields = fieldsOf(payload);
  const id =
    options.id ?? (typeof fields.event_id === "string" ? fields.event_id : undefined) ?? randomId();
  const timestamp = String(timestampOf(options));
  const bytes = utf8(body);
  const keys = signingKeys(secret);
  const service = await Promise.all(keys.map((key) => serviceMac(key, bytes)));
  const standard = await Promise.all(keys.map((key) => standardMac(key, id, timestamp, bytes)));
  return {
    body,
    headers: {
      "content-type": "application/json",
      ...(typeof fields.event === "string" ? { "x-service-event": fields.event } : {}),
      [SERVICE_SIGNATURE]: service.map(formatServiceSignature).join(","),
      [STANDARD_ID]: id,
      [STANDARD_TIMESTAMP]: timestamp,
      [STANDARD_SIGNATURE]: standard.map(formatStandardSignature).join(" "),
    },
  };
}
