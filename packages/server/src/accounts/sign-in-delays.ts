/**
 * Growing delays between sign-in attempts on one account from one client address (ADR-0051):
 * three free attempts, then 1, 2, 4, 8 … seconds between attempts, at most 15 minutes. An
 * attempt is counted before its password is checked (so attempts sent at once cannot slip
 * past), and a successful sign-in from that address forgets the count; so does a day without
 * attempts. Other addresses are not slowed at all: the real user signs in from theirs while an
 * attacker waits. Kept in the store (meta-records.ts), so every node sees the same count.
 */
import { createHash } from "node:crypto";
import type { ServiceContext } from "../services/context.js";
import {
  deleteRecord,
  insertRecord,
  readRecord,
  replaceRecord,
  sweepRecords,
} from "./meta-records.js";

/** Attempts allowed without waiting. */
const FREE_ATTEMPTS = 3;
/** The longest wait between attempts, in seconds. */
const MAX_DELAY_SECONDS = 900;
/** A count is forgotten this long after its last attempt. */
const FORGET_AFTER_MS = 24 * 3_600_000;
/** Tries at a conditional write before the attempt is refused as contended. */
const WRITE_TRIES = 5;

const PREFIX = "sign-in-delay:";

interface Count {
  attempts: number;
  /** Epoch ms of the last attempt. */
  last: number;
}

/** Seconds to wait after `attempts` unforgiven attempts: 0, 0, 0, 1, 2, 4 … capped. */
function delaySeconds(attempts: number): number {
  if (attempts <= FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (attempts - FREE_ATTEMPTS - 1));
}

/** The record's key: a hash, so neither the email nor the address is kept in the clear. */
function recordKey(email: string, address: string): string {
  return PREFIX + createHash("sha256").update(`${email}\n${address}`).digest("hex");
}

function countOf(value: string, now: number): Count | undefined {
  const count = JSON.parse(value) as Count;
  return count.last + FORGET_AFTER_MS <= now ? undefined : count;
}

/**
 * Counts an attempt of `email` from `address` unless it comes too early; then the whole seconds
 * until it may be made.
 */
export async function reserveAttempt(
  ctx: ServiceContext,
  email: string,
  address: string,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const key = recordKey(email, address);
  for (let round = 0; round < WRITE_TRIES; round++) {
    const now = ctx.clock().getTime();
    const kept = await readRecord(ctx, key);
    const count = kept === undefined ? undefined : countOf(kept.value, now);
    const attempts = count?.attempts ?? 0;
    const waitMs = count === undefined ? 0 : count.last + delaySeconds(attempts) * 1000 - now;
    if (waitMs > 0) return { retryAfterSeconds: Math.ceil(waitMs / 1000) };
    const next = JSON.stringify({ attempts: attempts + 1, last: now } satisfies Count);
    if (kept === undefined) {
      if (await insertRecord(ctx, key, next)) {
        await sweepRecords(ctx, PREFIX, new Date(now - FORGET_AFTER_MS));
        return undefined;
      }
    } else if (await replaceRecord(ctx, key, kept.value, next)) {
      return undefined;
    }
  }
  return { retryAfterSeconds: 1 };
}

/** Forgets the attempts of `email` from `address` (it signed in). */
export async function forgiveAttempts(ctx: ServiceContext, email: string, address: string) {
  await deleteRecord(ctx, recordKey(email, address));
}
