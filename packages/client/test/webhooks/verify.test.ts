/**
 * verifyWebhook's decisions: which signatures verify, which do not and what it says then, and
 * the replay window on webhook-timestamp (with an injected clock).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { verifyWebhook } from "../../src/webhooks/index.js";
import { fixedNow, NOW_MS, newSecret, rejectsWith, serverDelivery, without } from "./fixtures.js";

const NO_MATCH =
  "no signature matched: check the secret (whsec_…) is this subscription's, and that the body " +
  "is the exact bytes received — a body parsed and re-serialised (by a framework or " +
  "JSON.stringify) no longer matches";

const STANDARD = ["webhook-id", "webhook-timestamp", "webhook-signature"];

describe("signature schemes", () => {
  test("X-Service-Signature alone verifies, with no timestamp and so at any time", async () => {
    const secret = newSecret();
    const { event, body, headers } = serverDelivery([secret]);
    const serviceOnly = without(headers, ...STANDARD);
    const muchLater = () => NOW_MS + 30 * 24 * 3600 * 1000;
    assert.deepEqual(await verifyWebhook(body, serviceOnly, secret, { now: muchLater }), event);
  });

  test("the Standard Webhooks headers alone verify", async () => {
    const secret = newSecret();
    const { event, body, headers } = serverDelivery([secret]);
    const standardOnly = without(headers, "x-service-signature");
    assert.deepEqual(await verifyWebhook(body, standardOnly, secret, { now: fixedNow }), event);
  });

  test("either scheme is enough when the other's signature is wrong", async () => {
    const secret = newSecret();
    const { event, body, headers } = serverDelivery([secret]);
    const other = serverDelivery([newSecret()], { event }).headers;
    const badService = { ...headers, "x-service-signature": other["x-service-signature"] ?? "" };
    const badStandard = { ...headers, "webhook-signature": other["webhook-signature"] ?? "" };
    for (const mixed of [badService, badStandard]) {
      assert.deepEqual(await verifyWebhook(body, mixed, secret, { now: fixedNow }), event);
    }
  });

  test("a rotation's two signatures verify with each secret, alone or as an array", async () => {
    const [next, previous] = [newSecret(), newSecret()];
    const { event, body, headers } = serverDelivery([next, previous]);
    assert.match(headers["x-service-signature"] ?? "", /^sha256=[0-9a-f]{64},sha256=[0-9a-f]{64}$/);
    for (const only of [without(headers, ...STANDARD), without(headers, "x-service-signature")]) {
      for (const secret of [next, previous, [newSecret(), previous]]) {
        assert.deepEqual(await verifyWebhook(body, only, secret, { now: fixedNow }), event);
      }
    }
  });

  test("an array holding only other secrets does not verify", async () => {
    const { body, headers } = serverDelivery([newSecret()]);
    await rejectsWith(
      verifyWebhook(body, headers, [newSecret(), newSecret()], { now: fixedNow }),
      "no_matching_signature",
      NO_MATCH,
    );
  });
});

describe("deliveries that must not verify", () => {
  test("a tampered body", async () => {
    const secret = newSecret();
    const { body, headers } = serverDelivery([secret]);
    const tampered = body.replace('"minute":78', '"minute":79');
    assert.notEqual(tampered, body);
    await rejectsWith(
      verifyWebhook(tampered, headers, secret, { now: fixedNow }),
      "no_matching_signature",
      NO_MATCH,
    );
  });

  test("a wrong secret, with the rotation hint", async () => {
    const { body, headers } = serverDelivery([newSecret()]);
    await rejectsWith(
      verifyWebhook(body, headers, newSecret(), { now: fixedNow }),
      "no_matching_signature",
      NO_MATCH,
      "[newSecret, oldSecret]",
    );
  });

  test("a body parsed and re-serialised with other spacing, said to be re-formatted", async () => {
    const secret = newSecret();
    const { body, headers } = serverDelivery([secret]);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    await rejectsWith(
      verifyWebhook(reserialised, headers, secret, { now: fixedNow }),
      "no_matching_signature",
      NO_MATCH,
      "not in the compact form Scoreline sends",
    );
  });

  test("signatures of the wrong form, said to be so", async () => {
    const secret = newSecret();
    const { body } = serverDelivery([secret]);
    const headers = {
      "x-service-signature": "sha1=abc",
      "webhook-id": "dev_x",
      "webhook-timestamp": String(NOW_MS / 1000),
      "webhook-signature": "v2,abc",
    };
    await rejectsWith(
      verifyWebhook(body, headers, secret, { now: fixedNow }),
      "no_matching_signature",
      "X-Service-Signature holds no sha256=<hex> value",
      "webhook-signature holds no v1,<base64> value",
    );
  });

  test("a MAC that differs only in its last byte", async () => {
    const secret = newSecret();
    const { body, headers } = serverDelivery([secret]);
    const service = headers["x-service-signature"] ?? "";
    const lastHex = service.endsWith("0") ? "1" : "0";
    const serviceOnly = { "x-service-signature": `${service.slice(0, -1)}${lastHex}` };
    await rejectsWith(verifyWebhook(body, serviceOnly, secret), "no_matching_signature", NO_MATCH);
    const standard = headers["webhook-signature"] ?? "";
    // The last character before "=" carries 4 bits of the MAC and 2 of padding: A and Q differ
    // in the MAC's bits, whatever the character was.
    const lastBase64 = standard.at(-2) === "A" ? "Q" : "A";
    const standardOnly = {
      ...without(headers, "x-service-signature"),
      "webhook-signature": `${standard.slice(0, -2)}${lastBase64}=`,
    };
    await rejectsWith(
      verifyWebhook(body, standardOnly, secret, { now: fixedNow }),
      "no_matching_signature",
      NO_MATCH,
    );
  });

  test("a truncated MAC", async () => {
    const secret = newSecret();
    const { body, headers } = serverDelivery([secret]);
    const truncated = {
      "x-service-signature": (headers["x-service-signature"] ?? "").slice(0, -2),
    };
    await rejectsWith(verifyWebhook(body, truncated, secret), "no_matching_signature", NO_MATCH);
  });
});

describe("the replay window", () => {
  const secret = newSecret();
  const { event, body, headers } = serverDelivery([secret]);
  const at = (offsetSeconds: number) => () => NOW_MS + offsetSeconds * 1000;

  test("a delivery within the tolerance either way verifies", async () => {
    for (const offset of [-300, -1, 0, 1, 300]) {
      assert.deepEqual(await verifyWebhook(body, headers, secret, { now: at(offset) }), event);
    }
  });

  test("a stale delivery fails, saying how old it is", async () => {
    await rejectsWith(
      verifyWebhook(body, headers, secret, { now: at(301) }),
      "timestamp_too_old",
      "webhook-timestamp is too old",
      "301 s behind",
      "tolerance is 300 s",
    );
  });

  test("a delivery from the future fails, saying how far ahead it is", async () => {
    await rejectsWith(
      verifyWebhook(body, headers, secret, { now: at(-3600) }),
      "timestamp_too_new",
      "webhook-timestamp is too new",
      "3600 s ahead",
    );
  });

  test("the tolerance is an option", async () => {
    await rejectsWith(
      verifyWebhook(body, headers, secret, { now: at(31), tolerance: 30 }),
      "timestamp_too_old",
      "31 s behind",
      "tolerance is 30 s",
    );
    const later = at(3000);
    assert.deepEqual(
      await verifyWebhook(body, headers, secret, { now: later, tolerance: 3600 }),
      event,
    );
  });

  test("applies to a present webhook-timestamp when only X-Service-Signature matches", async () => {
    const serviceMatches = { ...headers, "webhook-signature": "v1,AAAA" };
    await rejectsWith(
      verifyWebhook(body, serviceMatches, secret, { now: at(900) }),
      "timestamp_too_old",
      "900 s behind",
    );
  });

  test("a webhook-timestamp that is not Unix seconds fails", async () => {
    const serviceOnly = without(headers, ...STANDARD);
    const cases = [
      ["2025-01-01T00:00:00Z", 'got "2025-01-01T00:00:00Z"'],
      [String(NOW_MS), "looks like milliseconds"],
    ] as const;
    for (const [timestamp, fragment] of cases) {
      const withTimestamp = { ...serviceOnly, "webhook-timestamp": timestamp };
      await rejectsWith(
        verifyWebhook(body, withTimestamp, secret, { now: fixedNow }),
        "invalid_timestamp",
        "webhook-timestamp must be Unix seconds",
        fragment,
      );
    }
  });

  test("a negative tolerance is a programming error", async () => {
    await assert.rejects(verifyWebhook(body, headers, secret, { tolerance: -1 }), RangeError);
  });
});
