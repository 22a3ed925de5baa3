/**
 * Which drops end the stream instead of being retried: an upgrade refused with 400, 401, 403,
 * 404 or 405 (a malformed request, a bad key, a plan or path that will not change — seen only
 * with the `ws` package; browsers show every refusal as a plain 1006) and close code 1008 (the
 * key was revoked or expired while connected). Everything else — 1001, 1006, 4008, a 429 or 503
 * on the upgrade — is retried with backoff.
 */
import { CLOSE_CODES } from "./protocol.js";
import { StreamError } from "./stream-error.js";
import type { UpgradeRefusal } from "./upgrade-refusal.js";

const PERMANENT_STATUSES = new Set([400, 401, 403, 404, 405]);

/** The error that ends the stream, or undefined when the drop is worth retrying. */
export function permanentFailure(
  code: number,
  reason: string,
  refusal: UpgradeRefusal | undefined,
): StreamError | undefined {
  if (refusal !== undefined && PERMANENT_STATUSES.has(refusal.status)) {
    return new StreamError(refusal.code, refusal.message, { status: refusal.status });
  }
  if (code === CLOSE_CODES.keyNoLongerValid) {
    const text = reason || "the API key was revoked or has expired";
    return new StreamError("invalid_api_key", `${text} (close 1008)`);
  }
  return undefined;
}
