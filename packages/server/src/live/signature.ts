/**
 * The `signature` field of `match.live.event` payloads (the interface shows it in the body): a
 * fingerprint of what happened — fixture, match event, action, type, side, minute — so a client
 * can tell a re-sent event from a new one. It is not an authentication signature: webhooks are
 * authenticated by the `X-Service-Signature` header, the stream by its TLS connection and key.
 */
import { createHash } from "node:crypto";

export function liveEventSignature(
  fixtureId: string,
  matchEventId: string,
  action: string,
  type: string,
  side: string | null,
  minute: number | null,
): string {
  const text = [fixtureId, matchEventId, action, type, side ?? "", minute ?? ""].join("|");
  return `sha256=${createHash("sha256").update(text).digest("hex")}`;
}
