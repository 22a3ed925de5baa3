import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import { buildApiHost } from "../../src/hosts/api-host.js";
import type { App } from "../../src/http/app-type.js";
import { createLogger } from "../../src/logger.js";
import { createTestApp } from "../helpers/app.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

describe("health, envelope and unknown routes", () => {
  let t: TestStore;
  let app: App;
  before(async () => {
    t = await createTestStore("sqlite");
    app = await buildApiHost({
      config: loadConfig({}),
      store: t.store,
      logger: createLogger("silent"),
    });
  });
  after(async () => {
    await app?.close();
    await t?.dispose();
  });

  test("/healthz answers with a request id", async () => {
    const res = await app.inject("/healthz");
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: "ok" });
    assert.match(String(res.headers["x-request-id"]), /^req_[0-9a-z]{20}$/);
  });

  test("/readyz checks the database", async () => {
    const res = await app.inject("/readyz");
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: "ok", checks: { database: "ok" } });
  });

  test("an unknown route is a 404 in the error envelope", async () => {
    const res = await app.inject("/v1/nowhere?x=1");
    assert.equal(res.statusCode, 404);
    const body = res.json();
    assert.equal(body.data, null);
    assert.equal(body.error.code, "not_found");
    assert.equal(body.error.status, 404);
    assert.equal(body.error.request_id, res.headers["x-request-id"]);
    assert.deepEqual(body.errors, [{ code: "not_found", message: body.error.message }]);
    assert.equal(body.meta.request_id, res.headers["x-request-id"]);
    assert.match(body.meta.generated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  test("another API version is unsupported_version", async () => {
    const res = await app.inject("/v2/football/fixtures");
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, "unsupported_version");
  });

  test("a wrong method is a 405 with Allow", async () => {
    const res = await app.inject({ method: "POST", url: "/healthz" });
    assert.equal(res.statusCode, 405);
    assert.equal(res.json().error.code, "method_not_allowed");
    assert.match(String(res.headers.allow), /GET/);
  });
});

describe("a failure inside the store", () => {
  test("is a 500 internal_error whose body holds no SQL, driver name or stack", async () => {
    const t = await createTestApp("sqlite");
    await t.store.close();
    const response = await t.app.inject("/v1/football/fixtures");
    assert.equal(response.statusCode, 500);
    const body = response.json();
    assert.equal(body.error.code, "internal_error");
    assert.equal(body.error.request_id, response.headers["x-request-id"]);
    assert.doesNotMatch(response.body, /select|sqlite|kysely|database|at \w+ \(|\.ts:/i);
    await t.app.close();
  });
});

describe("readiness when the database is gone", () => {
  test("/readyz is a 503 service_unavailable with Retry-After", async () => {
    const t = await createTestStore("sqlite");
    const app = await buildApiHost({
      config: loadConfig({}),
      store: t.store,
      logger: createLogger("silent"),
    });
    await t.store.close();
    const res = await app.inject("/readyz");
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().error.code, "service_unavailable");
    assert.equal(res.headers["retry-after"], "5");
    assert.doesNotMatch(res.body, /sqlite|stack|Error:/i);
    await app.close();
    await t.dispose().catch(() => undefined);
  });
});
