/**
 * Walks every GET operation of the generated OpenAPI document for every sport, calls it with
 * real ids from the sample dataset, and validates each response body against the schema the
 * document declares for its status code. Then checks what SDK generators rely on, in the live
 * and the sandbox host's documents alike: one agreed operationId per operation, described tags,
 * a licence, unambiguous paths, and public text that cites no internal document.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { compileRouteSchemas } from "../../src/http/lazy-schema-compilers.js";
import { SPORTS } from "../../src/sports/types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { expectedNon200, idsFor, type Operation, urlFor } from "../helpers/openapi-walk.js";
import { createSandbox } from "../sandbox/sandbox-helpers.js";

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

/** The operationId of every operation, as the SDK's method names use them. */
const OPERATION_IDS: Record<string, string> = {
  "GET /v1/sports": "listSports",
  "GET /v1/{sport}/fixtures": "listFixtures",
  "GET /v1/{sport}/fixtures/{id}": "getFixture",
  "GET /v1/{sport}/matches/live": "listLiveMatches",
  "GET /v1/{sport}/live-scores": "listLiveScores",
  "GET /v1/{sport}/results": "listResults",
  "GET /v1/{sport}/history/matches": "listHistoryMatches",
  "GET /v1/{sport}/standings": "getStandings",
  "GET /v1/{sport}/statistics": "listStatistics",
  "GET /v1/{sport}/statistics/team/{team_id}": "getTeamStatistics",
  "GET /v1/{sport}/statistics/player/{player_id}": "getPlayerStatistics",
  "GET /v1/{sport}/statistics/leaders": "listStatisticsLeaders",
  "GET /v1/{sport}/head-to-head": "getHeadToHead",
  "GET /v1/{sport}/events/{fixture_id}": "listMatchEvents",
  "GET /v1/{sport}/fixtures/{fixture_id}/events": "listFixtureEvents",
  "GET /v1/{sport}/lineups/{fixture_id}": "getMatchLineups",
  "GET /v1/{sport}/fixtures/{fixture_id}/lineups": "getFixtureLineups",
  "GET /v1/{sport}/teams": "listTeams",
  "GET /v1/{sport}/teams/{id}": "getTeam",
  "GET /v1/{sport}/players": "listPlayers",
  "GET /v1/{sport}/players/{id}": "getPlayer",
  "GET /v1/{sport}/competitions": "listCompetitions",
  "GET /v1/{sport}/countries": "listCountries",
  "GET /v1/{sport}/odds": "listOdds",
  "GET /v1/search": "search",
  "GET /v1/usage": "getUsage",
  "POST /v1/webhooks": "createWebhook",
  "GET /v1/webhooks": "listWebhooks",
  "GET /v1/webhooks/{id}": "getWebhook",
  "PATCH /v1/webhooks/{id}": "updateWebhook",
  "DELETE /v1/webhooks/{id}": "deleteWebhook",
  "POST /v1/webhooks/{id}/rotate-secret": "rotateWebhookSecret",
  "POST /v1/webhooks/{id}/test": "testWebhook",
  "GET /v1/webhooks/{id}/deliveries": "listWebhookDeliveries",
  "POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry": "retryWebhookDelivery",
  "POST /v1/webhooks/{id}/recover": "recoverWebhookDeliveries",
};

/** The sandbox has no usage (no key, no quota) and adds its keyless test receiver. */
const { "GET /v1/usage": _usage, ...SANDBOX_SHARED } = OPERATION_IDS;
const SANDBOX_OPERATION_IDS = {
  ...SANDBOX_SHARED,
  "POST /v1/webhooks/test": "sendSampleWebhooks",
};

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

interface Parameter {
  name: string;
  in: string;
  schema?: { enum?: unknown[]; anyOf?: Array<{ enum?: unknown[]; const?: unknown }> };
}

interface DocOperation {
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
}

interface ApiDocument {
  info: { description?: string; license?: { name?: string; url?: string } };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, DocOperation>>;
}

function operations(doc: ApiDocument): Array<[string, string, DocOperation]> {
  const out: Array<[string, string, DocOperation]> = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation !== undefined) out.push([method.toUpperCase(), path, operation]);
    }
  }
  return out;
}

/** Every `description` and `summary` text anywhere in the document, with where it is. */
function publicTexts(value: unknown, at = "#"): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => publicTexts(item, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    (key === "description" || key === "summary") && typeof inner === "string"
      ? [[`${at}/${key}`, inner] as [string, string]]
      : publicTexts(inner, `${at}/${key}`),
  );
}

/** The values a path parameter can take, or null when it takes any text. */
function allowedValues(operation: DocOperation, name: string): Set<unknown> | null {
  const schema = operation.parameters?.find((p) => p.in === "path" && p.name === name)?.schema;
  if (schema?.enum !== undefined) return new Set(schema.enum);
  if (schema?.anyOf?.every((s) => s.enum !== undefined || s.const !== undefined)) {
    return new Set(schema.anyOf.flatMap((s) => s.enum ?? [s.const]));
  }
  return null;
}

/** Whether one URL could match both paths (a template segment matches what its schema allows). */
function overlap(a: [string, DocOperation], b: [string, DocOperation]): boolean {
  const [pathA, opA] = a;
  const [pathB, opB] = b;
  const partsA = pathA.split("/");
  const partsB = pathB.split("/");
  if (partsA.length !== partsB.length) return false;
  return partsA.every((partA, i) => {
    const partB = partsB[i] ?? "";
    const varA = /^\{(.+)\}$/.exec(partA)?.[1];
    const varB = /^\{(.+)\}$/.exec(partB)?.[1];
    if (varA === undefined && varB === undefined) return partA === partB;
    if (varA !== undefined && varB !== undefined) return true;
    const [name, operation, literal] =
      varA !== undefined ? [varA, opA, partB] : [varB ?? "", opB, partA];
    return allowedValues(operation, name)?.has(literal) ?? true;
  });
}

describe("the live and sandbox documents are ready for SDK generators", () => {
  const docs: Array<{ host: string; doc: ApiDocument; ids: Record<string, string> }> = [];
  let dispose: Array<() => Promise<void>> = [];
  const served: Array<{ host: string; get: (url: string) => Promise<{ body: string }> }> = [];
  const apps: Array<{ host: string; app: object }> = [];

  before(async () => {
    const live = await createTestApp("sqlite");
    const sandbox = await createSandbox({ seed: false });
    dispose = [live.dispose, sandbox.dispose];
    apps.push({ host: "live", app: live.app }, { host: "sandbox", app: sandbox.app });
    served.push(
      { host: "live", get: (url) => live.rawInject(url) },
      { host: "sandbox", get: (url) => sandbox.get(url) },
    );
    docs.push(
      { host: "live", doc: (await live.app.inject("/v1/openapi.json")).json(), ids: OPERATION_IDS },
      {
        host: "sandbox",
        doc: (await sandbox.get("/v1/openapi.json")).json(),
        ids: SANDBOX_OPERATION_IDS,
      },
    );
  });
  after(async () => {
    for (const close of dispose) await close();
  });

  test("every route's schemas compile (they are compiled on a route's first call: ADR-0057)", () => {
    for (const { host, app } of apps) {
      // Validators and serializers of the routes, the documents' and the door's included.
      const count = compileRouteSchemas(app);
      assert.ok(count > 200, `${host}: ${count} schema functions`);
    }
  });

  test("every operation has its agreed operationId, unique in the document", () => {
    for (const { host, doc, ids } of docs) {
      const found = Object.fromEntries(
        operations(doc).map(([method, path, op]) => [`${method} ${path}`, op.operationId]),
      );
      assert.deepEqual(found, ids, `${host}: operationIds`);
      const all = Object.values(found);
      assert.equal(new Set(all).size, all.length, `${host}: operationIds are unique`);
    }
  });

  test("every tag an operation uses is declared, with a description, and none is unused", () => {
    for (const { host, doc } of docs) {
      const used = new Set(operations(doc).flatMap(([, , op]) => op.tags ?? []));
      const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
      assert.deepEqual([...declared.keys()].sort(), [...used].sort(), `${host}: declared tags`);
      for (const [name, description] of declared) {
        assert.ok(description && description.length > 10, `${host}: tag ${name} has a description`);
      }
    }
  });

  test("info has a licence", () => {
    for (const { host, doc } of docs) {
      assert.ok(doc.info.license?.name, `${host}: info.license.name`);
      assert.match(doc.info.license?.url ?? "", /^https:\/\//, `${host}: info.license.url`);
    }
  });

  test("no description or summary cites a document customers do not have", () => {
    for (const { host, doc } of docs) {
      const texts = publicTexts(doc);
      assert.ok(texts.length > 100, `${host}: only ${texts.length} texts found`);
      const internal = texts.filter(([, text]) =>
        /[Dd]ecisions|\bADR\b|§|docs\/|\.md\b/.test(text),
      );
      assert.deepEqual(internal, [], `${host}: texts citing internal documents`);
    }
  });

  test("nothing served under /v1/openapi.json or /docs cites § or the decisions file", async () => {
    // The whole text as served, keys and enums included, and the reference page's own files.
    const pages = [
      "/v1/openapi.json",
      "/docs",
      "/docs/json",
      "/docs/static/swagger-initializer.js",
    ];
    for (const { host, get } of served) {
      for (const page of pages) {
        const { body } = await get(page);
        assert.ok(body.length > 100, `${host} ${page} is served`);
        const cited = body.match(/.{0,60}(§|decisions).{0,60}/gi) ?? [];
        assert.deepEqual(cited, [], `${host} ${page}: cites a document customers do not have`);
      }
    }
  });

  test("no request matches two operations once {sport} is read as its enum", () => {
    // What no-ambiguous-paths (off in redocly.yaml) cannot see: a template segment matches only
    // what its schema allows, and two paths clash only for the same method.
    for (const { host, doc } of docs) {
      const all = operations(doc);
      const clashes: string[] = [];
      for (const [i, [method, path, op]] of all.entries()) {
        for (const [otherMethod, otherPath, other] of all.slice(i + 1)) {
          if (method === otherMethod && overlap([path, op], [otherPath, other])) {
            clashes.push(`${method} ${path} ~ ${otherPath}`);
          }
        }
      }
      assert.deepEqual(clashes, [], `${host}: requests two operations can answer`);
    }
  });
});
