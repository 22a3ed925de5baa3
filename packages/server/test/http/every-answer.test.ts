/**
 * Every answer from every layer on both hosts (issue 17): router errors (a bad percent-encoding,
 * an over-long path segment), body parser errors, unknown routes, other versions and wrong
 * methods are the error envelope with X-Request-Id; keyed answers carry the limit headers, and no
 * X-Quota-* when the plan has no monthly quota; integer and season query parameters are strict.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { createSandbox, type Sandbox } from "../sandbox/sandbox-helpers.js";

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const LONG = "x".repeat(150);

/** Requests that fail before any route, and what each must answer. */
const FAILURES: Array<{ what: string; request: InjectOptions; status: number; code: string }> = [
  {
    what: "bad percent-encoding in a path parameter",
    request: { method: "GET", url: "/v1/cricket/teams/%zz" },
    status: 400,
    code: "invalid_parameter",
  },
  {
    what: "bad percent-encoding outside /v1",
    request: { method: "GET", url: "/%zz?x=1" },
    status: 400,
    code: "invalid_parameter",
  },
  {
    what: "a path parameter over the router's length limit",
    request: { method: "GET", url: `/v1/cricket/teams/${LONG}` },
    status: 404,
    code: "not_found",
  },
  {
    what: "an over-long segment under another version",
    request: { method: "GET", url: `/v2/cricket/teams/${LONG}` },
    status: 404,
    code: "unsupported_version",
  },
  {
    what: "an unknown route",
    request: { method: "GET", url: "/v1/football/no/such/route" },
    status: 404,
    code: "not_found",
  },
  {
    what: "another version",
    request: { method: "GET", url: "/v2/football/teams" },
    status: 404,
    code: "unsupported_version",
  },
  {
    what: "a wrong method",
    request: { method: "DELETE", url: "/v1/football/teams" },
    status: 405,
    code: "method_not_allowed",
  },
  {
    what: "a body that is not JSON",
    request: {
      method: "POST",
      url: "/v1/webhooks",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    },
    status: 400,
    code: "invalid_parameter",
  },
  {
    what: "an unsupported media type",
    request: {
      method: "POST",
      url: "/v1/webhooks",
      headers: { "content-type": "text/csv" },
      payload: "a,b",
    },
    status: 400,
    code: "invalid_parameter",
  },
  {
    what: "a body over the limit",
    request: {
      method: "POST",
      url: "/v1/webhooks",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ url: "x".repeat(1_100_000) }),
    },
    status: 413,
    code: "payload_too_large",
  },
];

/** Query strings that must be a 400 naming `field`. */
const STRICT_QUERIES: Array<[string, string]> = [
  ["/v1/football/fixtures?per_page=1e1", "per_page"],
  ["/v1/football/fixtures?per_page=10.0", "per_page"],
  ["/v1/football/fixtures?per_page=%2B10", "per_page"],
  ["/v1/football/fixtures?per_page=%2010", "per_page"],
  ["/v1/football/fixtures?page=0x1", "page"],
  ["/v1/football/fixtures?season=2027-2026", "season"],
  ["/v1/football/fixtures?season=2020-2023", "season"],
  ["/v1/football/standings?league=premier-division&season=2026-2026", "season"],
  ["/v1/football/history/matches?season_from=2024-2023", "season_from"],
  ["/v1/football/history/matches?season_to=2020-2022", "season_to"],
];

function assertEnvelope(
  response: LightMyRequestResponse,
  what: string,
  status: number,
  code: string,
) {
  assert.equal(response.statusCode, status, `${what}: ${response.body.slice(0, 300)}`);
  const id = response.headers["x-request-id"];
  assert.match(String(id), /^req_/, `${what}: X-Request-Id`);
  assert.match(String(response.headers["content-type"]), /^application\/json/, what);
  const body = response.json();
  assert.equal(body.data, null, what);
  assert.equal(body.error.code, code, what);
  assert.equal(body.error.status, status, what);
  assert.equal(body.error.request_id, id, what);
  assert.equal(body.meta.request_id, id, what);
  assert.equal(body.errors[0].code, code, what);
  assert.ok(!/FST_ERR|Bad Request/.test(response.body), `${what}: no framework body`);
}

function assertLimitHeaders(response: LightMyRequestResponse, what: string) {
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
    assert.match(String(response.headers[name]), /^\d+$/, `${what}: ${name}`);
  }
}

function assertStrictQueries(inject: () => Inject) {
  test("integer parameters take digits only; a season is two consecutive years", async () => {
    for (const [url, field] of STRICT_QUERIES) {
      const response = await inject()({ method: "GET", url });
      assertEnvelope(response, url, 400, "invalid_parameter");
      assert.equal(response.json().error.field, field, url);
    }
    for (const url of [
      "/v1/football/fixtures?per_page=10&page=1",
      "/v1/football/fixtures?season=2026-2027",
      "/v1/football/fixtures?season=2026",
      "/v1/football/history/matches?season_from=2020-2021&season_to=2025-2026",
    ]) {
      const response = await inject()({ method: "GET", url });
      assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 300)}`);
    }
  });
}

for (const dialect of DIALECTS) {
  describe(`every answer is enveloped on the api host (${dialect})`, {
    skip: unavailable(dialect),
  }, () => {
    let t: TestApp;
    let growth: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { seed: true });
      growth = await createTestApp(dialect, { plan: "growth" });
    });
    after(async () => {
      await t?.dispose();
      await growth?.dispose();
    });

    test("router, parser, 404 and 405 answers: the envelope, a request id, the limit headers", async () => {
      for (const failure of FAILURES) {
        const response = await t.app.inject(failure.request);
        assertEnvelope(response, failure.what, failure.status, failure.code);
        const keyed = failure.request.url?.toString().match(/^\/v\d/) !== null;
        if (keyed) assertLimitHeaders(response, failure.what);
      }
    });

    test("without a key, a router error is still enveloped (the /v1 door asks for one)", async () => {
      const response = await t.rawInject({ method: "GET", url: "/v1/cricket/teams/%zz" });
      assertEnvelope(response, "keyless bad URL", 401, "invalid_api_key");
      const unknown = await t.rawInject({ method: "GET", url: "/v1/football/no/such/route" });
      assertEnvelope(unknown, "keyless unknown route", 404, "not_found");
    });

    test("a plan with a monthly quota sends X-Quota-* as integers; one without sends none", async () => {
      for (const url of ["/v1/sports", "/v1/football/no/such/route", "/v2/sports"]) {
        const quota = await growth.app.inject({ method: "GET", url });
        for (const name of ["x-quota-limit", "x-quota-remaining", "x-quota-reset"]) {
          assert.match(String(quota.headers[name]), /^\d+$/, `${url}: ${name}`);
        }
        assertLimitHeaders(quota, url);
        const unlimited = await t.app.inject({ method: "GET", url });
        for (const name of ["x-quota-limit", "x-quota-remaining", "x-quota-reset"]) {
          assert.equal(unlimited.headers[name], undefined, `${url}: ${name}`);
        }
      }
    });

    assertStrictQueries(() => t.app.inject.bind(t.app) as Inject);
  });
}

describe("every answer is enveloped on the sandbox host", () => {
  let sb: Sandbox;
  before(async () => {
    sb = await createSandbox();
  });
  after(async () => {
    await sb?.dispose();
  });

  test("router, parser, 404 and 405 answers: the envelope, a request id, the limit headers", async () => {
    const key = (await sb.createKey("growth")).key;
    for (const failure of FAILURES) {
      // Webhook routes need a sandbox key; the keyless guard answers the rest.
      const response = await sb.inject({ ...failure.request, key });
      assertEnvelope(response, failure.what, failure.status, failure.code);
      const keyed = failure.request.url?.toString().match(/^\/v\d/) !== null;
      if (keyed) assertLimitHeaders(response, failure.what);
      assert.equal(response.headers["x-quota-limit"], undefined, `${failure.what}: no quota`);
    }
    const keyless = await sb.get("/v1/cricket/teams/%zz");
    assertEnvelope(keyless, "keyless bad URL", 400, "invalid_parameter");
    assertLimitHeaders(keyless, "keyless bad URL");
  });

  assertStrictQueries(() => ((options: InjectOptions) => sb.inject(options)) as Inject);
});
