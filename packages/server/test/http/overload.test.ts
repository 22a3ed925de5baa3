/**
 * Load shedding (ADR-0038): past the node's in-flight limit, or while its event loop lags, a
 * request is answered at once with `503 service_unavailable`, `Retry-After` and the envelope;
 * health checks are never shed; the node serves again as soon as the pressure is gone. The
 * in-flight limit is held deterministically: a webhook test send stays in flight until the
 * local receiver is told to answer. SQLite (the store plays no part).
 */
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";

function assertShed(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  assert.equal(response.statusCode, 503);
  assert.equal(response.headers["retry-after"], "1");
  assert.ok(response.headers["x-request-id"]);
  const body = response.json() as { data: unknown; error: { code: string; message: string } };
  assert.equal(body.data, null);
  assert.equal(body.error.code, "service_unavailable");
  assert.match(body.error.message, /overloaded/);
}

describe("shedding past the in-flight limit", () => {
  let t: TestApp;
  let receiver: Receiver;
  before(async () => {
    t = await createTestApp("sqlite", {
      env: {
        SCORELINE_WEBHOOK_ALLOW_PRIVATE: "true",
        SCORELINE_MAX_IN_FLIGHT: "1",
        SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "0",
      },
    });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.stop();
    await t?.dispose();
  });

  test("a second request while one is in flight is shed; health is not; then it serves", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/v1/webhooks",
      payload: { url: `http://127.0.0.1:${receiver.port}/hook`, events: ["match.goal"] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = (created.json() as { data: { id: string } }).data.id;
    let answer: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      answer = resolve;
    });
    receiver.respond = () => ({ status: 200, body: "ok", release: released });
    const held = t.app.inject({ method: "POST", url: `/v1/webhooks/${id}/test` });
    await waitFor(() => receiver.requests.length === 1, { what: "the test send in flight" });

    assertShed(await t.app.inject({ method: "GET", url: "/v1/sports" }));
    assert.equal((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode, 200);
    assert.equal((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode, 200);

    answer();
    assert.equal((await held).statusCode, 200);
    assert.equal((await t.app.inject({ method: "GET", url: "/v1/sports" })).statusCode, 200);
  });
});

describe("shedding while the event loop lags", () => {
  let t: TestApp;
  let blocker: NodeJS.Timeout | undefined;
  before(async () => {
    t = await createTestApp("sqlite", {
      env: { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "40", SCORELINE_MAX_IN_FLIGHT: "0" },
    });
  });
  afterEach(() => clearInterval(blocker));
  after(async () => {
    await t?.dispose();
  });

  test("requests are shed while the loop is blocked, and served once it is free", async (ctx) => {
    // Block the loop for 200 ms at a time: the sampled mean delay rises far above 40 ms.
    blocker = setInterval(() => {
      const until = performance.now() + 200;
      while (performance.now() < until) {
        // busy: nothing else runs
      }
    }, 50);
    let shed: Awaited<ReturnType<TestApp["app"]["inject"]>> | undefined;
    await waitFor(
      async () => {
        const response = await t.app.inject({ method: "GET", url: "/v1/sports" });
        if (response.statusCode === 503) shed = response;
        return shed !== undefined;
      },
      { what: "a shed request", timeoutMs: 20_000 },
    );
    assert.ok(shed);
    assertShed(shed);
    assert.equal((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode, 200);
    clearInterval(blocker);
    const freed = performance.now();
    await waitFor(
      async () => (await t.app.inject({ method: "GET", url: "/v1/sports" })).statusCode === 200,
      { what: "serving again", timeoutMs: 20_000 },
    );
    ctx.diagnostic(
      `serving again ${Math.round(performance.now() - freed)} ms after the loop was freed`,
    );
  });
});
