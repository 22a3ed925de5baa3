/**
 * signWebhookPayload: the body and headers it produces for a user's own endpoint tests, and
 * that they round-trip through verifyWebhook.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { signWebhookPayload, verifyWebhook } from "../../src/webhooks/index.js";
import { fixedNow, NOW_S, newEvent, newSecret } from "./fixtures.js";

describe("signWebhookPayload", () => {
  test("round-trips an object through verifyWebhook", async () => {
    const secret = newSecret();
    const event = newEvent();
    const signed = await signWebhookPayload(event, secret);
    assert.equal(signed.body, JSON.stringify(event));
    assert.deepEqual(await verifyWebhook(signed.body, signed.headers, secret), event);
  });

  test("sends a string as it is", async () => {
    const secret = newSecret();
    const text = '{ "event": "match.goal", "event_id": "dev_spaced" }';
    const signed = await signWebhookPayload(text, secret, { timestamp: NOW_S });
    assert.equal(signed.body, text);
    assert.equal(signed.headers["webhook-id"], "dev_spaced");
    assert.equal(signed.headers["x-service-event"], "match.goal");
    const verified = await verifyWebhook(signed.body, signed.headers, secret, { now: fixedNow });
    assert.equal(verified.event_id, "dev_spaced");
  });

  test("produces the server's headers", async () => {
    const event = newEvent();
    const signed = await signWebhookPayload(event, newSecret(), { timestamp: NOW_S });
    assert.deepEqual(Object.keys(signed.headers).sort(), [
      "content-type",
      "webhook-id",
      "webhook-signature",
      "webhook-timestamp",
      "x-service-event",
      "x-service-signature",
    ]);
    assert.equal(signed.headers["content-type"], "application/json");
    assert.equal(signed.headers["x-service-event"], "match.goal");
    assert.match(signed.headers["x-service-signature"] ?? "", /^sha256=[0-9a-f]{64}$/);
    assert.match(signed.headers["webhook-signature"] ?? "", /^v1,[A-Za-z0-9+/]{43}=$/);
    assert.equal(signed.headers["webhook-timestamp"], String(NOW_S));
  });

  test("takes webhook-id from options.id, else event_id, else a random id", async () => {
    const secret = newSecret();
    const event = newEvent();
    const byOption = await signWebhookPayload(event, secret, { id: "dev_given" });
    assert.equal(byOption.headers["webhook-id"], "dev_given");
    const byEvent = await signWebhookPayload(event, secret);
    assert.equal(byEvent.headers["webhook-id"], event.event_id);
    const first = await signWebhookPayload({ hello: "world" }, secret);
    const second = await signWebhookPayload({ hello: "world" }, secret);
    assert.match(first.headers["webhook-id"] ?? "", /^dev_[0-9a-z]{16}$/);
    assert.notEqual(first.headers["webhook-id"], second.headers["webhook-id"]);
  });

  test("stamps the current time unless given one", async () => {
    const before = Math.floor(Date.now() / 1000);
    const signed = await signWebhookPayload(newEvent(), newSecret());
    const after = Math.floor(Date.now() / 1000);
    const stamped = Number(signed.headers["webhook-timestamp"]);
    assert.ok(stamped >= before && stamped <= after, `${stamped} not in [${before}, ${after}]`);
  });

  test("signs with every secret of a rotation, the first one first", async () => {
    const [next, previous] = [newSecret(), newSecret()];
    const event = newEvent();
    const both = await signWebhookPayload(event, [next, previous], { timestamp: NOW_S });
    const nextOnly = await signWebhookPayload(event, next, { timestamp: NOW_S });
    const previousOnly = await signWebhookPayload(event, previous, { timestamp: NOW_S });
    for (const header of ["x-service-signature", "webhook-signature"]) {
      const separator = header === "webhook-signature" ? " " : ",";
      assert.equal(
        both.headers[header],
        `${nextOnly.headers[header]}${separator}${previousOnly.headers[header]}`,
      );
    }
  });

  test("refuses a secret that is not whsec_<base64>, and a timestamp in milliseconds", async () => {
    await assert.rejects(signWebhookPayload(newEvent(), "secret"), {
      name: "TypeError",
      message: /does not start with whsec_/,
    });
    await assert.rejects(signWebhookPayload(newEvent(), newSecret(), { timestamp: Date.now() }), {
      name: "RangeError",
      message: /looks like milliseconds/,
    });
  });
});
