/**
 * Who may connect: every refusal happens on the HTTP upgrade, before a WebSocket exists, with
 * the REST error envelope and X-Request-Id — 401 for keys, 403 for sports the plan lacks, 404
 * for unknown sports, fixtures and paths, 429 at the plan's connection limit. Tokens never
 * reach the log; each connection logs one line when it opens and one when it closes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { leagueMessages } from "../helpers/feed-messages.js";
import { waitFor } from "../helpers/wait.js";
import { type Refusal, refusal, TestClient } from "../helpers/ws-client.js";
import { createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  capturingLogger,
  createAccountKeys,
  keyOf,
  startStream,
  type TestStream,
} from "./stream-helpers.js";

function assertEnvelope(answer: Refusal, status: number, code: string) {
  assert.equal(answer.status, status);
  assert.match(String(answer.headers["content-type"]), /^application\/json/);
  const requestId = answer.headers["x-request-id"];
  assert.match(String(requestId), /^req_/);
  assert.equal(answer.body.data, null);
  assert.equal(answer.body.error.code, code);
  assert.equal(answer.body.error.status, status);
  assert.equal(answer.body.error.request_id, requestId);
  assert.equal(answer.body.meta.request_id, requestId);
  assert.equal(answer.body.errors[0]?.code, code);
}

describe("stream admission", () => {
  let t: LiveTestApp;
  let stream: TestStream;
  let log: ReturnType<typeof capturingLogger>;
  let free: string;
  let growth: string;
  before(async () => {
    t = await createLiveApp("sqlite");
    await t.feed([...leagueMessages("football", "fx-1"), ...leagueMessages("basketball", "bx-1")]);
    log = capturingLogger();
    stream = await startStream(t.store, t.bus, {
      logger: log.logger,
      limits: { retryAfterSeconds: 7 },
    });
    free = await keyOf(t.store, "free");
    growth = await keyOf(t.store, "growth");
  });
  after(async () => {
    await stream?.close();
    await t?.dispose();
  });

  test("a missing, malformed, unknown or sandbox key is a 401 before the upgrade", async () => {
    const unknown = `sl_live_${"A".repeat(43)}`;
    const sandbox = `sl_test_${"A".repeat(43)}`;
    for (const query of ["", "?token=", "?token=nope", `?token=${unknown}`, `?token=${sandbox}`]) {
      assertEnvelope(await refusal(`${stream.url}/v1${query}`), 401, "invalid_api_key");
    }
    assertEnvelope(
      await refusal(`${stream.url}/v1/football`, { headers: { authorization: "Bearer nope" } }),
      401,
      "invalid_api_key",
    );
  });

  test("the key is also accepted as Authorization: Bearer", async () => {
    const client = await TestClient.connect(`${stream.url}/v1`, {
      headers: { authorization: `Bearer ${growth}` },
    });
    await client.close();
  });

  test("a sport the plan lacks is a 403; unknown sports, fixtures and paths are 404s", async () => {
    assertEnvelope(await refusal(`${stream.url}/v1/cricket?token=${free}`), 403, "plan_forbidden");
    assertEnvelope(await refusal(`${stream.url}/v1/curling?token=${growth}`), 404, "not_found");
    assertEnvelope(
      await refusal(`${stream.url}/v1/football?token=${growth}&fixture_id=nope`),
      404,
      "not_found",
    );
    assertEnvelope(
      await refusal(`${stream.url}/v1/basketball?token=${growth}&fixture_id=fx-1`),
      404,
      "not_found",
    );
    const malformed = await refusal(`${stream.url}/v1/football?token=${growth}&fixture_id=a%20b`);
    assertEnvelope(malformed, 400, "invalid_parameter");
    assert.equal(malformed.body.error.field, "fixture_id");
    assertEnvelope(await refusal(`${stream.url}/v2?token=${growth}`), 404, "unsupported_version");
    assertEnvelope(await refusal(`${stream.url}/v1/football/x?token=${growth}`), 404, "not_found");
    assertEnvelope(await refusal(`${stream.url}/stream?token=${growth}`), 404, "not_found");
  });

  test("at the plan's connection limit the upgrade is a 429 with Retry-After; a close frees the slot", async () => {
    const first = await TestClient.connect(`${stream.url}/v1?token=${free}`);
    const refused = await refusal(`${stream.url}/v1/football?token=${free}`);
    assertEnvelope(refused, 429, "rate_limit_exceeded");
    assert.equal(refused.headers["retry-after"], "7");
    assert.match(refused.body.error.message, /free plan allows 1 concurrent stream connection/);
    // Other keys are counted apart.
    const other = await TestClient.connect(`${stream.url}/v1?token=${growth}`);
    await first.close();
    await waitFor(() => stream.server.stats().connections === 1);
    const again = await TestClient.connect(`${stream.url}/v1?token=${free}`);
    await Promise.all([again.close(), other.close()]);
  });

  test("connections count per account: the (N+1)th across two keys of one account is a 429", async () => {
    const { keys } = await createAccountKeys(t.store, { plan: "starter", keys: 2, connections: 3 });
    const [a, b] = [keys[0]?.key ?? "", keys[1]?.key ?? ""];
    const open = [
      await TestClient.connect(`${stream.url}/v1?token=${a}`),
      await TestClient.connect(`${stream.url}/v1?token=${b}`),
      await TestClient.connect(`${stream.url}/v1/football?token=${a}`),
    ];
    for (const key of [a, b]) {
      const refused = await refusal(`${stream.url}/v1?token=${key}`);
      assertEnvelope(refused, 429, "rate_limit_exceeded");
      assert.match(refused.body.error.message, /3 concurrent stream connections for the account/);
    }
    // A close on one key frees a slot the other key may take.
    await open[0]?.close();
    await waitFor(() => stream.server.stats().connections === 2);
    open[0] = await TestClient.connect(`${stream.url}/v1?token=${b}`);
    await Promise.all(open.map((client) => client.close()));
  });

  test("plain HTTP: /healthz answers, a stream path asks for an upgrade in the envelope", async () => {
    const health = await fetch(`${stream.url.replace("ws:", "http:")}/healthz`);
    assert.equal(health.status, 200);
    const plain = await fetch(`${stream.url.replace("ws:", "http:")}/v1?token=${growth}`);
    assert.equal(plain.status, 400);
    assert.match(String(plain.headers.get("x-request-id")), /^req_/);
    const body = (await plain.json()) as Refusal["body"];
    assert.equal(body.error.code, "invalid_parameter");
    assert.equal((await fetch(`${stream.url.replace("ws:", "http:")}/nowhere`)).status, 404);
  });

  test("the log has one line per connection opened and closed, and never a token", async () => {
    const client = await TestClient.connect(`${stream.url}/v1/football?token=${growth}`);
    await client.waitFor((m) => m.type === "subscribed");
    await client.close();
    await waitFor(() => log.lines.some((l) => l.msg === "stream connection closed" && l.sent));
    const text = JSON.stringify(log.lines);
    for (const key of [free, growth]) assert.ok(!text.includes(key), "a key reached the log");
    assert.ok(!text.includes("token="), "a query string reached the log");
    const opened = log.lines.filter((l) => l.msg === "stream connection opened");
    const closed = log.lines.filter((l) => l.msg === "stream connection closed");
    assert.equal(opened.length, closed.length);
    const last = opened.at(-1);
    assert.equal(last?.path, "/v1/football");
    assert.equal(last?.plan, "growth");
    assert.ok(log.lines.some((l) => l.msg === "stream connection refused" && l.status === 401));
  });

  test("keyless (the sandbox's mount): no token, every channel, counted per address", async () => {
    const sandbox = await startStream(t.store, t.bus, {
      authenticate: false,
      basePath: "/v1/stream",
      limits: { connectionsPerAddress: 2 },
    });
    try {
      const a = await TestClient.connect(`${sandbox.url}/v1/stream`);
      const answers = await a.subscribe(["football.odds", "cricket.live"]);
      assert.deepEqual(
        answers.map((m) => m.type),
        ["subscribed", "subscribed"],
      );
      const b = await TestClient.connect(`${sandbox.url}/v1/stream/football?fixture_id=fx-1`);
      assertEnvelope(await refusal(`${sandbox.url}/v1/stream`), 429, "rate_limit_exceeded");
      assertEnvelope(await refusal(`${sandbox.url}/v1?token=${growth}`), 404, "not_found");
      await Promise.all([a.close(), b.close()]);
    } finally {
      await sandbox.close();
    }
  });
});
