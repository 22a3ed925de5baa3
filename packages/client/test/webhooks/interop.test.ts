/**
 * Cross-checks against independent implementations: the server's own signing code
 * (packages/server/src/webhooks/signing.ts) and the `standardwebhooks` npm package.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Webhook } from "standardwebhooks";
import { deliveryHeaders } from "../../../server/src/webhooks/signing.js";
import { signWebhookPayload, verifyWebhook } from "../../src/webhooks/index.js";
import {
  fixedNow,
  NOW_MS,
  NOW_S,
  newEvent,
  newSecret,
  rejectsWith,
  serverDelivery,
} from "./fixtures.js";

describe("deliveries signed by the server's signing code", () => {
  test("verify with the client and return the event", async () => {
    const secret = newSecret();
    const { event, body, headers } = serverDelivery([secret]);
    assert.deepEqual(await verifyWebhook(body, headers, secret, { now: fixedNow }), event);
  });

  test("verify as the bytes sent, non-ASCII text included", async () => {
    const secret = newSecret();
    const { event, body, headers } = serverDelivery([secret]);
    assert.match(body, /Müller ⚽/);
    const bytes = new TextEncoder().encode(body);
    assert.deepEqual(await verifyWebhook(bytes, headers, secret, { now: fixedNow }), event);
  });

  test("signed during a rotation verify with the new secret, the old one, or both", async () => {
    const [next, previous] = [newSecret(), newSecret()];
    const { event, body, headers } = serverDelivery([next, previous]);
    for (const secret of [next, previous, [next, previous], [previous, next]]) {
      assert.deepEqual(await verifyWebhook(body, headers, secret, { now: fixedNow }), event);
    }
  });

  test("do not verify with another subscription's secret", async () => {
    const { body, headers } = serverDelivery([newSecret()]);
    await rejectsWith(
      verifyWebhook(body, headers, newSecret(), { now: fixedNow }),
      "no_matching_signature",
      "no signature matched",
    );
  });

  test("carry exactly the headers signWebhookPayload produces", async () => {
    const secrets = [newSecret(), newSecret()];
    for (const signing of [secrets.slice(0, 1), secrets]) {
      const { event, body, headers } = serverDelivery(signing);
      const signed = await signWebhookPayload(event, signing, { timestamp: NOW_S });
      assert.equal(signed.body, body);
      const { "user-agent": _userAgent, ...serverHeaders } = headers;
      assert.deepEqual(signed.headers, serverHeaders);
    }
  });
});

describe("the standardwebhooks package", () => {
  test("verifies what signWebhookPayload produces", async () => {
    const secret = newSecret();
    const event = newEvent();
    const signed = await signWebhookPayload(event, secret);
    assert.deepEqual(new Webhook(secret).verify(signed.body, signed.headers), event);
  });

  test("verifies rotation headers from signWebhookPayload with each secret", async () => {
    const [next, previous] = [newSecret(), newSecret()];
    const event = newEvent();
    const signed = await signWebhookPayload(event, [next, previous]);
    assert.equal(signed.headers["webhook-signature"]?.split(" ").length, 2);
    for (const secret of [next, previous]) {
      assert.deepEqual(new Webhook(secret).verify(signed.body, signed.headers), event);
    }
    assert.throws(() => new Webhook(newSecret()).verify(signed.body, signed.headers), {
      message: "No matching signature found",
    });
  });

  test("signs deliveries verifyWebhook accepts, and rejects when tampered", async () => {
    const secret = newSecret();
    const event = newEvent();
    const body = JSON.stringify(event);
    const id = event.event_id;
    const headers = {
      "webhook-id": id,
      "webhook-timestamp": String(NOW_S),
      "webhook-signature": new Webhook(secret).sign(id, new Date(NOW_MS), body),
    };
    assert.deepEqual(await verifyWebhook(body, headers, secret, { now: fixedNow }), event);
    await rejectsWith(
      verifyWebhook(body.replace("78", "79"), headers, secret, { now: fixedNow }),
      "no_matching_signature",
      "no signature matched",
    );
  });

  test("and the server agree on the Standard Webhooks signature", () => {
    const secret = newSecret();
    const body = JSON.stringify(newEvent());
    const headers = deliveryHeaders({
      eventId: "dev_interop",
      eventType: "match.goal",
      body,
      secrets: [secret],
      now: new Date(NOW_MS),
    });
    assert.equal(
      headers["webhook-signature"],
      new Webhook(secret).sign("dev_interop", new Date(NOW_MS), body),
    );
  });
});
