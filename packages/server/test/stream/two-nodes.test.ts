/**
 * Two stream nodes sharing one database and one Redis (TEST_REDIS_URL), each with its own bus
 * and its own connection counter, on a key prefix of this run: a client on node B hears what
 * node A ingested, connection limits hold across both (and outlive no dead node), and a client
 * resumes on the other node with no gap.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { revokeKey } from "../../src/accounts/accounts-service.js";
import { RedisEventBus } from "../../src/adapters/bus/redis-bus.js";
import { logEpoch } from "../../src/live/event-log.js";
import { accountSlotGroup } from "../../src/stream/admission.js";
import { RedisConnectionSlots } from "../../src/stream/redis-connection-slots.js";
import { runCli } from "../helpers/cli.js";
import { realClock, testClock } from "../helpers/clock.js";
import { eventMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { needsRedis } from "../helpers/requirements.js";
import { postgresUrl } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { type Refusal, refusal, TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import {
  createAccountKeys,
  createTestKey,
  startStream,
  type TestStream,
} from "./stream-helpers.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe("two stream nodes on one Redis", {
  skip: needsRedis(),
}, () => {
  const url = redisUrl ?? "";
  const prefix = `scoreline-test-${randomBytes(6).toString("hex")}:`;
  let busA: RedisEventBus;
  let busB: RedisEventBus;
  let slotsA: RedisConnectionSlots;
  let slotsB: RedisConnectionSlots;
  let t: LiveTestApp;
  let nodeA: TestStream;
  let nodeB: TestStream;
  let growth: string;
  before(async () => {
    busA = new RedisEventBus(url, { prefix });
    busB = new RedisEventBus(url, { prefix });
    await Promise.all([busA.ready(), busB.ready()]);
    t = await createLiveApp(postgresUrl ? "postgres" : "sqlite", { bus: busA });
    assertAllApplied(
      await t.feed([...leagueMessages("football", "fx-1"), statusMsg("football", "fx-1", "live")]),
    );
    slotsA = new RedisConnectionSlots({ url, prefix });
    slotsB = new RedisConnectionSlots({ url, prefix });
    nodeA = await startStream(t.store, busA, { slots: slotsA });
    nodeB = await startStream(t.store, busB, { slots: slotsB });
    growth = (await createTestKey(t.store, "growth")).key;
  });
  after(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await Promise.all([slotsA?.close(), slotsB?.close()]);
    await t?.dispose();
    await Promise.all([busA?.close(), busB?.close()]);
  });

  const goal = (minute: number) =>
    eventMsg("football", "fx-1", { type: "goal", team: "home", minute });

  test("a client on node B hears what node A ingested, with the same offsets", async () => {
    const onA = await TestClient.connect(`${nodeA.url}/v1?token=${growth}`);
    const onB = await TestClient.connect(`${nodeB.url}/v1/football?token=${growth}`);
    await onA.subscribe("football.live");
    await onB.waitFor((m) => m.type === "subscribed");
    assertAllApplied(await t.feed([goal(5), goal(9)]));
    await onB.waitFor((m) => m.type === "event", 4);
    await onA.waitFor((m) => m.type === "event", 4);
    assert.deepEqual(onB.events(), onA.events());
    await Promise.all([onA.close(), onB.close()]);
  });

  test("the plan's connection limit holds across both nodes", async () => {
    const free = await createTestKey(t.store, "free");
    const first = await TestClient.connect(`${nodeA.url}/v1?token=${free.key}`);
    const refused: Refusal = await refusal(`${nodeB.url}/v1?token=${free.key}`);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, "rate_limit_exceeded");
    assert.ok(refused.headers["retry-after"]);
    await first.close();
    // Node A gives the slot back after the socket closes, on its own Redis connection: wait
    // until Redis has it back, not only until node A has forgotten the connection.
    const group = accountSlotGroup(free.accountId);
    await waitFor(async () => (await slotsB.count(group)) === 0);
    const second = await TestClient.connect(`${nodeB.url}/v1?token=${free.key}`);
    await second.close();
  });

  test("the limit counts the account's connections across its keys and both nodes", async () => {
    const { keys } = await createAccountKeys(t.store, { plan: "starter", keys: 2, connections: 2 });
    const [a, b] = [keys[0]?.key ?? "", keys[1]?.key ?? ""];
    const first = await TestClient.connect(`${nodeA.url}/v1?token=${a}`);
    const second = await TestClient.connect(`${nodeB.url}/v1?token=${b}`);
    for (const [node, key] of [
      [nodeA, b],
      [nodeB, a],
    ] as const) {
      const refused: Refusal = await refusal(`${node.url}/v1?token=${key}`);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.error.code, "rate_limit_exceeded");
    }
    await Promise.all([first.close(), second.close()]);
  });

  test("a key revoked on node A's bus closes its connection on node C within the bound", async () => {
    // Node C checks keys only hourly: the close can come only from the notice on Redis.
    const busC = new RedisEventBus(url, { prefix });
    await busC.ready();
    const nodeC = await startStream(t.store, busC, { limits: { keyCheckIntervalMs: 3_600_000 } });
    try {
      const key = await createTestKey(t.store, "growth");
      const client = await TestClient.connect(`${nodeC.url}/v1?token=${key.key}`);
      const closed = new Promise<{ code: number; at: number }>((resolve) => {
        void client.closed.then(({ code }) => resolve({ code, at: performance.now() }));
      });
      const start = performance.now();
      await revokeKey({ store: t.store, clock: testClock, notices: busA }, key.id);
      await waitFor(() => client.ws.readyState === client.ws.CLOSED, { timeoutMs: 30_000 });
      const { code, at } = await closed;
      assert.equal(code, 1008);
      assert.ok(at - start < 3_000, `closed after ${Math.round(at - start)} ms`);
    } finally {
      await nodeC.close();
      await busC.close();
    }
  });

  test("`scoreline keys revoke` with REDIS_URL announces it to every node", async () => {
    // The CLI publishes on the default prefix; a node listening there hears it.
    const busD = new RedisEventBus(url);
    await busD.ready();
    // The CLI revokes at the wall clock's now: the node reads the same clock.
    const nodeD = await startStream(t.store, busD, {
      clock: realClock,
      limits: { keyCheckIntervalMs: 3_600_000 },
    });
    try {
      const key = await createTestKey(t.store, "growth");
      const client = await TestClient.connect(`${nodeD.url}/v1?token=${key.key}`);
      const run = await runCli(["keys", "revoke", key.id], {
        env: { DATABASE_URL: t.url, REDIS_URL: url },
      });
      assert.equal(run.status, 0, run.stderr);
      const start = performance.now();
      const { code } = await client.closed;
      assert.equal(code, 1008);
      assert.ok(performance.now() - start < 3_000, "closed within 3 s of the CLI's exit");
    } finally {
      await nodeD.close();
      await busD.close();
    }
  });

  test("a node that died stops counting once its heartbeat lapses", async () => {
    const free = await createTestKey(t.store, "free");
    // A node that took the key's only slot and then died: it never refreshes or releases.
    const dead = new RedisConnectionSlots({ url, prefix, ttlMs: 400, heartbeatMs: 3_600_000 });
    try {
      assert.equal(
        (await dead.acquire(accountSlotGroup(free.accountId), "ws_dead", 1)).allowed,
        true,
      );
      assert.equal((await refusal(`${nodeB.url}/v1?token=${free.key}`)).status, 429);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const client = await TestClient.connect(`${nodeB.url}/v1?token=${free.key}`);
      await client.close();
    } finally {
      await dead.close();
    }
  });

  test("a client resumes on the other node with no gap and no duplicate", async () => {
    const epoch = await logEpoch(t.store.db);
    const witness = await TestClient.connect(`${nodeB.url}/v1?token=${growth}`);
    await witness.subscribe("fixture.fx-1");
    const leaver = await TestClient.connect(`${nodeA.url}/v1?token=${growth}`);
    await leaver.subscribe("fixture.fx-1");
    assertAllApplied(await t.feed([goal(20)]));
    await leaver.waitFor((m) => m.type === "event", 2);
    await leaver.close();
    assertAllApplied(await t.feed([goal(30), goal(40)]));

    const back = await TestClient.connect(`${nodeB.url}/v1?token=${growth}`);
    const [answer] = await back.subscribe("fixture.fx-1", {
      since: { offset: leaver.events().at(-1)?.offset ?? 0, epoch },
    });
    assert.equal(answer?.recovered, true);
    assertAllApplied(await t.feed([goal(50)]));
    await witness.waitFor((m) => m.type === "event", 8);
    await back.waitFor((m) => m.type === "event", 6);
    const pairs = (c: TestClient) => c.events().map((m) => [m.offset, m.data?.event_id]);
    assert.deepEqual([...pairs(leaver), ...pairs(back)], pairs(witness));
    await Promise.all([witness.close(), back.close()]);
  });
});
