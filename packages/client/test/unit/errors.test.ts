/** Every code of the API's error table becomes its own class, with everything the answer said. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  APIConnectionError,
  AuthenticationError,
  InternalServerError,
  InvalidParameterError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  QuotaExceededError,
  RateLimitError,
  Scoreline,
  ScorelineError,
  ServiceUnavailableError,
  UnsupportedVersionError,
} from "../../src/index.js";
import { errorBody, StubServer } from "../helpers/stub-server.js";
import { TestClock } from "../helpers/test-clock.js";

let stub: StubServer;
let client: Scoreline;

before(async () => {
  stub = await StubServer.start();
  client = new Scoreline({
    apiKey: "sl_live_x",
    baseUrl: stub.url,
    maxRetries: 0,
    clock: new TestClock(),
  });
});
after(async () => {
  await stub.close();
});

const LIMIT_HEADERS = {
  "x-request-id": "req_abc",
  "x-ratelimit-limit": "600",
  "x-ratelimit-remaining": "0",
  "x-ratelimit-reset": "1795600860",
  "x-quota-limit": "1000000",
  "x-quota-remaining": "999",
  "x-quota-reset": "1796083200",
};

const TABLE = [
  [400, "invalid_parameter", InvalidParameterError],
  [401, "invalid_api_key", AuthenticationError],
  [403, "plan_forbidden", PermissionError],
  [404, "not_found", NotFoundError],
  [404, "unsupported_version", UnsupportedVersionError],
  [405, "method_not_allowed", MethodNotAllowedError],
  [413, "payload_too_large", PayloadTooLargeError],
  [429, "rate_limit_exceeded", RateLimitError],
  [429, "quota_exceeded", QuotaExceededError],
  [500, "internal_error", InternalServerError],
  [503, "service_unavailable", ServiceUnavailableError],
] as const;

describe("error mapping", () => {
  for (const [status, code, ErrorClass] of TABLE) {
    test(`${status} ${code} → ${ErrorClass.name}`, async () => {
      stub.answer({
        status,
        headers: { ...LIMIT_HEADERS, "retry-after": "30" },
        body: errorBody(status, code, `about ${code}`, "per_page"),
      });
      const error = await client.football.fixtures.list().catch((e: unknown) => e);
      assert.ok(error instanceof ErrorClass, `${String(error)} is a ${ErrorClass.name}`);
      assert.ok(error instanceof ScorelineError);
      assert.equal(error.name, ErrorClass.name);
      assert.equal(error.status, status);
      assert.equal(error.code, code);
      assert.equal(error.field, "per_page");
      assert.match(error.message, new RegExp(`about ${code}`));
      assert.deepEqual(error.errors, [{ code, message: `about ${code}`, field: "per_page" }]);
      assert.equal(error.request_id, "req_stub");
      assert.equal(error.headers?.get("x-request-id"), "req_abc");
      assert.deepEqual(error.rate_limit, { limit: 600, remaining: 0, reset: 1795600860 });
      assert.deepEqual(error.quota, { limit: 1000000, remaining: 999, reset: 1796083200 });
      if (error instanceof RateLimitError || error instanceof QuotaExceededError) {
        assert.equal(error.retry_after, 30);
      }
    });
  }

  test("rate limit and quota are not mistaken for each other", async () => {
    stub.answer({ status: 429, body: errorBody(429, "quota_exceeded", "month used up") });
    const error = await client.usage.retrieve().catch((e: unknown) => e);
    assert.ok(error instanceof QuotaExceededError);
    assert.ok(!(error instanceof RateLimitError));
  });

  test("several problems are all listed; `field` is the first's", async () => {
    const body = errorBody(400, "invalid_parameter", "page must be 1 or more", "page");
    body.errors.push({ code: "invalid_parameter", message: "per_page too big", field: "per_page" });
    stub.answer({ status: 400, body });
    const error = (await client.football.teams.list().catch((e: unknown) => e)) as ScorelineError;
    assert.equal(error.field, "page");
    assert.deepEqual(
      error.errors.map((e) => e.field),
      ["page", "per_page"],
    );
  });

  test("an answer without the envelope (a proxy's page) maps by status", async () => {
    stub.answer({
      status: 502,
      headers: { "content-type": "text/html" },
      body: "<h1>Bad gateway</h1>",
    });
    const error = (await client.usage.retrieve().catch((e: unknown) => e)) as ScorelineError;
    assert.ok(error instanceof InternalServerError);
    assert.equal(error.status, 502);
    assert.equal(error.code, undefined);
    assert.match(error.message, /Bad gateway/);
  });

  test("an unknown code with a known status maps by status", async () => {
    stub.answer({ status: 403, body: errorBody(403, "something_new", "new rule") });
    const error = await client.usage.retrieve().catch((e: unknown) => e);
    assert.ok(error instanceof PermissionError);
    assert.equal((error as ScorelineError).code, "something_new");
  });

  test("a connection error has no status and keeps its cause", async () => {
    const offline = new Scoreline({
      apiKey: "k",
      baseUrl: "http://127.0.0.1:1",
      maxRetries: 0,
    });
    const error = (await offline.usage.retrieve().catch((e: unknown) => e)) as ScorelineError;
    assert.ok(error instanceof APIConnectionError);
    assert.equal(error.status, undefined);
    assert.ok(error.cause !== undefined);
  });
});
