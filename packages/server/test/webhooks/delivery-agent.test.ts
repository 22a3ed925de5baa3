import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import type { Agent } from "undici";
import { BlockedAddressError } from "../../src/adapters/webhooks/address-policy.js";
import {
  createDeliveryAgent,
  DeliveryError,
  sendWebhook,
} from "../../src/adapters/webhooks/delivery-agent.js";
import { Receiver, type ReceiverReply, type Responder } from "../helpers/webhook-receiver.js";

const MEGABYTE = "x".repeat(1024 * 1024);

/** Answers by path: redirects, huge and chunked bodies, a cut UTF-8 character, silence, a stall. */
const respond: Responder = (request): ReceiverReply => {
  switch (request.path) {
    case "/redirect":
      return { status: 302, headers: { location: "/elsewhere" }, body: "moved" };
    case "/huge":
      return { status: 200, body: MEGABYTE };
    case "/huge-chunked":
      // No content-length: the cut-off is decided while reading.
      return { status: 200, chunks: Array.from({ length: 64 }, () => "y".repeat(16 * 1024)) };
    case "/utf8":
      // 2047 ASCII bytes, then "é" (2 bytes) straddling the 2048-byte cut.
      return {
        status: 200,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `${"a".repeat(2047)}é${"b".repeat(100)}`,
      };
    case "/silent":
      return { hang: "silent" };
    case "/stalled-body":
      return { status: 200, body: "partial", hang: "mid-body" };
    case "/gone":
      return { status: 410, body: "gone" };
    default:
      return {
        status: 200,
        headers: { "content-type": "application/json", "x-receiver": "test" },
        body: '{"received":true}',
      };
  }
};

const payload = JSON.stringify({ event_id: "evt_1", type: "match.goal" });
const headers = { "content-type": "application/json", "webhook-id": "msg_1" };

describe("webhook delivery agent", () => {
  // On 127.0.0.1 and, when the host has IPv6 loopback, on [::1] with the same port, so every
  // loopback spelling reaches it.
  const receiver = new Receiver(respond);
  let strict: Agent;
  let open: Agent;

  before(async () => {
    await receiver.start({ ipv6: true });
    strict = createDeliveryAgent({ allowPrivate: false });
    open = createDeliveryAgent({ allowPrivate: true });
  });
  after(async () => {
    await strict?.destroy();
    await open?.destroy();
    await receiver.stop();
  });
  beforeEach(() => receiver.reset());

  const loopbackUrls = () => [
    { url: `http://127.0.0.1:${receiver.port}/`, reason: /^blocked: 127\.0\.0\.1 is a loopback/ },
    {
      url: `http://[::ffff:127.0.0.1]:${receiver.port}/`,
      reason: /^blocked: ::ffff:7f00:1 is a loopback address \(IPv4-mapped 127\.0\.0\.1\)/,
    },
    { url: `http://0.0.0.0:${receiver.port}/`, reason: /^blocked: 0\.0\.0\.0 is an unspecified/ },
    {
      url: `http://localhost:${receiver.port}/`,
      reason: /^blocked: (127\.0\.0\.1|::1) is a loopback address \(resolved from localhost\)$/,
    },
  ];

  test("with the guard on, loopback targets are blocked and the receiver sees nothing", async () => {
    for (const { url, reason } of loopbackUrls()) {
      await assert.rejects(sendWebhook(strict, url, { body: payload, headers }), (err: unknown) => {
        assert.ok(err instanceof DeliveryError, url);
        assert.equal(err.blocked, true, url);
        assert.match(err.reason, reason);
        assert.equal(err.message, err.reason);
        return true;
      });
    }
    assert.equal(receiver.requests.length, 0);
    assert.equal(receiver.connections, 0, "not even a TCP connection is opened");
  });

  test("with the guard on, [::1] is blocked", async (t) => {
    if (!receiver.ipv6) return t.skip("no IPv6 loopback");
    await assert.rejects(
      sendWebhook(strict, `http://[::1]:${receiver.port}/`, { body: payload, headers }),
      { name: "DeliveryError", blocked: true, reason: "blocked: ::1 is a loopback address" },
    );
    assert.equal(receiver.requests.length, 0);
    assert.equal(receiver.connections, 0);
  });

  test("a refusal from the connect-time lookup keeps its BlockedAddressError as the cause", async () => {
    // undici 7 hands the lookup's error to the request unchanged (no wrapping).
    const err = await sendWebhook(strict, `http://localhost:${receiver.port}/`, {
      body: payload,
    }).then(
      () => assert.fail("should have been blocked"),
      (e: unknown) => e,
    );
    assert.ok(err instanceof DeliveryError);
    assert.ok(err.cause instanceof BlockedAddressError);
    assert.equal(err.cause.hostname, "localhost");
  });

  test("with allowPrivate the same targets are delivered to", async (t) => {
    const urls = loopbackUrls().map(({ url }) => url);
    if (receiver.ipv6) urls.push(`http://[::1]:${receiver.port}/`);
    else t.diagnostic("no IPv6 loopback: [::1] not tried");
    for (const url of urls) {
      const result = await sendWebhook(open, url, { body: payload, headers });
      assert.equal(result.status, 200, url);
      assert.equal(result.bodyPrefix, '{"received":true}');
      assert.equal(result.headers["x-receiver"], "test");
      assert.ok(result.durationMs >= 0 && result.durationMs < 5_000, `${result.durationMs}`);
    }
    assert.equal(receiver.requests.length, urls.length);
    for (const request of receiver.requests) {
      assert.equal(request.method, "POST");
      assert.equal(request.body, payload);
      assert.equal(request.headers["webhook-id"], "msg_1");
      assert.equal(request.headers["content-type"], "application/json");
    }
  });

  test("a 3xx is returned as a status and never followed", async () => {
    const result = await sendWebhook(open, `http://127.0.0.1:${receiver.port}/redirect`, {
      body: payload,
    });
    assert.equal(result.status, 302);
    assert.equal(result.headers.location, "/elsewhere");
    assert.equal(result.bodyPrefix, "moved");
    assert.deepEqual(
      receiver.requests.map((r) => r.path),
      ["/redirect"],
    );
  });

  test("other statuses are results too", async () => {
    const result = await sendWebhook(open, `http://127.0.0.1:${receiver.port}/gone`, {
      body: payload,
    });
    assert.equal(result.status, 410);
    assert.equal(result.bodyPrefix, "gone");
  });

  test("a 1 MB response yields a 2048-byte prefix", async () => {
    for (const path of ["/huge", "/huge-chunked"]) {
      const result = await sendWebhook(open, `http://127.0.0.1:${receiver.port}${path}`, {
        body: payload,
      });
      assert.equal(result.status, 200);
      assert.equal(Buffer.byteLength(result.bodyPrefix), 2048, path);
      assert.match(result.bodyPrefix, /^(x{2048}|y{2048})$/);
    }
    // The agent is still usable afterwards.
    const next = await sendWebhook(open, `http://127.0.0.1:${receiver.port}/`, { body: payload });
    assert.equal(next.status, 200);
  });

  test("the prefix does not end in half a UTF-8 character", async () => {
    const result = await sendWebhook(open, `http://127.0.0.1:${receiver.port}/utf8`, {
      body: payload,
    });
    assert.equal(result.bodyPrefix, "a".repeat(2047));
  });

  test("a server that never answers is a timeout", async (t) => {
    // Own agent: after an abort undici opens (and at once closes) a fresh connection to the
    // origin, which must not be counted by the other tests.
    const agent = createDeliveryAgent({ allowPrivate: true });
    t.after(() => agent.destroy());
    const started = performance.now();
    await assert.rejects(
      sendWebhook(agent, `http://127.0.0.1:${receiver.port}/silent`, {
        body: payload,
        timeoutMs: 300,
      }),
      (err: unknown) => {
        assert.ok(err instanceof DeliveryError);
        assert.equal(err.blocked, false);
        assert.equal(err.reason, "timed out after 300 ms");
        assert.ok(err.durationMs >= 290, `${err.durationMs}`);
        return true;
      },
    );
    assert.ok(performance.now() - started < 2_000);
    assert.equal(receiver.requests.length, 1);
  });

  test("headers in time but a stalled body: the status stands, with the prefix read so far", async (t) => {
    const agent = createDeliveryAgent({ allowPrivate: true });
    t.after(() => agent.destroy());
    const result = await sendWebhook(agent, `http://127.0.0.1:${receiver.port}/stalled-body`, {
      body: payload,
      timeoutMs: 300,
    });
    assert.equal(result.status, 200);
    assert.equal(result.bodyPrefix, "partial");
    assert.ok(result.durationMs >= 290 && result.durationMs < 2_000, `${result.durationMs}`);
  });

  test("connection refused is a DeliveryError", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    await assert.rejects(sendWebhook(open, `http://127.0.0.1:${port}/`, { body: payload }), {
      name: "DeliveryError",
      reason: "connection refused",
      blocked: false,
    });
  });

  test("an unusable URL is a DeliveryError that is not a block", async () => {
    await assert.rejects(sendWebhook(open, "ftp://127.0.0.1/", { body: payload }), {
      name: "DeliveryError",
      blocked: false,
      reason: /unsupported URL scheme/,
    });
    await assert.rejects(sendWebhook(open, "not a url", { body: payload }), {
      name: "DeliveryError",
      blocked: false,
    });
  });

  test("keep-alive reuses the connection", async () => {
    // A receiver of its own, so no other test's connections are counted.
    const own = await new Receiver(respond).start();
    const agent = createDeliveryAgent({ allowPrivate: true, keepAliveTimeout: 10_000 });
    try {
      for (let i = 0; i < 5; i++) {
        const result = await sendWebhook(agent, `http://127.0.0.1:${own.port}/`, {
          body: Buffer.from(payload),
          headers,
        });
        assert.equal(result.status, 200);
      }
      assert.equal(own.requests.length, 5);
      assert.equal(own.connections, 1);
    } finally {
      await agent.destroy();
      await own.stop();
    }
  });
});
