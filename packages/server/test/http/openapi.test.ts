/**
 * Walks every GET operation of the generated OpenAPI document for every sport, calls it with
 * real ids from the sample dataset, and validates each response body against the schema the
 * document declares for its status code.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { SPORTS } from "../../src/sports/types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { expectedNon200, idsFor, type Operation, urlFor } from "../helpers/openapi-walk.js";

describe("every response matches its OpenAPI schema", () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, { get?: Operation }>;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  before(async () => {
    t = await createTestApp("sqlite", { seed: true });
    doc = (await t.app.inject("/v1/openapi.json")).json();
  });
  after(async () => {
    await t?.dispose();
  });

  test("the document is OpenAPI 3.1 and lists every read endpoint of the interface", () => {
    assert.equal((doc as unknown as { openapi: string }).openapi, "3.1.0");
    const paths = Object.keys(doc.paths);
    for (const path of [
      "/v1/{sport}/fixtures",
      "/v1/{sport}/fixtures/{id}",
      "/v1/{sport}/matches/live",
      "/v1/{sport}/live-scores",
      "/v1/{sport}/results",
      "/v1/{sport}/standings",
      "/v1/{sport}/statistics",
      "/v1/{sport}/statistics/team/{team_id}",
      "/v1/{sport}/statistics/player/{player_id}",
      "/v1/{sport}/lineups/{fixture_id}",
      "/v1/{sport}/fixtures/{fixture_id}/lineups",
      "/v1/{sport}/events/{fixture_id}",
      "/v1/{sport}/fixtures/{fixture_id}/events",
      "/v1/{sport}/teams",
      "/v1/{sport}/teams/{id}",
      "/v1/{sport}/players",
      "/v1/{sport}/players/{id}",
      "/v1/{sport}/competitions",
      "/v1/{sport}/countries",
      "/v1/sports",
    ]) {
      assert.ok(paths.includes(path), `missing ${path}`);
    }
  });

  test("each sport, each operation: the body validates against the declared schema", async () => {
    let checked = 0;
    for (const sport of SPORTS) {
      const ids = await idsFor(t.store, sport);
      for (const [path, item] of Object.entries(doc.paths)) {
        const operation = item.get;
        if (operation === undefined) continue;
        const url = urlFor(path, operation, sport, ids);
        if (url === null || url.includes("{")) continue;
        const response = await t.app.inject(url);
        const status = String(response.statusCode);
        const declared = operation.responses[status]?.content?.["application/json"]?.schema;
        assert.ok(
          declared,
          `${url}: status ${status} is not declared (${response.body.slice(0, 200)})`,
        );
        const contentType = String(response.headers["content-type"]);
        if (!contentType.includes("application/json")) continue;
        // Refs in the document point at #/components/...: compile with the components beside them.
        const validate = ajv.compile({ ...(declared as object), components: doc.components });
        const body = response.json();
        assert.ok(validate(body), `${url}: ${ajv.errorsText(validate.errors)}`);
        if (response.statusCode !== 200) {
          assert.ok(
            expectedNon200(path, sport),
            `${url} answered ${status}: ${response.body.slice(0, 300)}`,
          );
        }
        checked++;
      }
    }
    assert.ok(checked > 150, `only ${checked} responses checked`);
  });
});
