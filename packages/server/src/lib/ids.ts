/**
 * Opaque, non-sequential identifiers: a short kind prefix and 16 base-32 characters.
 * Runtime ids are random; the sample generator derives them from its seed so the same seed
 * gives the same ids. Ids are sport-scoped by the store (every query filters on `sport`).
 */
import { createHash, randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base 32, lower case

export type IdKind =
  | "co"
  | "se"
  | "tm"
  | "pl"
  | "rn"
  | "fx"
  | "ev"
  | "adj"
  | "acc"
  | "key"
  | "wh"
  | "dev"
  | "whd";

function encode(bytes: Uint8Array, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[(bytes[i] ?? 0) & 31];
  return out;
}

/** Random bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per id. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomSlice(length: number): Uint8Array {
  if (poolOffset + length > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const slice = pool.subarray(poolOffset, poolOffset + length);
  poolOffset += length;
  return slice;
}

export function newId(kind: IdKind): string {
  return `${kind}_${encode(randomSlice(16), 16)}`;
}

/** The same inputs always give the same id. */
export function derivedId(kind: IdKind, ...parts: Array<string | number>): string {
  const digest = createHash("sha256")
    .update(`${kind}\u0000${parts.join("\u0000")}`)
    .digest();
  return `${kind}_${encode(digest, 16)}`;
}
