/**
 * Redis going away (ADR-0036), on each store: keyed /v1 calls are refused at once with 503
 * `service_unavailable` and Retry-After (never counted on this node alone), `/readyz` names
 * Redis, a stream upgrade is refused quickly, and everything recovers by itself when Redis
 * returns. Each suite owns its Redis server, which it kills and restarts.
 */
import assert from "node:assert/strict";
import { after, before, describe, type TestContext, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { RedisConnectionSlots } from "../../src/stream/redis-connection-slots.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { refusal, TestClient } from "../helpers/ws-client.js";
import { startStream, type TestStream } from "../stream/stream-helpers.js";

/** Far below the ~10 s a request waited before, and generous for a loaded machine. */
const FAST_MS = 2000;
const READ = "/v1/football/fixtures";
/** Load shedding is another test's subject: a busy machine must not turn calls into 503s here. */
const NO_SHEDDING = { SCORELINE_SHED_EVENT_LOOP_DELAY_MS: "0" };

/** The slowest answer each test saw while Redis was away (reported as a test diagnostic). */
let slowestMs = 0;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  slowestMs = Math.max(slowestMs, ms);
  return { value, ms };
}

function reportSlowest(ctx: TestContext): void {
  ctx.diagnostic(`slowest answer while Redis was away: ${Math.round(slowestMs)} ms`);
  slowestMs = 0;
}

/** A 503 in the envelope with a request id and Retry-After, saying Redis (or its counters) is away. */
function assertUnavailable(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.statusCode, 503, `${what}: ${res.body}`);
  const body = res.json();
  assert.equal(body.error.code, "service_unavailable");
  assert.match(body.error.message, what === "/readyz" ? /redis/ : /counters are unavailable/);
  assert.equal(body.error.request_id, res.headers["x-request-id"]);
  assert.match(String(res.headers["x-request-id"]), /^req_/);
  assert.match(String(res.headers["retry-after"]), /^\d+$/);
}

for (const dialect of DIALECTS) {
  describe(`Redis going away and coming back (${dialect})`, { skip: unavailable(dialect) }, () => {
    let redis: PrivateRedis;
    let t: TestApp;
    let slots: RedisConnectionSlots;
    let stream: TestStream;
    let streamUrl: string;

    before(async () => {
      redis = await startPrivateRedis();
      t = await createTestApp(dialect, { env: { REDIS_URL: redis.url, ...NO_SHEDDING } });
      slots = new RedisConnectionSlots({ url: redis.url });
      stream = await startStream(t.store, new MemoryEventBus(), { slots });
      streamUrl = `${stream.url}/v1?token=${encodeURIComponent(t.key)}`;
      // On a busy machine the app's start can outlast ioredis's connect timer, and the connection
      // is then made again: start from a node and a listener whose Redis connections are up.
      await waitFor(async () => (await t.rawInject("/readyz")).statusCode === 200, {
        what: "the node's /readyz to be ok",
      });
      await waitFor(async () => (await streamReady()).status === 200, {
        what: "the stream listener's /readyz to be ok",
      });
    });

    /** The stream listener's own `/readyz`. */
    const streamReady = () => fetch(`${stream.url.replace(/^ws/, "http")}/readyz`);

    after(async () => {
      await stream?.close();
      await slots?.close();
      await t?.dispose();
      await redis?.stop();
    });

    test("with Redis up: calls are counted, /readyz reports redis, the stream connects", async () => {
      const res = await t.app.inject(READ);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers["x-ratelimit-remaining"] !== undefined, true);
      const ready = await t.rawInject("/readyz");
      assert.equal(ready.statusCode, 200, ready.body);
      assert.deepEqual(ready.json(), { status: "ok", checks: { database: "ok", redis: "ok" } });
      const client = await TestClient.connect(streamUrl);
      client.ws.terminate();
      const streamReadiness = await streamReady();
      assert.equal(streamReadiness.status, 200);
      assert.deepEqual(await streamReadiness.json(), {
        status: "ok",
        checks: { database: "ok", redis: "ok" },
      });
    });

    test("with Redis down: 503 at once, /readyz names redis, upgrades refused quickly", async (ctx) => {
      await redis.stop();

      for (let i = 0; i < 5; i++) {
        const { value: res, ms } = await timed(() => t.app.inject(READ));
        assertUnavailable(res, `call ${i}`);
        assert.ok(ms < FAST_MS, `call ${i} took ${Math.round(ms)} ms`);
      }

      const { value: ready, ms: readyMs } = await timed(() => t.rawInject("/readyz"));
      assertUnavailable(ready, "/readyz");
      assert.match(ready.json().error.message, /redis/);
      assert.ok(readyMs < FAST_MS, `/readyz took ${Math.round(readyMs)} ms`);

      const { value: refused, ms: wsMs } = await timed(() => refusal(streamUrl));
      assert.equal(refused.status, 503);
      assert.equal(refused.body.error.code, "service_unavailable");
      assert.match(String(refused.headers["retry-after"]), /^\d+$/);
      assert.equal(refused.body.error.request_id, refused.headers["x-request-id"]);
      assert.ok(wsMs < FAST_MS, `the refused upgrade took ${Math.round(wsMs)} ms`);

      const { value: streamReadiness, ms: streamReadyMs } = await timed(streamReady);
      assert.equal(streamReadiness.status, 503);
      assert.match(String(streamReadiness.headers.get("retry-after")), /^\d+$/);
      const streamBody = (await streamReadiness.json()) as {
        error: { code: string; message: string };
      };
      assert.equal(streamBody.error.code, "service_unavailable");
      assert.match(streamBody.error.message, /redis/);
      assert.ok(
        streamReadyMs < FAST_MS,
        `the stream's /readyz took ${Math.round(streamReadyMs)} ms`,
      );
      reportSlowest(ctx);
    });

    test("when Redis returns, calls, /readyz and the stream recover by themselves", async (ctx) => {
      await redis.start();
      const back = performance.now();
      await waitFor(async () => (await t.app.inject(READ)).statusCode === 200, {
        what: "a keyed call to succeed again",
      });
      await waitFor(async () => (await t.rawInject("/readyz")).statusCode === 200, {
        what: "/readyz to be ok again",
      });
      assert.deepEqual((await t.rawInject("/readyz")).json(), {
        status: "ok",
        checks: { database: "ok", redis: "ok" },
      });
      await waitFor(
        async () => {
          try {
            const client = await TestClient.connect(streamUrl);
            client.ws.terminate();
            return true;
          } catch {
            return false;
          }
        },
        { what: "a stream upgrade to be accepted again", intervalMs: 100 },
      );
      await waitFor(async () => (await streamReady()).status === 200, {
        what: "the stream's /readyz to be ok again",
      });
      ctx.diagnostic(`recovered ${Math.round(performance.now() - back)} ms after Redis answered`);
    });
  });
}

describe("a node started while Redis is down", () => {
  let redis: PrivateRedis;
  let t: TestApp;

  before(async () => {
    redis = await startPrivateRedis();
    await redis.stop();
    t = await createTestApp("sqlite", { env: { REDIS_URL: redis.url, ...NO_SHEDDING } });
  });

  after(async () => {
    await t?.dispose();
    await redis?.stop();
  });

  test("refuses keyed calls at once and is not ready, then recovers when Redis starts", async (ctx) => {
    for (let i = 0; i < 3; i++) {
      const { value: res, ms } = await timed(() => t.app.inject(READ));
      assertUnavailable(res, `call ${i}`);
      assert.ok(ms < FAST_MS, `call ${i} took ${Math.round(ms)} ms`);
    }
    assertUnavailable(await t.rawInject("/readyz"), "/readyz");
    reportSlowest(ctx);

    await redis.start();
    await waitFor(async () => (await t.app.inject(READ)).statusCode === 200, {
      what: "a keyed call to succeed once Redis runs",
    });
    await waitFor(async () => (await t.rawInject("/readyz")).statusCode === 200, {
      what: "/readyz to be ok once Redis runs",
    });
  });
});

describe("an unresponsive Redis (frozen: connections open, nothing answered)", () => {
  let redis: PrivateRedis;
  let t: TestApp;

  before(async () => {
    redis = await startPrivateRedis();
    t = await createTestApp("sqlite", {
      env: { REDIS_URL: redis.url, ...NO_SHEDDING, SCORELINE_REDIS_TIMEOUT_MS: "300" },
    });
  });

  after(async () => {
    await t?.dispose();
    await redis?.stop();
  });

  test("the command timeout bounds the wait, later calls are refused at once, and it recovers", async (ctx) => {
    // On a busy machine the app's start can outlast ioredis's connect timer, so the first call
    // may be refused while it reconnects: wait until Redis answers before freezing it.
    await waitFor(async () => (await t.app.inject(READ)).statusCode === 200, {
      what: "a keyed call to succeed before Redis is frozen",
    });
    redis.freeze();
    try {
      for (let i = 0; i < 5; i++) {
        const { value: res, ms } = await timed(() => t.app.inject(READ));
        assertUnavailable(res, `call ${i}`);
        assert.ok(ms < FAST_MS, `call ${i} took ${Math.round(ms)} ms`);
      }
      const { value: ready, ms } = await timed(() => t.rawInject("/readyz"));
      assertUnavailable(ready, "/readyz");
      assert.match(ready.json().error.message, /redis/);
      assert.ok(ms < FAST_MS, `/readyz took ${Math.round(ms)} ms`);
      reportSlowest(ctx);
    } finally {
      redis.thaw();
    }
    await waitFor(async () => (await t.app.inject(READ)).statusCode === 200, {
      what: "a keyed call to succeed once Redis answers again",
    });
    await waitFor(async () => (await t.rawInject("/readyz")).statusCode === 200, {
      what: "/readyz to be ok once Redis answers again",
    });
  });
});
