/**
 * The two signature schemes a Scoreline delivery carries, computed as the server computes them
 * (packages/server/src/webhooks/signing.ts):
 * - `X-Service-Signature: sha256=<hex HMAC-SHA256(body)>`, keyed with the secret's text,
 *   comma-separated values during a rotation;
 * - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256("id.timestamp.body")>`, keyed
 *   with the secret's decoded bytes, space-separated values during a rotation.
 */
import { concatBytes, fromBase64, fromHex, toBase64, toHex, utf8 } from "./encoding.js";
import { hmacSha256 } from "./hmac.js";
import type { SigningKey } from "./secrets.js";

export const SERVICE_SIGNATURE = "x-service-signature";
export const STANDARD_ID = "webhook-id";
export const STANDARD_TIMESTAMP = "webhook-timestamp";
export const STANDARD_SIGNATURE = "webhook-signature";

export function serviceMac(key: SigningKey, body: Uint8Array<ArrayBuffer>) {
  return hmacSha256(key.text, body);
}

/** The MAC of `id.timestamp.body`, the body as bytes so that it is exactly what was received. */
export function standardMac(
  key: SigningKey,
  id: string,
  timestamp: string,
  body: Uint8Array<ArrayBuffer>,
) {
  return hmacSha256(key.standard, concatBytes(utf8(`${id}.${timestamp}.`), body));
}

export function formatServiceSignature(mac: Uint8Array): string {
  return `sha256=${toHex(mac)}`;
}

export function formatStandardSignature(mac: Uint8Array): string {
  return `v1,${toBase64(mac)}`;
}

/** The MACs listed in X-Service-Signature values (`sha256=<hex>`, comma-separated). */
export function serviceSignatures(values: readonly string[]): Uint8Array[] {
  const macs: Uint8Array[] = [];
  for (const value of values) {
    for (const item of value.split(",")) {
      const [scheme, hex] = item.trim().split("=", 2);
      const mac = scheme === "sha256" && hex !== undefined ? fromHex(hex) : undefined;
      if (mac !== undefined && mac.length > 0) macs.push(mac);
    }
  }
  return macs;
}

/**
 * The MACs listed in webhook-signature values (`v1,<base64>`, space-separated); other versions
 * are skipped. Repeated headers joined with ", " leave a comma after a value: split drops it.
 */
export function standardSignatures(values: readonly string[]): Uint8Array[] {
  const macs: Uint8Array[] = [];
  for (const value of values) {
    for (const item of value.split(/\s+/)) {
      const [version, base64] = item.split(",", 2);
      const mac = version === "v1" && base64 !== undefined ? fromBase64(base64) : undefined;
      if (mac !== undefined && mac.length > 0) macs.push(mac);
    }
  }
  return macs;
}
