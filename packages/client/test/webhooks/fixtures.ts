/**
 * Test factories for webhook verification: fresh secrets (the server's own generator), events,
 * a fixed clock, headers as the server would send them, and an assertion on the error thrown.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { deliveryHeaders } from "../../../server/src/webhooks/signing.js";
import type { ScorelineEvent } from "../../src/events.js";
import {
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from "../../src/webhooks/index.js";

export { generateSecret as newSecret } from "../../../server/src/webhooks/secrets.js";

/** 2025-01-01T00:00:00Z, the clock every test that signs with a fixed time uses. */
export const NOW_MS = Date.UTC(2025, 0, 1);
export const NOW_S = NOW_MS / 1000;
export const fixedNow = () => NOW_MS;

/** A `match.goal` payload (a sample, not a complete one: the verifier never reads its fields). */
export function newEvent(overrides: Record<string, unknown> = {}): ScorelineEvent {
  return {
    event: "match.goal",
    event_id: `dev_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
    sport: "football",
    sequence: 17,
    timestamp: "2025-01-01T00:00:00Z",
    fixture_id: "fx_0000000000000001",
    scorer: "Thomas Müller ⚽",
    minute: 78,
    ...overrides,
  } as unknown as ScorelineEvent;
}

/** A body and the headers the server's own signing code gives it. */
export function serverDelivery(
  secrets: readonly string[],
  options: { event?: ScorelineEvent; nowMs?: number } = {},
) {
  const event = options.event ?? newEvent();
  const body = JSON.stringify(event);
  const headers = deliveryHeaders({
    eventId: event.event_id,
    eventType: event.event,
    body,
    secrets,
    now: new Date(options.nowMs ?? NOW_MS),
  });
  return { event, body, headers };
}

/** Headers without the named ones. */
export function without<V>(
  headers: Readonly<Record<string, V>>,
  ...names: string[]
): Record<string, V> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

/** Asserts `promise` rejects with a WebhookVerificationError of `code` saying each fragment. */
export async function rejectsWith(
  promise: Promise<unknown>,
  code: WebhookVerificationErrorCode,
  ...fragments: string[]
): Promise<WebhookVerificationError> {
  let caught: unknown;
  await promise.then(
    () => assert.fail(`expected a ${code} WebhookVerificationError, but it resolved`),
    (error: unknown) => {
      caught = error;
    },
  );
  assert.ok(
    caught instanceof WebhookVerificationError,
    `not a WebhookVerificationError: ${caught}`,
  );
  assert.equal(caught.name, "WebhookVerificationError");
  assert.equal(caught.code, code, caught.message);
  for (const fragment of fragments) assert.ok(caught.message.includes(fragment), caught.message);
  return caught;
}
