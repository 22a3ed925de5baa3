/**
 * The access log and the logger behind it: one line per request with its fields under the
 * request id, `request failed` at error for a 5xx, `request.log` still carrying the request id,
 * authorization values censored wherever the logger used to censor them, and the Bearer header
 * read the same with and without its fast path.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, test } from "node:test";
import type { FastifyRequest } from "fastify";
import { createKey } from "../../src/accounts/accounts-service.js";
import { loadConfig } from "../../src/config/index.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import { createHttpApp } from "../../src/hosts/http-core.js";
import type { App } from "../../src/http/app-type.js";
import { presentedKey } from "../../src/http/auth.js";
import { createLogger } from "../../src/logger.js";
import { testClock } from "../helpers/clock.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n")) {
        if (line !== "") lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { lines, sink };
}

describe("access log", () => {
  let t: TestStore;
  let app: App;
  /** The shared core alone, with a route that fails. */
  let core: App;
  let key = "";
  const { lines, sink } = capture();

  before(async () => {
    t = await createTestStore("sqlite");
    app = await buildApiHost({
      config: loadConfig({}),
      store: t.store,
      logger: createLogger("info", sink),
      clock: testClock,
    });
    core = await createHttpApp({
      config: loadConfig({}),
      store: t.store,
      logger: createLogger("info", sink),
      clock: testClock,
    });
    core.get("/boom", async (request) => {
      request.log.warn({ step: "before" }, "about to fail");
      throw new Error("boom");
    });
    await core.ready();
    const ctx = { store: t.store, clock: testClock, plans: DEFAULT_PLANS };
    key = (await createKey(ctx, { kind: "live", plan: "growth" })).key;
  });

  after(async () => {
    await app.close();
    await core.close();
    await t.dispose();
  });

  test("one line per request: id, method, redacted URL, status, duration, cache result", async () => {
    lines.length = 0;
    const response = await app.inject({
      url: `/v1/sports?api_key=${key}&x=1`,
    });
    assert.equal(response.statusCode, 200);
    const requestLines = lines.filter((line) => line.msg === "request");
    assert.equal(requestLines.length, 1);
    const line = requestLines[0] ?? {};
    assert.equal(line.level, 30);
    assert.equal(line.request_id, response.headers["x-request-id"]);
    assert.equal(line.method, "GET");
    assert.equal(line.url, "/v1/sports?api_key=[REDACTED]&x=1");
    assert.equal(line.status, 200);
    assert.equal(typeof line.ms, "number");
    assert.equal(line.cache, response.headers["x-cache"]);
    assert.equal(typeof line.time, "number");
    assert.equal(typeof line.pid, "number");
    assert.ok(!JSON.stringify(lines).includes(key.slice(8)), "no key text in the log");
    const keys = Object.keys(line);
    assert.deepEqual(keys.slice(0, 5), ["level", "time", "pid", "hostname", "request_id"]);
    assert.equal(keys.at(-1), "msg");
  });

  test("a 5xx is `request failed` at error; request.log still binds the request id", async () => {
    lines.length = 0;
    const response = await core.inject("/boom");
    assert.equal(response.statusCode, 500);
    const id = response.headers["x-request-id"];
    const warned = lines.find((line) => line.msg === "about to fail");
    assert.equal(warned?.request_id, id);
    assert.equal(warned?.step, "before");
    const failed = lines.filter((line) => line.msg === "request failed");
    assert.ok(failed.some((line) => line.level === 50 && line.status === 500));
    assert.ok(failed.every((line) => line.request_id === id));
  });
});

describe("logger", () => {
  test("authorization values are censored one level down and in req.headers", () => {
    const { lines, sink } = capture();
    const logger = createLogger("info", sink);
    const headers = { authorization: "Bearer sl_live_secret", accept: "*/*" };
    logger.info({ headers }, "one");
    logger.info({ upstream: { authorization: "token" }, n: 1 }, "two");
    logger.info({ req: { method: "GET", url: "/?token=abc", id: "r", headers } }, "three");
    logger.child({ component: "x" }).info({ headers }, "four");
    assert.deepEqual(lines[0]?.headers, { authorization: "[REDACTED]", accept: "*/*" });
    assert.deepEqual(lines[1]?.upstream, { authorization: "[REDACTED]" });
    assert.equal(lines[1]?.n, 1);
    assert.deepEqual(lines[2]?.req, { id: "r", method: "GET", url: "/?token=[REDACTED]" });
    assert.deepEqual(lines[3]?.headers, { authorization: "[REDACTED]", accept: "*/*" });
    assert.equal(lines[3]?.component, "x");
    assert.equal(
      headers.authorization,
      "Bearer sl_live_secret",
      "the caller's object is untouched",
    );
  });
});

describe("presented key", () => {
  const request = (authorization: string) => ({ headers: { authorization } }) as FastifyRequest;
  test("the fast path and the expression agree", () => {
    const cases: Array<[string, string]> = [
      ["Bearer sl_live_abc", "sl_live_abc"],
      ["bearer sl_live_abc", "sl_live_abc"],
      ["Bearer  sl_live_abc ", "sl_live_abc"],
      ["Bearer\tsl_live_abc", "sl_live_abc"],
      ["Bearer sl_live_a b", ""],
      ["Bearer ", ""],
      ["Bearer", ""],
      ["Basic abc", ""],
      ["Bearer sl_live_\u00e9", "sl_live_\u00e9"],
    ];
    for (const [header, key] of cases) assert.equal(presentedKey(request(header)), key, header);
  });
});
