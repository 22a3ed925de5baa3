/**
 * Shape parity (ADR-0019: the sandbox serves the real host's routes and shapes): every read
 * endpoint of the real host's OpenAPI document, in every sport, called on the real host (with a
 * key) and on the sandbox (keyless, and for football with a free `sl_test_` key) with real ids
 * from each host's own store: the same status, both bodies valid against the real host's
 * declared schema, and the same set of response header names.
 *
 * The two stores hold different sample data (seed 7 on the real host, the configured sample seed
 * on the sandbox), so only shapes can match — as the interface promises. SQLite only: both
 * stores load the ~100k-row sample dataset, and the PostgreSQL store is covered by the suites
 * of the routes themselves.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { SPORTS } from "../../src/sports/types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { expectedNon200, idsFor, type Operation, urlFor } from "../helpers/openapi-walk.js";
import { createSandbox, headerNames, type Sandbox } from "./sandbox-helpers.js";

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Headers every /v1 read answer carries on both hosts. */
const REQUIRED_HEADERS = [
  "x-request-id",
  "content-type",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
];
/** Every read answer says how it may be cached (docs/api.md); only a 200 has an entity tag. */
const CACHING_HEADERS = ["cache-control", "vary"];

/** The read endpoints: every GET under /v1/{sport}/, and /v1/sports. */
function readOperations(doc: OpenApiDoc): Array<[string, Operation]> {
  const out: Array<[string, Operation]> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const get = item.get;
    if (get === undefined) continue;
    if (path.startsWith("/v1/{sport}/") || path === "/v1/sports") out.push([path, get]);
  }
  return out;
}

describe("the sandbox answers with the real host's shapes and headers", () => {
  let real: TestApp;
  let sandbox: Sandbox;
  let doc: OpenApiDoc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validators = new Map<string, ValidateFunction>();

  /** The real host's declared schema for `path` and `status`, compiled once. */
  function validatorFor(path: string, operation: Operation, status: number): ValidateFunction {
    const key = `${path} ${status}`;
    let validate = validators.get(key);
    if (validate === undefined) {
      const declared = operation.responses[String(status)]?.content?.["application/json"]?.schema;
      assert.ok(declared, `${path}: status ${status} is not declared by the real host`);
      // Refs point at #/components/...: compile with the components beside the schema.
      validate = ajv.compile({ ...(declared as object), components: doc.components });
      validators.set(key, validate);
    }
    return validate;
  }

  function assertValid(path: string, operation: Operation, url: string, r: LightMyRequestResponse) {
    assert.match(String(r.headers["content-type"]), /^application\/json/, `${url} content-type`);
    const validate = validatorFor(path, operation, r.statusCode);
    assert.ok(validate(r.json()), `${url}: ${ajv.errorsText(validate.errors)}`);
  }

  before(async () => {
    real = await createTestApp("sqlite", { seed: true });
    sandbox = await createSandbox({ now: TEST_NOW });
    doc = (await real.app.inject("/v1/openapi.json")).json();
  });
  after(async () => {
    await sandbox?.dispose();
    await real?.dispose();
  });

  test("the sandbox documents the same read endpoints with the same response schemas", async () => {
    const response = await sandbox.get("/v1/openapi.json");
    assert.equal(response.statusCode, 200);
    const own = response.json() as OpenApiDoc;
    const realReads = readOperations(doc);
    const sandboxReads = new Map(readOperations(own));
    assert.ok(realReads.length >= 20, `only ${realReads.length} read endpoints documented`);
    assert.deepEqual(
      [...sandboxReads.keys()].sort(),
      realReads.map(([path]) => path).sort(),
      "the same read paths",
    );
    for (const [path, operation] of realReads) {
      // The same responses, but 403: the sandbox has no plan entitlements to refuse.
      const { 403: forbidden, ...expected } = operation.responses;
      assert.ok(forbidden, `${path}: the real host documents its 403`);
      assert.deepEqual(
        sandboxReads.get(path)?.responses,
        expected,
        `${path}: the same response schemas`,
      );
    }
    assert.deepEqual(own.components.schemas, doc.components.schemas, "the same components");
  });

  test("the sandbox's own refusals (401, 429) are declared in its document and validate", async () => {
    const own = (await sandbox.get("/v1/openapi.json")).json() as OpenApiDoc;
    const { key } = await sandbox.createKey("free");
    const unknown = await sandbox.get("/v1/football/fixtures", `${key.slice(0, -4)}zzzz`);
    assert.equal(unknown.statusCode, 401);
    for (let call = 0; call < 150; call++) {
      assert.equal((await sandbox.get("/v1/sports", key)).statusCode, 200);
    }
    const exhausted = await sandbox.get("/v1/football/fixtures", key);
    assert.equal(exhausted.statusCode, 429);
    for (const response of [unknown, exhausted]) {
      const operation = own.paths["/v1/{sport}/fixtures"]?.get as Operation;
      const declared =
        operation.responses[String(response.statusCode)]?.content?.["application/json"]?.schema;
      assert.ok(declared, `the sandbox documents its ${response.statusCode}`);
      const validate = ajv.compile({ ...(declared as object), components: own.components });
      assert.ok(validate(response.json()), ajv.errorsText(validate.errors));
    }
    // The same headers as the real host's refusals.
    const realUnknown = await real.rawInject({
      method: "GET",
      url: "/v1/football/fixtures",
      headers: { authorization: `Bearer ${real.key.slice(0, -4)}zzzz` },
    });
    assert.equal(realUnknown.statusCode, 401);
    assert.deepEqual(headerNames(unknown), headerNames(realUnknown));
    for (const name of [...REQUIRED_HEADERS, "retry-after"]) {
      assert.ok(name in exhausted.headers, `the 429 carries ${name}`);
    }
  });

  test("every read endpoint in every sport: same status, valid body, same header names", async () => {
    const operations = readOperations(doc);
    const freeKey = await sandbox.createKey("free");
    let compared = 0;
    for (const sport of SPORTS) {
      const realIds = await idsFor(real.store, sport);
      const sandboxIds = await idsFor(sandbox.store, sport);
      for (const [path, operation] of operations) {
        const realUrl = urlFor(path, operation, sport, realIds);
        const sandboxUrl = urlFor(path, operation, sport, sandboxIds);
        if (realUrl === null || sandboxUrl === null) {
          assert.equal(realUrl, sandboxUrl, `${path} is callable on both or neither`);
          continue;
        }
        assert.ok(!realUrl.includes("{"), `${path}: an unfilled path parameter`);
        const onReal = await real.app.inject(realUrl);
        const onSandbox = await sandbox.get(sandboxUrl);
        const what = `${sport} ${path} (real ${realUrl}, sandbox ${sandboxUrl})`;
        assert.equal(
          onSandbox.statusCode,
          onReal.statusCode,
          `${what}: ${onSandbox.body.slice(0, 300)} / ${onReal.body.slice(0, 300)}`,
        );
        assert.equal(
          onReal.statusCode,
          expectedNon200(path, sport) ? 400 : 200,
          `${what}: ${onReal.body.slice(0, 300)}`,
        );
        assertValid(path, operation, realUrl, onReal);
        assertValid(path, operation, sandboxUrl, onSandbox);

        const names = headerNames(onReal);
        assert.deepEqual(headerNames(onSandbox), names, `${what}: header names`);
        const required = [...REQUIRED_HEADERS, ...CACHING_HEADERS];
        if (onReal.statusCode === 200) required.push("etag");
        for (const name of required) assert.ok(names.includes(name), `${what}: ${name}`);
        // The sandbox's keyless answers describe the per-address guard; no monthly quota, so no
        // X-Quota-* (nor on the real host's enterprise key, whose month is unlimited).
        assert.equal(onSandbox.headers["x-ratelimit-limit"], "1200");
        assert.equal(onSandbox.headers["x-quota-limit"], undefined);
        if (onReal.statusCode === 200) {
          // Answers to a key are private; the sandbox's keyless answers may be shared.
          const cacheControl = String(onReal.headers["cache-control"]);
          assert.match(cacheControl, /^private, /, `${what}: Cache-Control`);
          assert.equal(
            onSandbox.headers["cache-control"],
            cacheControl.replace("private", "public"),
          );
        }

        if (sport === "football" && path !== "/v1/sports") {
          // A personal sandbox key answers with the same shape and the same header names.
          const keyed = await sandbox.get(sandboxUrl, freeKey.key);
          assert.equal(keyed.statusCode, onSandbox.statusCode, `${what} with a sandbox key`);
          assertValid(path, operation, sandboxUrl, keyed);
          assert.deepEqual(headerNames(keyed), names, `${what} with a sandbox key: header names`);
          assert.equal(keyed.headers["x-ratelimit-limit"], "150");
          assert.equal(keyed.headers["cache-control"], onReal.headers["cache-control"]);
        }
        compared++;
      }
    }
    assert.ok(compared >= 190, `only ${compared} endpoint pairs compared`);
  });

  test("a keyless call is a 401 on the real host and a 200 on the sandbox", async () => {
    for (const url of ["/v1/sports", "/v1/football/fixtures", "/v1/basketball/matches/live"]) {
      const onReal = await real.rawInject({ method: "GET", url });
      assert.equal(onReal.statusCode, 401, `${url} on the real host`);
      assert.equal(onReal.json().error.code, "invalid_api_key");
      const onSandbox = await sandbox.get(url);
      assert.equal(onSandbox.statusCode, 200, `${url} on the sandbox: ${onSandbox.body}`);
      assert.ok(Array.isArray(onSandbox.json().data));
    }
    // And a sandbox key is refused by the real host (ADR-0019).
    const sandboxKey = await sandbox.createKey("growth");
    const refused = await real.rawInject({
      method: "GET",
      url: "/v1/football/fixtures",
      headers: { authorization: `Bearer ${sandboxKey.key}` },
    });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().error.code, "invalid_api_key");
  });
});
