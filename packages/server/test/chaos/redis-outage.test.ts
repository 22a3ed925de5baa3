/**
 * Chaos: Redis killed while webhooks and the stream run. PostgreSQL, a Redis of the test's own,
 * one `scoreline serve --roles api,stream`, two `--roles worker`, a local receiver and a
 * WebSocket client on `football.live`. Redis gets `kill -9` and feed messages keep coming
 * (the feed needs no Redis); then Redis starts again, empty.
 *
 * During: no process dies; webhook deliveries go on (workers look for due deliveries every
 * 250 ms when the bus cannot wake them); keyed reads and `/readyz` answer 503 with Retry-After
 * (ADR-0036). After: the open stream connection has every event, in log order, none missing —
 * the stream reads what it missed from the event log — and every delivery was made exactly once.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { openStore, type Store } from "../../src/store/database.js";
import { eventIds, waitForStates } from "../helpers/delivery-rows.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { type PrivateRedis, startPrivateRedis } from "../helpers/private-redis.js";
import { Cluster } from "../helpers/scoreline-cluster.js";
import { freshUrl, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver.js";
import { TestClient } from "../helpers/ws-client.js";

const FX = "chaos-redis";
const PATH = "/redis-outage";
const BEFORE = 20;
const DURING = 50;
const AFTER = 10;
/** Every answer while Redis is away arrives within this (ADR-0036 refuses at once). */
const ANSWER_BOUND_MS = 2_000;

describe("Redis killed under the stream and webhooks", { skip: unavailable("postgres") }, () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let redis: PrivateRedis;
  let receiver: Receiver;
  let cluster: Cluster;
  let client: TestClient | undefined;
  let store: Store;

  before(async () => {
    ({ url, cleanup } = freshUrl("postgres"));
    redis = await startPrivateRedis();
    receiver = await startReceiver(() => ({ status: 200, body: "ok" }));
    cluster = new Cluster({
      databaseUrl: url,
      redisUrl: redis.url,
      env: { SCORELINE_STREAM_PORT: "0" },
    });
  });
  after(async () => {
    client?.ws.terminate();
    await cluster?.stop();
    await receiver?.stop();
    await store?.close();
    await redis?.stop();
    await cleanup?.();
  });

  const goals = (n: number) => Array.from({ length: n }, () => goalMsg("football", FX));
  const timed = async (path: string) => {
    const started = performance.now();
    const response = await cluster.request(path);
    const body = (await response.json()) as { error?: { code: string; message: string } };
    return { response, body, ms: performance.now() - started };
  };

  test("deliveries go on, the stream catches up, nothing lost", async (t) => {
    await cluster.startApi(["api", "stream"]);
    await cluster.startWorkers(2);
    store = openStore(url, { poolSize: 2 });
    const line = await cluster.api?.waitForLog(/^stream listening on /);
    const streamUrl = `${String(line?.url)}/v1/football?token=${encodeURIComponent(cluster.key)}`;
    const subscription = await cluster.subscribe(receiver.url(PATH), ["match.goal"]);
    await cluster.feed([...leagueMessages("football", FX), statusMsg("football", FX, "live")]);
    client = await TestClient.connect(streamUrl);
    await client.waitFor((m) => m.type === "subscribed");
    const streamed = () =>
      (client?.events("football.live") ?? []).filter((m) => m.data?.event === "match.goal");

    await cluster.feed(goals(BEFORE));
    await receiver.waitForCount(BEFORE, PATH);
    await waitFor(() => streamed().length === BEFORE, { what: "the first goals on the stream" });

    await redis.stop();
    const downAt = performance.now();
    await cluster.feed(goals(DURING));
    // Deliveries go on while Redis is away.
    await receiver.waitForCount(BEFORE + DURING, PATH);
    const deliveredDuringMs = performance.now() - downAt;
    const read = await timed("/v1/football/fixtures");
    assert.equal(read.response.status, 503, JSON.stringify(read.body));
    assert.equal(read.body.error?.code, "service_unavailable");
    assert.match(read.response.headers.get("retry-after") ?? "", /^\d+$/);
    assert.ok(read.ms < ANSWER_BOUND_MS, `a read took ${Math.round(read.ms)} ms`);
    const ready = await timed("/readyz");
    assert.equal(ready.response.status, 503);
    assert.match(ready.body.error?.message ?? "", /redis/);
    assert.ok(ready.ms < ANSWER_BOUND_MS, `/readyz took ${Math.round(ready.ms)} ms`);
    const streamedDuring = streamed().length;
    for (const p of [cluster.api, ...cluster.workers.map((w) => w.process)]) {
      assert.equal(p?.child.exitCode, null, `a process exited:\n${p?.output.slice(-2000)}`);
    }

    await redis.start();
    const upAt = performance.now();
    await waitFor(async () => (await cluster.request("/readyz")).status === 200, {
      what: "/readyz to be 200 again",
    });
    const readyMs = performance.now() - upAt;
    await waitFor(() => streamed().length >= BEFORE + DURING, {
      what: () => `the missed goals on the stream; ${streamed().length} so far`,
    });
    const caughtUpMs = performance.now() - upAt;
    await cluster.feed(goals(AFTER));
    const total = BEFORE + DURING + AFTER;
    await waitForStates(store, subscription, { succeeded: total });
    await waitFor(() => streamed().length >= total, { what: "every goal on the stream" });

    // The stream: every goal once, in log order (offsets increasing), the same connection.
    const ids = await eventIds(store, ["match.goal"]);
    assert.equal(ids.length, total);
    const onStream = streamed();
    assert.deepEqual(
      onStream.map((m) => String(m.data?.event_id)).sort(),
      [...ids].sort(),
      "every goal on the stream, once",
    );
    const offsets = onStream.map((m) => Number(m.offset));
    assert.deepEqual(
      offsets,
      [...offsets].sort((a, b) => a - b),
      "in log order",
    );
    assert.equal(client.ws.readyState, client.ws.OPEN, "the connection stayed open");
    // Webhooks: every goal delivered exactly once.
    const received = receiver.ids(PATH);
    assert.deepEqual([...received].sort(), [...ids].sort(), "every delivery exactly once");

    t.diagnostic(
      `while Redis was away: ${DURING} deliveries made within ${Math.round(deliveredDuringMs)} ms, ${streamedDuring - BEFORE} of ${DURING} goals streamed, a read refused in ${Math.round(read.ms)} ms; after it returned: /readyz 200 in ${Math.round(readyMs)} ms, the stream caught up in ${Math.round(caughtUpMs)} ms`,
    );
  });
});
