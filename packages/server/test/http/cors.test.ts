/**
 * CORS on both hosts (docs/api.md#cors): the sandbox allows any origin; the real host allows
 * none by default and exactly the configured ones otherwise; preflights are answered 204 before
 * the door on both; cached answers carry the same headers on a hit as on a miss.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { EXPOSED_HEADERS } from "../../src/http/cors.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { runCli } from "../helpers/cli.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createSandbox, type Sandbox } from "../sandbox/sandbox-helpers.js";

const ALLOWED = "https://app.example.com";
const OTHER = "https://elsewhere.example";

const preflight = (origin: string) => ({
  method: "OPTIONS" as const,
  url: "/v1/football/teams",
  headers: {
    origin,
    "access-control-request-method": "GET",
    "access-control-request-headers": "authorization, if-none-match",
  },
});

function assertPreflight(response: LightMyRequestResponse, allowOrigin: string | undefined) {
  assert.equal(response.statusCode, 204, response.body);
  assert.equal(response.body, "");
  assert.equal(response.headers["access-control-allow-origin"], allowOrigin);
  const methods = String(response.headers["access-control-allow-methods"]);
  for (const method of ["GET", "HEAD", "POST", "PATCH", "DELETE"]) {
    assert.ok(methods.includes(method), `allows ${method}: ${methods}`);
  }
  const headers = String(response.headers["access-control-allow-headers"]).toLowerCase();
  for (const name of ["authorization", "content-type", "if-none-match"]) {
    assert.ok(headers.includes(name), `allows ${name}: ${headers}`);
  }
  assert.match(String(response.headers["access-control-max-age"]), /^\d+$/);
  assert.match(String(response.headers["x-request-id"]), /^req_/);
}

function assertExposed(response: LightMyRequestResponse) {
  const exposed = String(response.headers["access-control-expose-headers"]).toLowerCase();
  for (const name of [
    "x-request-id",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "x-quota-limit",
    "x-quota-remaining",
    "x-quota-reset",
    "etag",
    "retry-after",
    "scoreline-attribution",
  ]) {
    assert.ok(exposed.includes(name), `exposes ${name}: ${exposed}`);
  }
  assert.equal(EXPOSED_HEADERS.length, 10);
}

/** A header map without the values that differ per request or between hit and miss. */
function stable(response: LightMyRequestResponse): Record<string, unknown> {
  const {
    date: _d,
    "x-request-id": _r,
    "x-cache": _c,
    "x-ratelimit-remaining": _x,
    ...rest
  } = response.headers;
  return rest;
}

for (const dialect of DIALECTS) {
  describe(`CORS on the api host (${dialect})`, { skip: unavailable(dialect) }, () => {
    let closed: TestApp;
    let open: TestApp;
    before(async () => {
      closed = await createTestApp(dialect, { seed: true });
      open = await createTestApp(dialect, {
        seed: true,
        env: { SCORELINE_CORS_ORIGINS: `${ALLOWED}, http://localhost:3000` },
      });
    });
    after(async () => {
      await closed?.dispose();
      await open?.dispose();
    });

    test("by default: preflights answered 204 without a key, no origin allowed, nothing varies", async () => {
      assertPreflight(await closed.rawInject(preflight(ALLOWED)), undefined);
      const bare = await closed.rawInject({ method: "OPTIONS", url: "/v1/football/teams" });
      assert.equal(bare.statusCode, 204);
      const simple = await closed.app.inject({
        method: "GET",
        url: "/v1/football/teams",
        headers: { origin: ALLOWED },
      });
      assert.equal(simple.statusCode, 200);
      for (const name of Object.keys(simple.headers)) {
        assert.ok(!name.startsWith("access-control-"), `no ${name} by default`);
      }
      assert.equal(simple.headers.vary, "Accept-Encoding, Authorization");
    });

    test("a configured origin is allowed; another gets no Access-Control-Allow-Origin", async () => {
      assertPreflight(await open.rawInject(preflight(ALLOWED)), ALLOWED);
      assertPreflight(await open.rawInject(preflight(OTHER)), undefined);
      const allowed = await open.app.inject({
        method: "GET",
        url: "/v1/football/teams",
        headers: { origin: ALLOWED },
      });
      assert.equal(allowed.statusCode, 200);
      assert.equal(allowed.headers["access-control-allow-origin"], ALLOWED);
      assert.equal(allowed.headers["access-control-allow-credentials"], undefined);
      assertExposed(allowed);
      const other = await open.app.inject({
        method: "GET",
        url: "/v1/football/teams",
        headers: { origin: OTHER },
      });
      assert.equal(other.statusCode, 200);
      assert.equal(other.headers["access-control-allow-origin"], undefined);
      // Errors are readable by an allowed page too: a 401 from the door, a 404 route.
      for (const url of ["/v1/football/fixtures", "/v1/football/no/such/route"]) {
        const refused = await open.rawInject({ method: "GET", url, headers: { origin: ALLOWED } });
        assert.ok(refused.statusCode >= 400, url);
        assert.equal(refused.headers["access-control-allow-origin"], ALLOWED, url);
      }
      // Never the dashboard.
      const dashboard = await open.rawInject({
        method: "GET",
        url: "/dashboard",
        headers: { origin: ALLOWED },
      });
      assert.equal(dashboard.headers["access-control-allow-origin"], undefined);
    });

    test("cached answers: a hit carries a miss's headers, and varies on Origin", async () => {
      const url = "/v1/football/competitions";
      for (const origin of [ALLOWED, OTHER]) {
        const first = await open.app.inject({ method: "GET", url, headers: { origin } });
        const second = await open.app.inject({ method: "GET", url, headers: { origin } });
        assert.equal(second.headers["x-cache"], "hit", origin);
        assert.deepEqual(stable(second), stable(first), origin);
        assert.match(String(second.headers.vary), /^Origin, /, origin);
      }
      const fromOther = await open.app.inject({ method: "GET", url, headers: { origin: OTHER } });
      assert.equal(fromOther.headers["access-control-allow-origin"], undefined);
    });
  });
}

describe("CORS on the sandbox host", () => {
  let sb: Sandbox;
  before(async () => {
    sb = await createSandbox();
  });
  after(async () => {
    await sb?.dispose();
  });

  test("any origin: preflights, simple requests, errors and cache hits", async () => {
    assertPreflight(await sb.inject(preflight(OTHER)), "*");
    const bare = await sb.inject({ method: "OPTIONS", url: "/v1/football/teams" });
    assert.equal(bare.statusCode, 204);
    const url = "/v1/football/competitions";
    const miss = await sb.inject({ method: "GET", url, headers: { origin: OTHER } });
    const hit = await sb.inject({ method: "GET", url, headers: { origin: ALLOWED } });
    assert.equal(miss.statusCode, 200);
    assert.equal(hit.headers["x-cache"], "hit");
    assert.deepEqual(stable(hit), stable(miss));
    assert.equal(hit.headers["access-control-allow-origin"], "*");
    assertExposed(hit);
    const error = await sb.inject({ method: "GET", url: "/v1/cricket/teams/%zz" });
    assert.equal(error.statusCode, 400);
    assert.equal(error.headers["access-control-allow-origin"], "*");
  });
});

describe("SCORELINE_CORS_ORIGINS at start", () => {
  test("a bad origin exits 2 and names the variable", async () => {
    const result = await runCli(["serve"], {
      env: {
        SCORELINE_CORS_ORIGINS: "https://app.example.com/path",
        DATABASE_URL: "sqlite::memory:",
      },
    });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /SCORELINE_CORS_ORIGINS/);
  });
});
