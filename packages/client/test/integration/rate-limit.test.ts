/**
 * A key with a tiny per-minute limit against a real server: the call over the limit is a
 * `RateLimitError` carrying the server's figures, and a call with retries waits out the window
 * (the server's `Retry-After`, at most 60 s) and succeeds. On SQLite only: the limits live in the
 * api's memory (or Redis), never in the database, so a PostgreSQL store would wait out the same
 * window for nothing (the limit stores' own suites run on memory and Redis).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { RateLimitError, Scoreline } from "../../src/index.js";
import { ScorelineServer } from "../helpers/scoreline-server.js";

const LIMIT = 3;

describe("rate limits through the client", () => {
  let server: ScorelineServer;

  before(async () => {
    server = await ScorelineServer.start({ demo: false, roles: "api" });
  });
  after(async () => {
    await server?.dispose();
  });

  test("over the limit: RateLimitError with the figures; with retries: success after the window", async () => {
    const apiKey = await server.createKey({ requestsPerMinute: LIMIT });
    const client = new Scoreline({ apiKey, baseUrl: server.apiUrl, maxRetries: 0 });
    let last = await client.sports.list().withResponse();
    for (let i = 1; i < LIMIT; i++) last = await client.sports.list().withResponse();
    assert.equal(last.rate_limit?.limit, LIMIT);
    const window = last.rate_limit?.reset ?? 0;
    const error = await client.sports.list().catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitError, String(error));
    assert.equal(error.status, 429);
    assert.equal(error.code, "rate_limit_exceeded");
    assert.ok(
      error.retry_after !== undefined && error.retry_after <= 60,
      `retry_after ${error.retry_after}`,
    );
    assert.deepEqual(error.rate_limit, { limit: LIMIT, remaining: 0, reset: window });

    const patient = new Scoreline({ apiKey, baseUrl: server.apiUrl, maxRetries: 2 });
    const { data, rate_limit } = await patient.sports.list().withResponse();
    assert.equal(data.data.length, 10);
    assert.ok((rate_limit?.reset ?? 0) > window, "answered in a later window");
  });
});
