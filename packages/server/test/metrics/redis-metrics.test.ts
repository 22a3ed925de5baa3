/**
 * Redis failures in the metrics, through the api host's real Redis connections against a Redis
 * the test owns: a request whose counters Redis does not answer (the process frozen) is one
 * `timeout` of the `limits` connection; with Redis stopped, each refused request is one failed
 * command and the clients' failed reconnections count as `connection` errors — the bus's
 * subscriber's too.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { waitFor } from "../helpers/wait.js";
import { type Scrape, scrape } from "./scrape.js";

const ERRORS = "scoreline_redis_errors_total";

describe("Redis errors", () => {
  let redis: PrivateRedis;
  let t: TestApp;
  before(async () => {
    redis = await startPrivateRedis();
    t = await createTestApp("sqlite", {
      // The admin token gives the host its feed route, and with it a Redis event bus of its own.
      env: {
        REDIS_URL: redis.url,
        SCORELINE_REDIS_TIMEOUT_MS: "300",
        SCORELINE_ADMIN_TOKEN: "redis-metrics-admin-token",
      },
    });
  });
  after(async () => {
    await t?.dispose();
    await redis?.stop();
  });
  const metrics = () => scrape({ inject: t.rawInject });
  const errors = (s: Scrape, connection: string, kind: string) =>
    s.value(ERRORS, { connection, kind });
  const read = () => t.app.inject("/v1/sports");

  test("a command Redis does not answer is one timeout of its connection", async () => {
    // Connected first (on a loaded machine the first connection attempt can time out).
    await waitFor(async () => (await read()).statusCode === 200, { what: "Redis answering" });
    const before = await metrics();
    redis.freeze();
    try {
      const refused = await read();
      assert.equal(refused.statusCode, 503, refused.body);
    } finally {
      redis.thaw();
    }
    const after = await metrics();
    assert.equal(errors(after, "limits", "timeout") - errors(before, "limits", "timeout"), 1);
    assert.equal(errors(after, "limits", "reply") - errors(before, "limits", "reply"), 0);
    await waitFor(async () => (await read()).statusCode === 200, { what: "Redis answering again" });
  });

  test("with Redis stopped: a refused command each, and the failed reconnections", async () => {
    const before = await metrics();
    await redis.stop();
    let refused = 0;
    let after = before;
    await waitFor(
      async () => {
        const response = await read();
        if (response.statusCode === 503) refused++;
        after = await metrics();
        return (
          refused >= 2 &&
          errors(after, "limits", "connection") > errors(before, "limits", "connection") &&
          errors(after, "bus_subscriber", "connection") >
            errors(before, "bus_subscriber", "connection")
        );
      },
      {
        what: () =>
          `refused requests (${refused}) and counted reconnection failures: ${[...after.samples]
            .filter(([k]) => k.startsWith(ERRORS))
            .join(" ")}`,
      },
    );
    // Refused at once while the client reconnects, or after the timeout when auto-pipelined
    // into a connection that is not there: one failed command either way.
    const failed = (s: Scrape) =>
      errors(s, "limits", "unavailable") + errors(s, "limits", "timeout");
    assert.equal(
      failed(after) - failed(before),
      refused,
      "each refused request is one failed command",
    );
    await redis.start();
    await waitFor(async () => (await read()).statusCode === 200, { what: "Redis back" });
  });
});
