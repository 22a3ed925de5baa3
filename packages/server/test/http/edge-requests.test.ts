/**
 * What the OpenAPI fuzz found, pinned: headers past Node's 16 KiB limit get the error envelope
 * and an `X-Request-Id` (over a real port: Node answers those before Fastify); an integer with
 * hundreds of digits is a 400, not a 500; `HEAD` with `If-None-Match: *` is a 304, on a miss and
 * on a read-cache hit.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { request } from "undici";
import { createTestApp, type TestApp } from "../helpers/app.js";

describe("edge requests", () => {
  let t: TestApp;
  let base: string;
  before(async () => {
    t = await createTestApp("sqlite");
    base = await t.app.listen({ host: "127.0.0.1", port: 0 });
  });
  after(async () => {
    await t?.dispose();
  });

  test("headers over 16 KiB: a 400 envelope with X-Request-Id", async () => {
    const response = await request(`${base}/v1/sports`, {
      headers: { authorization: `Bearer ${t.key}`, "x-padding": "a".repeat(20_000) },
    });
    const body = (await response.body.json()) as {
      data: unknown;
      error: { code: string; field: string; request_id: string };
    };
    assert.equal(response.statusCode, 400);
    assert.equal(body.data, null);
    assert.equal(body.error.code, "invalid_parameter");
    assert.equal(body.error.field, "headers");
    assert.equal(response.headers["x-request-id"], body.error.request_id);
  });

  test("an integer of 400 digits is out of range, not a server error", async () => {
    const response = await t.app.inject({ url: `/v1/football/teams?per_page=${"9".repeat(400)}` });
    assert.equal(response.statusCode, 400);
    const body = response.json() as { error: { field: string; message: string } };
    assert.equal(body.error.field, "per_page");
    assert.match(body.error.message, /out of range/);
  });

  test("HEAD with If-None-Match: * is a 304, on a miss and on a hit", async () => {
    for (const round of ["miss", "hit"]) {
      const response = await t.app.inject({
        method: "HEAD",
        url: "/v1/sports",
        headers: { "if-none-match": "*" },
      });
      assert.equal(response.statusCode, 304, round);
      assert.equal(response.body, "", round);
    }
  });
});
