/**
 * `verifyWebhook`: checks a delivery's signatures against the subscription's secret(s) and
 * returns the event it carries.
 *
 * A delivery is genuine when either scheme verifies: `X-Service-Signature` or the Standard
 * Webhooks headers. Replay protection comes from the Standard Webhooks headers only:
 * `webhook-timestamp`, when present, must be within `tolerance` of now, and it is covered by
 * `webhook-signature`. `X-Service-Signature` has no timestamp, so a delivery carrying only it
 * (or an old delivery replayed with the webhook-* headers removed) gets no replay check —
 * dedupe on `webhook-id` (the event's `event_id`) as well.
 */
import type { ScorelineEvent } from "../events.js";
import { WebhookVerificationError } from "./errors.js";
import { type HeaderValues, headerValues, type WebhookHeaders } from "./headers.js";
import { macEqual } from "./hmac.js";
import { parseEvent, rawBodyBytes, reformattedHint, type WebhookPayload } from "./payload.js";
import {
  SERVICE_SIGNATURE,
  STANDARD_ID,
  STANDARD_SIGNATURE,
  STANDARD_TIMESTAMP,
  serviceMac,
  serviceSignatures,
  standardMac,
  standardSignatures,
} from "./schemes.js";
import { type SigningKey, secretProblem, signingKeys, type WebhookSecret } from "./secrets.js";
import { checkTimestamp } from "./timestamp.js";

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, in seconds, past or future; default 300. */
  tolerance?: number;
  /** The current time in milliseconds since the epoch; default `Date.now` (inject it in tests). */
  now?: () => number;
}

const NO_MATCH =
  "no signature matched: check the secret (whsec_…) is this subscription's, and that the body " +
  "is the exact bytes received — a body parsed and re-serialised (by a framework or " +
  "JSON.stringify) no longer matches.";

const STANDARD_HEADERS = [STANDARD_ID, STANDARD_TIMESTAMP, STANDARD_SIGNATURE] as const;

/** The signature headers as received: what each scheme can check. */
interface Delivery {
  service: readonly string[] | undefined;
  standard: { id: string; timestamp: string; signatures: readonly string[] } | undefined;
  timestamp: string | undefined;
  /** Standard Webhooks headers present and absent, for messages. */
  found: string[];
  missing: string[];
}

function readDelivery(values: HeaderValues): Delivery {
  const id = values.get(STANDARD_ID)?.[0];
  const timestamp = values.get(STANDARD_TIMESTAMP)?.[0]?.trim();
  const signatures = values.get(STANDARD_SIGNATURE);
  return {
    service: values.get(SERVICE_SIGNATURE),
    standard:
      id !== undefined && timestamp !== undefined && signatures !== undefined
        ? { id, timestamp, signatures }
        : undefined,
    timestamp,
    found: STANDARD_HEADERS.filter((name) => values.has(name)),
    missing: STANDARD_HEADERS.filter((name) => !values.has(name)),
  };
}

function missingHeaders(delivery: Delivery): WebhookVerificationError {
  const found =
    delivery.found.length === 0
      ? "none of them were found"
      : `found ${delivery.found.join(", ")} but not ${delivery.missing.join(", ")}`;
  return new WebhookVerificationError(
    "missing_headers",
    "missing signature headers: expected X-Service-Signature, or webhook-id, webhook-timestamp " +
      `and webhook-signature (Standard Webhooks); ${found}. Pass the request's own headers ` +
      "(req.headers, request.headers) and check that no proxy in front of this endpoint strips them.",
  );
}

/** Whether any listed signature is one of `keys`' MACs; every comparison runs to its end. */
async function anyMatch(
  keys: readonly SigningKey[],
  delivery: Delivery,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ matched: boolean; notes: string[] }> {
  const notes: string[] = [];
  const service = delivery.service === undefined ? [] : serviceSignatures(delivery.service);
  if (delivery.service !== undefined && service.length === 0) {
    notes.push("X-Service-Signature holds no sha256=<hex> value.");
  }
  const { standard } = delivery;
  const standardMacs = standard === undefined ? [] : standardSignatures(standard.signatures);
  if (standard !== undefined && standardMacs.length === 0) {
    notes.push("webhook-signature holds no v1,<base64> value.");
  }
  if (standard === undefined && delivery.found.includes(STANDARD_SIGNATURE)) {
    notes.push(`webhook-signature was not checked: ${delivery.missing.join(" and ")} missing.`);
  }
  let matched = false;
  for (const key of keys) {
    if (service.length > 0) {
      const mac = await serviceMac(key, body);
      for (const given of service) if (macEqual(mac, given)) matched = true;
    }
    if (standard !== undefined && standardMacs.length > 0) {
      const mac = await standardMac(key, standard.id, standard.timestamp, body);
      for (const given of standardMacs) if (macEqual(mac, given)) matched = true;
    }
  }
  return { matched, notes };
}

/**
 * Verifies a webhook delivery and returns its event. `payload` is the raw body exactly as
 * received; `headers` the request's headers; `secret` the subscription's `whsec_…` secret, or
 * several (during a rotation, either may match). Throws `WebhookVerificationError`.
 */
export async function verifyWebhook(
  payload: WebhookPayload,
  headers: WebhookHeaders,
  secret: WebhookSecret,
  options: VerifyWebhookOptions = {},
): Promise<ScorelineEvent> {
  const tolerance = options.tolerance ?? 300;
  if (typeof tolerance !== "number" || !(tolerance >= 0)) {
    throw new RangeError(`tolerance is in seconds and must be 0 or more; got ${tolerance}`);
  }
  const body = rawBodyBytes(payload);
  const problem = secretProblem(secret);
  if (problem !== undefined) throw new WebhookVerificationError("invalid_secret", problem);
  const delivery = readDelivery(headerValues(headers));
  if (delivery.service === undefined && delivery.standard === undefined) {
    throw missingHeaders(delivery);
  }
  const keys = signingKeys(secret);
  const { matched, notes } = await anyMatch(keys, delivery, body);
  if (!matched) {
    const text = typeof payload === "string" ? payload : new TextDecoder().decode(body);
    const hints = [...notes, reformattedHint(text)].filter((hint) => hint !== undefined);
    if (keys.length === 1) {
      hints.push(
        "After a rotation, pass both secrets until the old one stops signing: " +
          "verifyWebhook(body, headers, [newSecret, oldSecret]).",
      );
    }
    throw new WebhookVerificationError("no_matching_signature", [NO_MATCH, ...hints].join(" "));
  }
  if (delivery.timestamp !== undefined) {
    checkTimestamp(delivery.timestamp, (options.now ?? Date.now)(), tolerance);
  }
  return parseEvent(typeof payload === "string" ? payload : body);
}
