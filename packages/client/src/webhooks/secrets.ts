/**
 * Signing secrets: `whsec_` and base64, as a subscription's `secret` is shown. One secret gives
 * two keys: its text as shown (X-Service-Signature) and its base64 part decoded (Standard
 * Webhooks). During a rotation the user holds two secrets, either of which may match.
 */
import { fromBase64, utf8 } from "./encoding.js";

/** One secret, or several (the new and the old one during a rotation). */
export type WebhookSecret = string | readonly string[];

export interface SigningKey {
  /** The key of `X-Service-Signature`: the UTF-8 bytes of the secret as shown (`whsec_…`). */
  text: Uint8Array<ArrayBuffer>;
  /** The key of `webhook-signature`: the bytes the base64 after `whsec_` decodes to. */
  standard: Uint8Array<ArrayBuffer>;
}

const PREFIX = "whsec_";
const FORM =
  "the subscription's signing secret exactly as shown when it was created or rotated: " +
  "whsec_ followed by base64 (e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw)";

function secretList(secret: WebhookSecret): readonly unknown[] {
  return Array.isArray(secret) ? secret : [secret];
}

function oneSecretProblem(secret: unknown, label: string): string | undefined {
  if (typeof secret !== "string") {
    return `${label} must be a string, ${FORM}; got ${secret === null ? "null" : typeof secret}`;
  }
  if (secret.trim() !== secret) {
    return `${label} has leading or trailing whitespace (often a newline read from a file or an environment variable): remove it; the secret must be ${FORM}`;
  }
  if (!secret.startsWith(PREFIX)) {
    return `${label} does not start with whsec_: it must be ${FORM} (not an API key or a subscription id)`;
  }
  const key = fromBase64(secret.slice(PREFIX.length));
  if (key === undefined || key.length === 0) {
    return `${label} is not whsec_ followed by base64: it must be ${FORM}`;
  }
  return undefined;
}

/** Why `secret` cannot sign or verify, or undefined when every secret it holds is usable. */
export function secretProblem(secret: WebhookSecret): string | undefined {
  const list = secretList(secret);
  if (list.length === 0) return `no secret given: pass ${FORM}, or an array of them`;
  for (const [index, one] of list.entries()) {
    const problem = oneSecretProblem(one, Array.isArray(secret) ? `secret[${index}]` : "secret");
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The keys of secrets `secretProblem` found usable. */
export function signingKeys(secret: WebhookSecret): SigningKey[] {
  return secretList(secret).map((one) => {
    const text = String(one);
    return {
      text: utf8(text),
      standard: fromBase64(text.slice(PREFIX.length)) ?? new Uint8Array(),
    };
  });
}
