/** Small display helpers shared by the pages. */

/** `2026-11-24T13:05:00Z` → `2026-11-24 13:05 UTC`; null → the fallback. */
export function when(iso: string | null | undefined, fallback = "—"): string {
  if (iso === null || iso === undefined) return fallback;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function count(n: number | null): string {
  return n === null ? "unlimited" : n.toLocaleString("en-US");
}

/** Notices a redirect may name (`?notice=revoked`): fixed texts, so a URL cannot inject any. */
export const NOTICES: Record<string, string> = {
  verified: "Your email is verified. Welcome to Scoreline.",
  "password-set": "Your new password is set; other browsers were signed out.",
  revoked: "The key is revoked.",
  "webhook-updated": "The webhook is saved.",
  "webhook-enabled": "The webhook is enabled.",
  "webhook-disabled": "The webhook is disabled: no deliveries until you enable it.",
  "webhook-deleted": "The webhook is deleted.",
  retried: "The delivery was attempted again; its new attempt is in the log.",
  "test-sent": "A test event was sent; its attempt is in the log.",
};
