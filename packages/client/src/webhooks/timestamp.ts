/**
 * Replay protection: `webhook-timestamp` (Unix seconds) must be within the tolerance of this
 * machine's clock, in the past or the future.
 */
import { WebhookVerificationError } from "./errors.js";

const UNIX_SECONDS = /^\d{1,12}$/;
const UNIX_MILLISECONDS = /^\d{13}$/;

/** Throws unless `header` is Unix seconds within `toleranceSeconds` of `nowMs`. */
export function checkTimestamp(header: string, nowMs: number, toleranceSeconds: number): void {
  if (!UNIX_SECONDS.test(header)) {
    throw new WebhookVerificationError(
      "invalid_timestamp",
      `webhook-timestamp must be Unix seconds (e.g. 1735689600); got "${header.slice(0, 40)}"` +
        (UNIX_MILLISECONDS.test(header) ? ", which looks like milliseconds" : ""),
    );
  }
  const behind = Math.floor(nowMs / 1000) - Number(header);
  if (behind > toleranceSeconds) {
    throw new WebhookVerificationError(
      "timestamp_too_old",
      `webhook-timestamp is too old: it is ${behind} s behind this machine's clock (the ` +
        `tolerance is ${toleranceSeconds} s). The delivery may be a replay; reject it. If fresh ` +
        "deliveries fail like this, check that this machine's clock is synchronised (NTP).",
    );
  }
  if (-behind > toleranceSeconds) {
    throw new WebhookVerificationError(
      "timestamp_too_new",
      `webhook-timestamp is too new: it is ${-behind} s ahead of this machine's clock (the ` +
        `tolerance is ${toleranceSeconds} s). Check that this machine's clock is synchronised (NTP).`,
    );
  }
}
