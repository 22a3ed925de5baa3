/**
 * Retries against a scripted server with a clock that does not wait: what is retried, how long
 * the client waits (Retry-After, backoff), timeouts and aborts.
 */
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
  Scoreline,
  ServiceUnavailableError,
} from "../../src/index.js";
import { errorBody, okBody, StubServer } from "../helpers/stub-server.js";
import { TestClock } from "../helpers/test-clock.js";

let stub: StubServer;
let clock: TestClock;
let client: Scoreline;

before(async () => {
  stub = await StubServer.start();
});
after(async () => {
  await stub.close();
});
beforeEach(() => {
  // An answer a test scripted but did not use (a request that never reached the stub) is not
  // the next test's.
  stub.reset();
  clock = new TestClock();
  client = new Scoreline({ apiKey: "sl_live_test", baseUrl: stub.url, clock });
});

const usage = () => client.usage.retrieve();

describe("retries", () => {
  test("a 500 then a 200: the call succeeds after one backoff of 0.375–0.5 s", async () => {
    stub.answer({ status: 500, body: errorBody(500, "internal_error", "boom") });
    stub.answer({ body: okBody({ plan: "growth" }) });
    assert.deepEqual(await usage(), { plan: "growth" });
    assert.equal(stub.requests.length, 2);
    assert.equal(clock.sleeps.length, 1);
    const [slept = 0] = clock.sleeps;
    assert.ok(slept >= 375 && slept <= 500, `slept ${slept}`);
  });

  test("backoff doubles from 0.5 s and is capped at 8 s", async () => {
    client = new Scoreline({ apiKey: "k", baseUrl: stub.url, clock, maxRetries: 6 });
    for (let i = 0; i < 7; i++) stub.answer({ status: 502, body: "bad gateway" });
    await assert.rejects(usage(), InternalServerError);
    assert.equal(stub.requests.length, 7);
    const ceilings = [500, 1000, 2000, 4000, 8000, 8000];
    assert.equal(clock.sleeps.length, ceilings.length);
    clock.sleeps.forEach((slept, i) => {
      const ceiling = ceilings[i] ?? 0;
      assert.ok(slept <= ceiling && slept >= ceiling * 0.75, `retry ${i}: ${slept} ms`);
    });
  });

  test("Retry-After in seconds is honoured exactly", async () => {
    stub.answer({
      status: 503,
      headers: { "retry-after": "7" },
      body: errorBody(503, "service_unavailable", "not ready"),
    });
    stub.answer({ body: okBody({ ok: 1 }) });
    await usage();
    assert.deepEqual(clock.sleeps, [7000]);
  });

  test("Retry-After as an HTTP date is honoured", async () => {
    const at = new Date(clock.now() + 12_000).toUTCString();
    stub.answer({
      status: 429,
      headers: { "retry-after": at },
      body: errorBody(429, "rate_limit_exceeded", "slow down"),
    });
    stub.answer({ body: okBody({ ok: 1 }) });
    await usage();
    assert.equal(clock.sleeps.length, 1);
    const [slept = 0] = clock.sleeps;
    assert.ok(Math.abs(slept - 12_000) <= 1000, `slept ${slept}`);
  });

  test("a Retry-After over the cap is not slept through: the error surfaces with retry_after", async () => {
    stub.answer({
      status: 429,
      headers: { "retry-after": "120" },
      body: errorBody(429, "rate_limit_exceeded", "slow down"),
    });
    const error = await usage().catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retry_after, 120);
    assert.equal(stub.requests.length, 1);
    assert.deepEqual(clock.sleeps, []);
  });

  test("the cap is an option", async () => {
    client = new Scoreline({ apiKey: "k", baseUrl: stub.url, clock, maxRetryAfter: 300 });
    stub.answer({ status: 429, headers: { "retry-after": "120" }, body: {} });
    stub.answer({ body: okBody({ ok: 1 }) });
    await usage();
    assert.deepEqual(clock.sleeps, [120_000]);
  });

  test("after maxRetries (default 2) the last error is thrown", async () => {
    for (let i = 0; i < 3; i++)
      stub.answer({ status: 500, body: errorBody(500, "internal_error", "x") });
    await assert.rejects(usage(), InternalServerError);
    assert.equal(stub.requests.length, 3);
  });

  test("maxRetries per call overrides the client's", async () => {
    stub.answer({ status: 500, body: errorBody(500, "internal_error", "x") });
    await assert.rejects(client.usage.retrieve({ maxRetries: 0 }), InternalServerError);
    assert.equal(stub.requests.length, 1);
  });

  for (const [status, code] of [
    [400, "invalid_parameter"],
    [401, "invalid_api_key"],
    [403, "plan_forbidden"],
    [404, "not_found"],
  ] as const) {
    test(`no retry on ${status}`, async () => {
      stub.answer({ status, body: errorBody(status, code, "no") });
      await assert.rejects(usage(), (e: { status: number }) => e.status === status);
      assert.equal(stub.requests.length, 1);
      assert.deepEqual(clock.sleeps, []);
    });
  }

  for (const status of [408, 409]) {
    test(`${status} is retried`, async () => {
      stub.answer({ status, body: {} }, { body: okBody({ ok: 1 }) });
      await usage();
      assert.equal(stub.requests.length, 2);
    });
  }

  test("POST is retried on 503 but not on 500 (it may have been applied)", async () => {
    stub.answer({ status: 503, body: errorBody(503, "service_unavailable", "x") });
    stub.answer({ status: 201, body: okBody({ id: "wh_1" }) });
    await client.webhooks.create({ url: "https://example.test/h", events: ["match.goal"] });
    assert.equal(stub.requests.length, 2);
    stub.requests.length = 0;
    stub.answer({ status: 500, body: errorBody(500, "internal_error", "x") });
    await assert.rejects(
      client.webhooks.create({ url: "https://example.test/h", events: ["match.goal"] }),
      InternalServerError,
    );
    assert.equal(stub.requests.length, 1);
  });

  test("a dropped connection is retried, then surfaces as APIConnectionError", async () => {
    stub.answer({ destroy: true }, { body: okBody({ ok: 1 }) });
    assert.deepEqual(await usage(), { ok: 1 });
    stub.requests.length = 0;
    stub.answer({ destroy: true }, { destroy: true }, { destroy: true });
    const error = await usage().catch((e: unknown) => e);
    assert.ok(error instanceof APIConnectionError);
    assert.ok(!(error instanceof APITimeoutError));
    assert.equal(error.status, undefined);
    assert.equal(stub.requests.length, 3);
  });

  test("no answer within `timeout` is an APITimeoutError, retried like a connection error", async () => {
    stub.answer({ hang: true }, { hang: true });
    // Long enough for a loaded machine to deliver each attempt to the stub before it times out.
    const error = await client.usage
      .retrieve({ timeout: 500, maxRetries: 1 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof APITimeoutError, String(error));
    assert.match(error.message, /no answer within 500 ms/);
    await waitUntil(() => stub.requests.length === 2);
    assert.equal(stub.requests.length, 2);
  });

  test("a signal aborts the request in flight", async () => {
    stub.answer({ hang: true });
    const controller = new AbortController();
    const call = client.usage.retrieve({ signal: controller.signal });
    await waitUntil(() => stub.requests.length === 1);
    controller.abort();
    await assert.rejects(call, APIUserAbortError);
  });

  test("a signal aborts the backoff wait", async () => {
    const held = new TestClock(undefined, true);
    client = new Scoreline({ apiKey: "k", baseUrl: stub.url, clock: held });
    stub.answer({ status: 503, body: errorBody(503, "service_unavailable", "x") });
    const controller = new AbortController();
    const call = client.usage.retrieve({ signal: controller.signal });
    await waitUntil(() => held.sleeps.length === 1);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    assert.ok(error instanceof APIUserAbortError);
    assert.ok(error.cause instanceof ServiceUnavailableError);
    assert.equal(stub.requests.length, 1);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met within 10 s");
    await new Promise((resolve) => setImmediate(resolve));
  }
}
