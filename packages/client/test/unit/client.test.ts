/**
 * The client's surface against a scripted server: options and the browser-key guard, what a
 * request carries, `withResponse()`, pagination (page numbers and cursors) and streamed exports.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, beforeEach, describe, test } from "node:test";
import { Scoreline, ScorelineError, VERSION } from "../../src/index.js";
import { okBody, StubServer } from "../helpers/stub-server.js";
import { TestClock } from "../helpers/test-clock.js";

let stub: StubServer;
let client: Scoreline;

before(async () => {
  stub = await StubServer.start();
});
after(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  client = new Scoreline({
    apiKey: "sl_live_abc",
    baseUrl: `${stub.url}/`,
    clock: new TestClock(),
  });
});

/** Runs `body` as if in a browser page (a `window` with a `document`). */
function inBrowser<T>(body: () => T): T {
  const g = globalThis as { window?: unknown };
  g.window = { document: {} };
  try {
    return body();
  } finally {
    delete g.window;
  }
}

describe("options", () => {
  test("a live key in a browser is refused unless dangerouslyAllowBrowser", () => {
    assert.throws(
      () => inBrowser(() => new Scoreline({ apiKey: "sl_live_secret", baseUrl: stub.url })),
      (e: unknown) =>
        e instanceof ScorelineError && /must not be used in a browser/.test(e.message),
    );
    const allowed = inBrowser(
      () =>
        new Scoreline({
          apiKey: "sl_live_secret",
          baseUrl: stub.url,
          dangerouslyAllowBrowser: true,
        }),
    );
    assert.ok(allowed instanceof Scoreline);
  });

  test("the sandbox needs no key, in a browser too; a sandbox key is allowed there", () => {
    const keyless = inBrowser(() => new Scoreline({ sandbox: true }));
    assert.equal(keyless.baseUrl, "https://sandbox.scoreline.dev");
    assert.ok(inBrowser(() => new Scoreline({ sandbox: true, apiKey: "sl_test_x" })));
  });

  test("without a key (and not on the sandbox) the constructor says how to give one", () => {
    const saved = process.env.SCORELINE_API_KEY;
    delete process.env.SCORELINE_API_KEY;
    try {
      assert.throws(() => new Scoreline({ baseUrl: stub.url }), /SCORELINE_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.SCORELINE_API_KEY = saved;
    }
  });

  test("SCORELINE_API_KEY is the default key", async () => {
    process.env.SCORELINE_API_KEY = "sl_live_from_env";
    try {
      stub.answer({ body: okBody({}) });
      await new Scoreline({ baseUrl: stub.url }).usage.retrieve();
      assert.equal(stub.requests[0]?.headers.authorization, "Bearer sl_live_from_env");
    } finally {
      delete process.env.SCORELINE_API_KEY;
    }
  });

  test("the sandbox ignores the real host's environment (key, base URL, stream URL)", () => {
    const names = ["SCORELINE_API_KEY", "SCORELINE_BASE_URL", "SCORELINE_STREAM_URL"] as const;
    const saved = names.map((name) => process.env[name]);
    Object.assign(process.env, {
      SCORELINE_API_KEY: "sl_live_real",
      SCORELINE_BASE_URL: "https://api.example.test",
      SCORELINE_STREAM_URL: "wss://stream.example.test/v1",
    });
    try {
      assert.equal(new Scoreline().baseUrl, "https://api.example.test");
      assert.equal(new Scoreline({ sandbox: true }).baseUrl, "https://sandbox.scoreline.dev");
    } finally {
      names.forEach((name, i) => {
        const value = saved[i];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      });
    }
  });

  test("the sandbox sends no key unless given one", async () => {
    process.env.SCORELINE_API_KEY = "sl_live_real";
    try {
      stub.answer({ body: okBody([]) });
      await new Scoreline({ sandbox: true, baseUrl: stub.url }).sports.list();
      assert.equal(stub.requests[0]?.headers.authorization, undefined);
    } finally {
      delete process.env.SCORELINE_API_KEY;
    }
  });

  test("bad numbers are refused", () => {
    assert.throws(() => new Scoreline({ apiKey: "k", maxRetries: -1 }), /maxRetries/);
    assert.throws(() => new Scoreline({ apiKey: "k", timeout: Number.NaN }), /timeout/);
  });

  test("client.sport(slug) is the same object as the property; an unknown slug is refused", () => {
    assert.equal(client.sport("american-football"), client.americanFootball);
    assert.equal(client.sport("combat-sports"), client.combatSports);
    assert.throws(() => client.sport("curling" as "golf"), /unknown sport "curling"/);
  });

  test("VERSION is the package's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    assert.equal(VERSION, pkg.version);
  });
});

describe("requests", () => {
  test("key, user agent, path and query as the API expects", async () => {
    stub.answer({
      body: okBody([], {
        pagination: { page: 1, per_page: 5, total_pages: 1, total_results: 0, total: 0 },
      }),
    });
    await client.americanFootball.fixtures.list({
      league: "nfl x",
      per_page: 5,
      status: "live,finished",
    });
    const [request] = stub.requests;
    assert.equal(request?.method, "GET");
    assert.equal(
      request?.url,
      "/v1/american-football/fixtures?league=nfl+x&per_page=5&status=live%2Cfinished",
    );
    assert.equal(request?.headers.authorization, "Bearer sl_live_abc");
    assert.equal(request?.headers["user-agent"], `scoreline-js/${VERSION}`);
    assert.equal(request?.headers.accept, "application/json");
  });

  test("ids are encoded into the path", async () => {
    stub.answer({ body: okBody({ fixture_id: "a/b" }) });
    await client.football.fixtures.retrieve("a/b ?");
    assert.equal(stub.requests[0]?.url, "/v1/football/fixtures/a%2Fb%20%3F");
    assert.throws(() => client.football.teams.retrieve(""), /non-empty id/);
  });

  test("a JSON body on writes", async () => {
    stub.answer({ body: okBody({ id: "wh_1" }) });
    await client.webhooks.update("wh_1", { enabled: false });
    assert.equal(stub.requests[0]?.method, "PATCH");
    assert.equal(stub.requests[0]?.headers["content-type"], "application/json");
    assert.deepEqual(JSON.parse(stub.requests[0]?.body ?? ""), { enabled: false });
  });

  test("webhooks.recover posts the window and answers the queued count", async () => {
    const answer = {
      subscription_id: "wh_1",
      since: "2026-11-21T10:00:00Z",
      until: "2026-11-22T10:00:00Z",
      queued: 3,
    };
    stub.answer({ status: 202, body: okBody(answer) });
    const result = await client.webhooks.recover("wh_1", { since: "2026-11-21T10:00:00Z" });
    assert.deepEqual(result, answer);
    assert.equal(stub.requests[0]?.method, "POST");
    assert.equal(stub.requests[0]?.url, "/v1/webhooks/wh_1/recover");
    assert.deepEqual(JSON.parse(stub.requests[0]?.body ?? ""), { since: "2026-11-21T10:00:00Z" });
  });

  test("withResponse gives the answer, request id, rate limit and quota", async () => {
    stub.answer({
      headers: {
        "x-request-id": "req_1",
        "x-ratelimit-limit": "600",
        "x-ratelimit-remaining": "599",
        "x-ratelimit-reset": "1795600860",
        "x-quota-limit": "unlimited",
      },
      body: okBody({ plan: "growth" }),
    });
    const result = await client.usage.retrieve().withResponse();
    assert.deepEqual(result.data, { plan: "growth" });
    assert.equal(result.response.status, 200);
    assert.equal(result.request_id, "req_1");
    assert.deepEqual(result.rate_limit, { limit: 600, remaining: 599, reset: 1795600860 });
    assert.equal(result.quota, null);
  });

  test("awaiting and withResponse on the same call make one request", async () => {
    stub.answer({ body: okBody({ plan: "free" }) });
    const call = client.usage.retrieve();
    const [data, withResponse] = await Promise.all([call, call.withResponse()]);
    assert.deepEqual(data, withResponse.data);
    assert.equal(stub.requests.length, 1);
  });
});

describe("pagination", () => {
  const pageOf = (page: number, totalPages: number, items: number[]) =>
    okBody(
      items.map((n) => ({ team_id: `t${n}` })),
      {
        pagination: { page, per_page: 2, total_pages: totalPages, total_results: 5, total: 5 },
      },
    );

  test("iterating a list walks every page, asking for each once", async () => {
    stub.route((request) => {
      const page = Number(new URL(request.url, stub.url).searchParams.get("page") ?? "1");
      const items = [[1, 2], [3, 4], [5]][page - 1] ?? [];
      return { body: pageOf(page, 3, items) };
    });
    const ids: string[] = [];
    for await (const team of client.football.teams.list({ per_page: 2 })) ids.push(team.team_id);
    assert.deepEqual(ids, ["t1", "t2", "t3", "t4", "t5"]);
    assert.deepEqual(
      stub.requests.map((r) => r.url),
      [
        "/v1/football/teams?per_page=2",
        "/v1/football/teams?per_page=2&page=2",
        "/v1/football/teams?per_page=2&page=3",
      ],
    );
  });

  test("the first page, hasNextPage and getNextPage", async () => {
    stub.answer({ body: pageOf(1, 2, [1, 2]) }, { body: pageOf(2, 2, [3]) });
    const first = await client.football.players.list({ per_page: 2 });
    assert.equal(first.data.length, 2);
    assert.equal(first.pagination.total_pages, 2);
    assert.ok(first.hasNextPage());
    const second = await first.getNextPage();
    assert.equal(second.pagination.page, 2);
    assert.equal(second.hasNextPage(), false);
    assert.throws(() => second.getNextPage(), /no next page/);
  });

  test("history follows next_cursor until it is null, without a page number", async () => {
    const cursorPage = (ids: string[], next: string | null) =>
      okBody(
        ids.map((fixture_id) => ({ fixture_id })),
        {
          pagination: {
            page: 1,
            per_page: 2,
            total_pages: 2,
            total_results: 3,
            total: 3,
            next_cursor: next,
          },
        },
      );
    stub.answer({ body: cursorPage(["a", "b"], "CUR1") }, { body: cursorPage(["c"], null) });
    const seen: string[] = [];
    for await (const match of client.cricket.history.list({ league: "ipl", per_page: 2 })) {
      seen.push(match.fixture_id);
    }
    assert.deepEqual(seen, ["a", "b", "c"]);
    assert.deepEqual(
      stub.requests.map((r) => r.url),
      [
        "/v1/cricket/history/matches?league=ipl&per_page=2",
        "/v1/cricket/history/matches?league=ipl&per_page=2&cursor=CUR1",
      ],
    );
  });
});

describe("history export", () => {
  test("NDJSON records are yielded as they arrive, lines split across chunks", async () => {
    stub.answer({
      headers: { "content-type": "application/x-ndjson" },
      chunks: ['{"fixture_id":"a"}\n{"fixture_id"', ':"b"}\n', '{"fixture_id":"c"}'],
    });
    const ids: string[] = [];
    for await (const record of client.football.history.export({ league: "x" }))
      ids.push(record.fixture_id);
    assert.deepEqual(ids, ["a", "b", "c"]);
    assert.equal(stub.requests[0]?.headers.accept, "application/x-ndjson");
    assert.equal(stub.requests[0]?.url, "/v1/football/history/matches?league=x&format=ndjson");
  });

  test("CSV lines, header first; withResponse gives the headers before the body is read", async () => {
    stub.answer({
      headers: { "content-type": "text/csv", "x-request-id": "req_csv" },
      chunks: ["fixture_id,home\r\nfx_1,A\r\n", "fx_2,B\r\n"],
    });
    const exported = client.football.history.export({ format: "csv" });
    const { request_id, data } = await exported.withResponse();
    assert.equal(request_id, "req_csv");
    const lines: string[] = [];
    for await (const line of data) lines.push(line);
    assert.deepEqual(lines, ["fixture_id,home", "fx_1,A", "fx_2,B"]);
  });
});
