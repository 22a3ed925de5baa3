/**
 * API key text: `sl_live_` or `sl_test_` followed by 43 base64url characters (32 random
 * bytes). Only the SHA-256 of the whole key and a short display prefix are ever stored.
 */
import { createHash, randomBytes } from "node:crypto";

export type KeyKind = "live" | "test";

const KEY_FORMAT = /^sl_(live|test)_[A-Za-z0-9_-]{43}$/;

export function generateKey(kind: KeyKind): string {
  return `sl_${kind}_${randomBytes(32).toString("base64url")}`;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** "sl_live_AbC1" — enough to tell keys apart in a list, useless to an attacker. */
export function displayPrefix(key: string): string {
  return key.slice(0, 12);
}

/** The kind of a well-formed key, or null for anything malformed. */
export function keyKind(text: string): KeyKind | null {
  const match = KEY_FORMAT.exec(text);
  return match === null ? null : (match[1] as KeyKind);
}
