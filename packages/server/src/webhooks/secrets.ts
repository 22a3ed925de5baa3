/**
 * Signing secrets: `whsec_` and the base64 of 32 random bytes, the Standard Webhooks form, so
 * the `standardwebhooks` libraries verify our deliveries with the secret as shown. A secret a
 * customer supplies must have the same form (at least 24 bytes).
 */
import { randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function generateSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

/** Why a supplied secret is unusable, or undefined when it is fine. */
export function secretProblem(secret: string): string | undefined {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : undefined;
  if (body === undefined || !BASE64.test(body) || body.length % 4 !== 0) {
    return "secret must be whsec_ followed by base64 (e.g. whsec_ + 32 random bytes in base64)";
  }
  if (Buffer.from(body, "base64").length < 24) return "secret must hold at least 24 random bytes";
  return undefined;
}

/** The key bytes Standard Webhooks signs with: the base64 part, decoded. */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.slice(PREFIX.length), "base64");
}

/** What listings show instead of the secret. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, PREFIX.length + 4)}…`;
}
