/**
 * `GET /metrics` is never public (ADR-0025): from loopback it answers Prometheus text listing
 * every metric docs/operations.md documents (HELP and TYPE, the documented type); from anywhere
 * else it is the 404 of a path that does not exist — for every method, with or without a wrong
 * token — unless the caller presents the admin token. A forwarding header, or a trusted proxy,
 * takes loopback's right away. The sandbox host follows the same rule; a real port answers too.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { createSandbox, type Sandbox } from "../sandbox/sandbox-helpers.js";
import { documentedMetrics, parseMetrics, scrape } from "./scrape.js";

const ADMIN_TOKEN = "metrics-admin-token-0123456789";
const OUTSIDE = "203.0.113.7";

/** What a response says, without what differs between any two responses (ids, times). */
function shape(response: LightMyRequestResponse, path: string) {
  const body = response.json() as {
    error: { code: string; message: string; status: number };
    errors: unknown[];
  };
  return {
    status: response.statusCode,
    code: body.error.code,
    message: body.error.message.replace(path, "<path>"),
    errors: body.errors.length,
    headers: Object.keys(response.headers)
      .filter((name) => !["date", "content-length"].includes(name))
      .sort(),
  };
}

describe("GET /metrics on the api host", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp("sqlite", { env: { SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN } });
  });
  after(async () => {
    await t?.dispose();
  });

  test("from loopback: Prometheus text with every documented metric, HELP and TYPE", async () => {
    const documented = documentedMetrics();
    assert.ok(documented.length >= 30, `the docs list the metrics (${documented.length})`);
    const result = await scrape({ inject: t.rawInject });
    for (const { name, type } of documented) {
      const family = result.families.get(name);
      assert.ok(family, `${name} is served with its HELP and TYPE`);
      assert.equal(family.type, type, `${name} is a ${type} as documented`);
    }
    const response = await t.rawInject({ method: "GET", url: "/metrics" });
    assert.equal(response.headers["cache-control"], "no-store");
    assert.ok(response.headers["x-request-id"]);
  });

  test("from another address: the 404 of an unknown path, for every method", async () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const metrics = await t.rawInject({ method, url: "/metrics", remoteAddress: OUTSIDE });
      const unknown = await t.rawInject({ method, url: "/metricz", remoteAddress: OUTSIDE });
      if (method === "HEAD") {
        assert.equal(metrics.statusCode, 404);
        assert.equal(metrics.body, "");
        continue;
      }
      assert.deepEqual(shape(metrics, "/metrics"), shape(unknown, "/metricz"), method);
      assert.equal(metrics.json().error.code, "not_found");
    }
    const wrong = await t.rawInject({
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: "Bearer not-the-admin-token-at-all" },
    });
    assert.equal(wrong.statusCode, 404, "a wrong token is no better");
    const key = await t.rawInject({
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${t.key}` },
    });
    assert.equal(key.statusCode, 404, "an API key is not the admin token");
  });

  test("the admin token opens it from anywhere", async () => {
    const response = await t.rawInject({
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(response.statusCode, 200);
    parseMetrics(response.body);
  });

  test("a request forwarded by a proxy on this machine is not a local one", async () => {
    for (const headers of [
      { "x-forwarded-for": "198.51.100.4" },
      { forwarded: "for=198.51.100.4" },
    ]) {
      const response = await t.rawInject({ url: "/metrics", headers });
      assert.equal(response.statusCode, 404, JSON.stringify(headers));
    }
  });

  test("from loopback, another method is a 405 naming GET and HEAD", async () => {
    const response = await t.rawInject({ method: "POST", url: "/metrics" });
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.allow, "GET, HEAD");
    assert.equal(response.json().error.code, "method_not_allowed");
    const head = await t.rawInject({ method: "HEAD", url: "/metrics" });
    assert.equal(head.statusCode, 200);
  });

  test("on a real port, from 127.0.0.1", async () => {
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const response = await fetch(`${address}/metrics`);
    assert.equal(response.status, 200);
    const result = parseMetrics(await response.text());
    assert.ok(result.families.has("scoreline_http_requests_total"));
  });
});

describe("GET /metrics behind a trusted proxy, and without an admin token", () => {
  test("with SCORELINE_TRUST_PROXY on, loopback is the proxy: only the token opens it", async () => {
    const t = await createTestApp("sqlite", {
      env: { SCORELINE_ADMIN_TOKEN: ADMIN_TOKEN, SCORELINE_TRUST_PROXY: "true" },
    });
    try {
      const local = await t.rawInject({ url: "/metrics" });
      assert.equal(local.statusCode, 404);
      const forged = await t.rawInject({
        url: "/metrics",
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      assert.equal(forged.statusCode, 404, "a forged X-Forwarded-For: 127.0.0.1 does not help");
      const token = await t.rawInject({
        url: "/metrics",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(token.statusCode, 200);
    } finally {
      await t.dispose();
    }
  });

  test("with no admin token configured, only loopback", async () => {
    const t = await createTestApp("sqlite");
    try {
      assert.equal((await t.rawInject({ url: "/metrics" })).statusCode, 200);
      const remote = await t.rawInject({
        url: "/metrics",
        remoteAddress: OUTSIDE,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(remote.statusCode, 404);
      const v6 = await t.rawInject({ url: "/metrics", remoteAddress: "::1" });
      assert.equal(v6.statusCode, 200, "IPv6 loopback");
    } finally {
      await t.dispose();
    }
  });
});

describe("GET /metrics on the sandbox host", () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ seed: false });
  });
  after(async () => {
    await sandbox?.dispose();
  });

  test("the same rule: loopback reads it, another address gets a 404", async () => {
    const local = await sandbox.inject({ method: "GET", url: "/metrics" });
    assert.equal(local.statusCode, 200);
    const result = parseMetrics(local.body);
    assert.ok(result.families.has("scoreline_http_requests_total"));
    const remote = await sandbox.inject({ method: "GET", url: "/metrics", remoteAddress: OUTSIDE });
    assert.equal(remote.statusCode, 404);
    assert.equal(remote.json().error.code, "not_found");
  });

  test("its requests count under host=sandbox", async () => {
    const before = await scrape(sandbox.app);
    const labels = {
      host: "sandbox",
      method: "GET",
      route: "/v1/sports",
      status: "200",
      sport: "none",
    };
    const response = await sandbox.get("/v1/sports");
    assert.equal(response.statusCode, 200);
    const after = await scrape(sandbox.app);
    assert.equal(
      after.value("scoreline_http_requests_total", labels) -
        before.value("scoreline_http_requests_total", labels),
      1,
    );
    assert.equal(
      after.value("scoreline_http_requests_total", { ...labels, host: "live" }) -
        before.value("scoreline_http_requests_total", { ...labels, host: "live" }),
      0,
    );
  });
});
