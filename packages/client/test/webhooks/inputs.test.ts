/**
 * What verifyWebhook accepts and how it explains what it cannot use: headers in every shape,
 * bodies as text or bytes, a parsed body, missing headers, malformed secrets, a body that is
 * not JSON.
 */
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import { signWebhookPayload, verifyWebhook } from "../../src/webhooks/index.js";
import { fixedNow, NOW_S, newSecret, rejectsWith, serverDelivery, without } from "./fixtures.js";

const RAW_BODY_HOWTO = [
  'express.raw({ type: "application/json" })',
  "addContentTypeParser",
  "request.rawBody",
  "await req.text()",
];

describe("headers", () => {
  const [next, previous] = [newSecret(), newSecret()];
  const { event, body, headers } = serverDelivery([next, previous]);
  const verify = (given: Parameters<typeof verifyWebhook>[1], secret = previous) =>
    verifyWebhook(body, given, secret, { now: fixedNow });

  test("as a Headers instance", async () => {
    assert.deepEqual(await verify(new Headers(headers)), event);
  });

  test("as a Node-style object with mixed-case names and array values", async () => {
    const [serviceNew, serviceOld] = (headers["x-service-signature"] ?? "").split(",");
    const [standardNew, standardOld] = (headers["webhook-signature"] ?? "").split(" ");
    const node = {
      "Content-Type": "application/json",
      "X-Service-Signature": [serviceNew ?? "", serviceOld ?? ""],
      "Webhook-Id": headers["webhook-id"],
      "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"],
      "webhook-Signature": [standardNew ?? "", standardOld ?? ""],
      "x-forwarded-for": undefined,
    };
    assert.deepEqual(await verify(node), event);
    assert.deepEqual(await verify(without(node, "X-Service-Signature")), event);
    assert.deepEqual(await verify(without(node, "webhook-Signature")), event);
  });

  test("as [name, value] entries and as a Map", async () => {
    const entries = Object.entries(headers).map(
      ([name, value]) => [name.toUpperCase(), value] as const,
    );
    assert.deepEqual(await verify(entries), event);
    assert.deepEqual(await verify(new Map(Object.entries(headers))), event);
  });

  test("repeated headers joined by Headers still verify", async () => {
    const repeated = new Headers(without(headers, "x-service-signature", "webhook-signature"));
    for (const value of (headers["webhook-signature"] ?? "").split(" ")) {
      repeated.append("webhook-signature", value);
    }
    assert.match(repeated.get("webhook-signature") ?? "", /, /);
    assert.deepEqual(await verify(repeated), event);
  });

  test("that are not headers at all are refused", async () => {
    await rejectsWith(
      verify(null as unknown as Headers),
      "invalid_headers",
      "headers must be the request's headers",
    );
  });

  test("missing: none of either scheme, named", async () => {
    await rejectsWith(
      verify({ "content-type": "application/json" }),
      "missing_headers",
      "expected X-Service-Signature, or webhook-id, webhook-timestamp and webhook-signature",
      "none of them were found",
    );
  });

  test("missing: an incomplete Standard Webhooks set names what is absent", async () => {
    await rejectsWith(
      verify(without(headers, "x-service-signature", "webhook-id", "webhook-timestamp")),
      "missing_headers",
      "found webhook-signature but not webhook-id, webhook-timestamp",
    );
  });

  test("missing: an incomplete set next to a wrong X-Service-Signature is said unchecked", async () => {
    const incomplete = without(headers, "webhook-id");
    await rejectsWith(
      verify(incomplete, newSecret()),
      "no_matching_signature",
      "webhook-signature was not checked: webhook-id missing",
    );
  });
});

describe("payloads", () => {
  const secret = newSecret();
  const { event, body, headers } = serverDelivery([secret]);
  const verify = (payload: unknown) =>
    verifyWebhook(payload as string, headers, secret, { now: fixedNow });
  const bytes = new TextEncoder().encode(body);

  test("as a Uint8Array, a Buffer, an ArrayBuffer and a view into a larger buffer", async () => {
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    const payloads = [
      bytes,
      Buffer.from(body),
      bytes.buffer.slice(0),
      padded.subarray(4, 4 + bytes.length),
    ];
    for (const payload of payloads) assert.deepEqual(await verify(payload), event);
  });

  test("bytes that differ from the signed ones do not verify", async () => {
    const latin1 = Buffer.from(body, "latin1");
    await rejectsWith(verify(latin1), "no_matching_signature", "no signature matched");
  });

  test("a parsed object is refused with how to pass the raw body", async () => {
    await rejectsWith(
      verify(JSON.parse(body)),
      "raw_body_required",
      "payload is an object, not the raw body",
      ...RAW_BODY_HOWTO,
    );
  });

  test("no body, a stream or a number is refused with how to pass the raw body", async () => {
    const cases = [
      [undefined, "payload is undefined"],
      [new Response(body).body, "payload is a ReadableStream"],
      [new Blob([body]), "payload is a Blob"],
      [42, "payload is a number"],
    ] as const;
    for (const [payload, fragment] of cases) {
      await rejectsWith(verify(payload), "raw_body_required", fragment, ...RAW_BODY_HOWTO);
    }
  });

  test("verified text that is not JSON fails after verification", async () => {
    const signed = await signWebhookPayload("not json {", secret, { timestamp: NOW_S });
    await rejectsWith(
      verifyWebhook(signed.body, signed.headers, secret, { now: fixedNow }),
      "invalid_json",
      "the signature is valid but the body is not JSON",
    );
  });

  test("verified JSON that is not an object fails after verification", async () => {
    const signed = await signWebhookPayload("[1,2]", secret, { timestamp: NOW_S });
    await rejectsWith(
      verifyWebhook(signed.body, signed.headers, secret, { now: fixedNow }),
      "invalid_json",
      "the body is JSON array, not an event object",
    );
  });

  test("verified bytes that are not UTF-8 fail after verification", async () => {
    const invalid = new Uint8Array([0xff, 0xfe, 0x7b]);
    const mac = createHmac("sha256", secret).update(invalid).digest("hex");
    await rejectsWith(
      verifyWebhook(invalid, { "x-service-signature": `sha256=${mac}` }, secret),
      "invalid_json",
      "the signature is valid but the body is not JSON",
    );
  });
});

describe("secrets", () => {
  const secret = newSecret();
  const { body, headers } = serverDelivery([secret]);
  const verify = (given: unknown) =>
    verifyWebhook(body, headers, given as string, { now: fixedNow });

  test("not of the whsec_<base64> form are refused, without echoing them", async () => {
    const cases = [
      ["sk_live_0123456789abcdef", "secret does not start with whsec_"],
      ["whsec_not*base64!", "secret is not whsec_ followed by base64"],
      ["whsec_", "secret is not whsec_ followed by base64"],
      [`${secret}\n`, "secret has leading or trailing whitespace"],
      [secret.slice("whsec_".length), "secret does not start with whsec_"],
      [undefined, "secret must be a string"],
    ] as const;
    for (const [given, fragment] of cases) {
      const error = await rejectsWith(verify(given), "invalid_secret", fragment, "whsec_");
      if (given !== undefined && given.length > 8) assert.ok(!error.message.includes(given));
    }
  });

  test("an array is checked item by item, and must not be empty", async () => {
    await rejectsWith(verify([secret, "oops"]), "invalid_secret", "secret[1] does not start");
    await rejectsWith(verify([]), "invalid_secret", "no secret given");
  });
});
