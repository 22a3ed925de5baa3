/**
 * Parameters are never silently ignored (ADR-0040): a name of Scoreline's query vocabulary sent
 * to an endpoint that does not take it is a 400 naming it, another API's name for one of ours is
 * a 400 naming ours, and any other name is ignored (forward compatibility). Every documented
 * operation of both hosts is walked with every vocabulary name it does not accept; and the
 * document lists exactly the query parameters each route's schema accepts.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../../src/config/index.js";
import {
  createHttpApp,
  installReadPath,
  installWebhookRoutes,
  webhookAgentFor,
} from "../../src/hosts/http-core.js";
import { queryNames } from "../../src/http/param-policy.js";
import { createLogger } from "../../src/logger.js";
import { createTestApp, getJson, type TestApp } from "../helpers/app.js";
import { createTestStore, DIALECTS, unavailable } from "../helpers/stores.js";
import { createSandbox, type Sandbox } from "../sandbox/sandbox-helpers.js";

interface Doc {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ name: string; in: string }>; tags?: string[] }>
  >;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

interface Operation {
  method: string;
  path: string;
  params: Set<string>;
}

function operationsOf(doc: Doc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = (operation.parameters ?? []).filter((p) => p.in === "query");
      out.push({ method, path, params: new Set(params.map((p) => p.name)) });
    }
  }
  return out;
}

/** Every query parameter name some operation of the document accepts. */
function vocabularyOf(doc: Doc): Set<string> {
  return new Set(operationsOf(doc).flatMap((op) => [...op.params]));
}

/** The path with its parameters filled: a sport, and made-up ids (never looked up: a 400 comes first). */
function concrete(path: string): string {
  return path.replace("{sport}", "football").replace(/\{[a-z_]+\}/g, "xx_0000000000000000");
}

for (const dialect of DIALECTS) {
  describe(`query parameters on the api host (${dialect})`, { skip: unavailable(dialect) }, () => {
    let t: TestApp;
    let doc: Doc;
    before(async () => {
      t = await createTestApp(dialect);
      doc = (await t.app.inject("/v1/openapi.json")).json();
    });
    after(async () => {
      await t?.dispose();
    });

    const expect400 = async (url: string, field: string, message?: RegExp) => {
      const { status, body } = await getJson(t.app, url);
      assert.equal(status, 400, `${url} → ${status}`);
      assert.equal(body.error.code, "invalid_parameter");
      assert.equal(body.error.field, field, `${url}: ${body.error.message}`);
      if (message !== undefined) assert.match(body.error.message, message);
      return body;
    };

    test("`sort` on an endpoint without sort is a 400 naming sort", async () => {
      const sorted = operationsOf(doc).filter((op) => op.params.has("sort"));
      assert.ok(sorted.length > 0, "some endpoint accepts sort");
      assert.ok(
        !operationsOf(doc).some(
          (op) => op.path === "/v1/{sport}/countries" && op.params.has("sort"),
        ),
      );
      await expect400(
        "/v1/football/countries?sort=name",
        "sort",
        /^`sort` is not supported on this endpoint/,
      );
    });

    test("`order_by` and other APIs' names are a 400 naming ours", async () => {
      const sorted = operationsOf(doc).find((op) => op.method === "get" && op.params.has("sort"));
      assert.ok(sorted);
      await expect400(`${concrete(sorted.path)}?order_by=name`, "order_by", /use `sort`/);
      await expect400("/v1/football/countries?order_by=name", "order_by", /`sort`/);
      await expect400("/v1/football/teams?limit=5", "limit", /use `per_page`/);
      await expect400("/v1/football/fixtures?from=2026-11-21", "from", /use `date_from`/);
      await expect400("/v1/football/teams?query=bonn", "query", /use `search`/);
      await expect400("/v1/search?query=bonn", "query", /use `q`/);
    });

    test("our own name for the same filter is suggested", async () => {
      await expect400("/v1/football/teams?q=bonn", "q", /use `search`/);
      await expect400("/v1/football/fixtures?competition=x", "competition", /use `league`/);
      await expect400("/v1/football/fixtures?sport=golf", "sport", /the sport is the path/);
    });

    test("several refused names: one entry each", async () => {
      const body = await expect400("/v1/football/countries?sort=name&tz=UTC&search=x", "sort");
      assert.deepEqual(
        body.errors.map((e: { field: string }) => e.field),
        ["sort", "tz", "search"],
      );
    });

    test("any other name is ignored (forward compatibility), api_key included", async () => {
      for (const url of [
        "/v1/football/countries?foo=1",
        "/v1/football/teams?per_page=2&utm_source=docs&callback=x",
        `/v1/football/countries?api_key=${t.key}`,
      ]) {
        const { status } = await getJson(t.app, url);
        assert.equal(status, 200, url);
      }
    });

    test("every operation, every vocabulary name it does not accept: a 400 naming each", async () => {
      await walk(doc, (options) => t.app.inject(options));
    });
  });
}

describe("query parameters on the sandbox host", () => {
  let sandbox: Sandbox;
  let key: string;
  before(async () => {
    sandbox = await createSandbox({ seed: false });
    key = (await sandbox.createKey("growth")).key;
  });
  after(async () => {
    await sandbox?.dispose();
  });

  test("every operation, every vocabulary name it does not accept: a 400 naming each", async () => {
    const doc: Doc = (await sandbox.get("/v1/openapi.json")).json();
    assert.ok(vocabularyOf(doc).has("q"), "the sandbox serves search too");
    await walk(doc, (options) => sandbox.inject({ ...options, key }));
    const keyless = await sandbox.get("/v1/football/countries?order_by=name");
    assert.equal(keyless.statusCode, 400);
    assert.equal(keyless.json().error.field, "order_by");
    // Keyless, search looks in every sport (an empty sandbox store here: no hits).
    const search = await sandbox.get("/v1/search?q=arsenal&sport=golf");
    assert.equal(search.statusCode, 200, search.body);
    assert.deepEqual(search.json().data, []);
  });
});

type Send = (options: {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
}) => Promise<{ statusCode: number; json(): { errors: Array<{ field?: string }> } }>;

/** Each operation with every vocabulary name it lacks: 400, one `errors` entry per name. */
async function walk(doc: Doc, send: Send): Promise<void> {
  const vocabulary = vocabularyOf(doc);
  let walked = 0;
  for (const op of operationsOf(doc)) {
    const refused = [...vocabulary].filter((name) => !op.params.has(name)).sort();
    if (refused.length === 0) continue;
    const query = new URLSearchParams(refused.map((name): [string, string] => [name, "1"]));
    const url = `${concrete(op.path)}?${query}`;
    const response = await send({ method: op.method.toUpperCase() as "GET", url });
    assert.equal(response.statusCode, 400, `${op.method} ${url} → ${response.statusCode}`);
    const fields = response.json().errors.map((e) => e.field);
    assert.deepEqual([...fields].sort(), refused, `${op.method} ${op.path}`);
    walked++;
  }
  assert.ok(walked >= 30, `${walked} operations walked`);
}

describe("the OpenAPI document lists every query parameter a route accepts", () => {
  test("each documented route: its schema's names are the document's parameters", async () => {
    const testStore = await createTestStore("sqlite");
    const deps = {
      config: loadConfig({}),
      store: testStore.store,
      logger: createLogger("silent"),
      clock: () => new Date(),
    };
    // The shared core's routes, recorded as they are registered (as read-scopes.test.ts does).
    const app = await createHttpApp(deps);
    const routes = new Map<string, string[]>();
    app.addHook("onRoute", (route) => {
      const schema = route.schema as { tags?: string[]; hide?: boolean } | undefined;
      if (schema?.hide === true || (schema?.tags?.length ?? 0) === 0) return;
      const path = route.url.replace(/:([A-Za-z_]+)/g, "{$1}");
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === "HEAD") continue;
        routes.set(`${method.toLowerCase()} ${path}`, queryNames(route.schema?.querystring));
      }
    });
    try {
      await installReadPath(app, deps, { host: "live" });
      installWebhookRoutes(app, deps, webhookAgentFor(app, deps));
      await app.ready();
      const doc = app.swagger() as unknown as Doc;
      const documented = new Map(
        operationsOf(doc).map((op) => [`${op.method} ${op.path}`, [...op.params].sort()]),
      );
      assert.ok(routes.size >= 25, `${routes.size} routes`);
      for (const [route, names] of routes) {
        assert.deepEqual(documented.get(route), [...names].sort(), route);
      }
      assert.deepEqual([...documented.keys()].sort(), [...routes.keys()].sort());
    } finally {
      await app.close();
      await testStore.dispose();
    }
  });
});
