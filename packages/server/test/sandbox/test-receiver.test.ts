/**
 * `POST {sandbox_url}/v1/webhooks/test {url, event?, secret?}` (ADR-0019): one signed sample
 * payload of every event type (or the chosen one) fired at a local receiver, each verified with
 * the code that verifies real deliveries (test/webhooks/helpers.ts: Standard Webhooks through
 * the `standardwebhooks` package, and `X-Service-Signature`); bad input is a 400 naming the
 * field; without SCORELINE_WEBHOOK_ALLOW_PRIVATE a loopback target is refused by the delivery
 * agent's address policy and nothing reaches it.
 *
 * The sandbox clock starts at the real time: Standard Webhooks receivers reject timestamps more
 * than five minutes away from their own clock.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { EVENT_TYPES } from "../../src/events/domain-event.js";
import { USER_AGENT } from "../../src/webhooks/signing.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { ALLOW_PRIVATE, assertNotSignedWith, assertSignedWith, json } from "../webhooks/helpers.js";
import { createSandbox, type Sandbox } from "./sandbox-helpers.js";

interface TestDelivery {
  event: string;
  event_id: string;
  status: number;
  ok: boolean;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}

interface TestResult {
  url: string;
  secret: string;
  deliveries: TestDelivery[];
}

const GIVEN_SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;

async function fire(sb: Sandbox, payload: Record<string, unknown>, key?: string) {
  return sb.inject({
    method: "POST",
    url: "/v1/webhooks/test",
    payload,
    ...(key !== undefined ? { key } : {}),
  });
}

describe("the sandbox's test webhook receiver", () => {
  let sb: Sandbox;
  let receiver: Receiver;

  before(async () => {
    sb = await createSandbox({ seed: false, env: ALLOW_PRIVATE });
    receiver = await startReceiver();
  });
  after(async () => {
    await sb?.dispose();
    await receiver?.stop();
  });

  test("{url}: eight deliveries, one per event type, each verifying with the returned secret", async () => {
    const url = receiver.url("/all");
    const response = await fire(sb, { url });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(typeof response.headers["x-ratelimit-limit"], "string", "keyless guard headers");
    const result = response.json().data as TestResult;
    assert.equal(result.url, url);
    assert.match(result.secret, /^whsec_[A-Za-z0-9+/]+={0,2}$/);
    assert.deepEqual(
      result.deliveries.map((d) => d.event),
      [...EVENT_TYPES],
    );
    for (const delivery of result.deliveries) {
      assert.equal(delivery.status, 200, JSON.stringify(delivery));
      assert.equal(delivery.ok, true);
      assert.equal(delivery.error, null);
      assert.equal(delivery.response_body, "ok");
      assert.ok(delivery.duration_ms >= 0);
    }

    const received = receiver.to("/all");
    assert.equal(received.length, EVENT_TYPES.length);
    for (const [i, request] of received.entries()) {
      const delivery = result.deliveries[i] as TestDelivery;
      assert.equal(request.method, "POST");
      assertSignedWith(request, result.secret);
      assertNotSignedWith(request, OTHER_SECRET);
      assert.equal(request.headers["content-type"], "application/json");
      assert.equal(request.headers["user-agent"], USER_AGENT);
      assert.equal(request.headers["x-service-event"], delivery.event);
      assert.equal(request.webhookId, delivery.event_id);
      const body = json(request);
      assert.equal(body.event, delivery.event);
      assert.equal(body.event_id, delivery.event_id);
      assert.equal(typeof body.sport, "string");
      assert.equal(typeof body.sequence, "number");
      assert.match(String(body.timestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    assert.equal(new Set(received.map((r) => r.webhookId)).size, EVENT_TYPES.length);
  });

  test("{url, event, secret}: one delivery of that event, signed with that secret", async () => {
    const url = receiver.url("/goal");
    const response = await fire(sb, { url, event: "match.goal", secret: GIVEN_SECRET });
    assert.equal(response.statusCode, 200, response.body);
    const result = response.json().data as TestResult;
    assert.equal(result.secret, GIVEN_SECRET);
    assert.equal(result.deliveries.length, 1);
    assert.equal(result.deliveries[0]?.event, "match.goal");
    assert.equal(result.deliveries[0]?.ok, true);
    const [request] = receiver.to("/goal");
    assert.ok(request);
    assert.equal(receiver.to("/goal").length, 1);
    assertSignedWith(request, GIVEN_SECRET);
    assertNotSignedWith(request, OTHER_SECRET);
    const body = json(request);
    assert.equal(body.event, "match.goal");
    assert.equal(request.headers["x-service-event"], "match.goal");
  });

  test("a receiver's failure is reported per delivery, with its status and body", async () => {
    const failing = await startReceiver(() => ({ status: 503, body: "down for maintenance" }));
    try {
      const response = await fire(sb, { url: failing.url("/x"), event: "odds.changed" });
      assert.equal(response.statusCode, 200, response.body);
      const [delivery] = (response.json().data as TestResult).deliveries;
      assert.equal(delivery?.status, 503);
      assert.equal(delivery?.ok, false);
      assert.equal(delivery?.error, "HTTP 503");
      assert.equal(delivery?.response_body, "down for maintenance");
      assert.equal(failing.requests.length, 1, "no retries from the test receiver");
    } finally {
      await failing.stop();
    }
  });

  test("a sandbox key may call it too (it is open)", async () => {
    const { key } = await sb.createKey("free");
    const response = await fire(sb, { url: receiver.url("/keyed"), event: "match.started" }, key);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers["x-ratelimit-limit"], "150");
    assert.equal(receiver.to("/keyed").length, 1);
  });

  test("bad url, unknown event, malformed secret: 400 naming the field, nothing sent", async () => {
    const before = receiver.requests.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: "not a url" }, "url"],
      [{ url: "/relative/hook" }, "url"],
      [{ url: "ftp://127.0.0.1/hook" }, "url"],
      [{ url: "" }, "url"],
      [{}, "url"],
      [{ url: receiver.url("/bad"), event: "match.kickoff" }, "event"],
      [{ url: receiver.url("/bad"), event: "" }, "event"],
      [{ url: receiver.url("/bad"), secret: "s3cr3t" }, "secret"],
      [{ url: receiver.url("/bad"), secret: "whsec_not*base64" }, "secret"],
      [
        { url: receiver.url("/bad"), secret: `whsec_${Buffer.alloc(8).toString("base64")}` },
        "secret",
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await fire(sb, payload);
      const what = `${JSON.stringify(payload)}: ${response.body}`;
      assert.equal(response.statusCode, 400, what);
      const body = response.json();
      assert.equal(body.error.code, "invalid_parameter", what);
      assert.equal(body.error.field, field, what);
      assert.equal(body.data, null);
    }
    assert.equal(receiver.requests.length, before, "nothing was sent");
  });
});

describe("the test receiver without SCORELINE_WEBHOOK_ALLOW_PRIVATE", () => {
  let sb: Sandbox;
  let receiver: Receiver;

  before(async () => {
    sb = await createSandbox({ seed: false });
    receiver = await startReceiver();
  });
  after(async () => {
    await sb?.dispose();
    await receiver?.stop();
  });

  test("a loopback target is refused (status 0, blocked) and receives nothing", async () => {
    for (const host of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]"]) {
      const url = `https://${host}:${receiver.port}/hook`;
      const response = await fire(sb, { url });
      assert.equal(response.statusCode, 200, response.body);
      const result = response.json().data as TestResult;
      assert.equal(result.deliveries.length, EVENT_TYPES.length);
      for (const delivery of result.deliveries) {
        assert.equal(delivery.status, 0, `${url} ${JSON.stringify(delivery)}`);
        assert.equal(delivery.ok, false);
        assert.match(String(delivery.error), /^blocked: /);
        assert.equal(delivery.response_body, null);
      }
    }
    // Plain http needs the switch as well.
    const plain = await fire(sb, { url: receiver.url("/hook") });
    assert.equal(plain.statusCode, 400, plain.body);
    assert.equal(plain.json().error.field, "url");
    assert.equal(receiver.connections, 0, "not even a connection reached the receiver");
    assert.equal(receiver.requests.length, 0);
  });
});
