/**
 * A key revoked while connected: its open connections close with 1008 within a second or so,
 * not at the next ping (25 s) — through the bus when the revoker announces it (the service,
 * the admin API), through the per-second check of held keys otherwise (a CLI on another bus, an
 * expiry), and at the chosen time for a revocation at a future time.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createKey, revokeKey } from "../../src/accounts/accounts-service.js";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { loadPlans } from "../../src/config/plans.js";
import { runCli } from "../helpers/cli.js";
import { realClock, testClock } from "../helpers/clock.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { TestClient } from "../helpers/ws-client.js";
import { ADMIN_TOKEN, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { createTestKey, startStream, type TestStream } from "./stream-helpers.js";

/** How long a close may take on a loaded machine: far below the 25 s ping that used to do it. */
const CLOSE_BOUND_MS = 3_000;

/** Resolves with the close and how long after `since` (performance.now()) it arrived. */
async function closeOf(client: TestClient, since: number) {
  const closed = await Promise.race([
    client.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000).unref()),
  ]);
  assert.ok(closed !== null, "the connection was not closed within 30 s");
  return { ...closed, afterMs: performance.now() - since };
}

for (const dialect of DIALECTS) {
  describe(`a revoked key's connections close within a second (${dialect})`, {
    skip: unavailable(dialect),
  }, () => {
    let t: LiveTestApp;
    /** Only the bus can close a connection here: the periodic check is an hour apart. */
    let busOnly: TestStream;
    /** Only the periodic check can: this stream hears a bus no revoker publishes on. */
    let checkOnly: TestStream;
    before(async () => {
      t = await createLiveApp(dialect);
      busOnly = await startStream(t.store, t.bus, { limits: { keyCheckIntervalMs: 3_600_000 } });
      checkOnly = await startStream(t.store, new MemoryEventBus());
    });
    after(async () => {
      await busOnly?.close();
      await checkOnly?.close();
      await t?.dispose();
    });

    test("revoked through the service: the bus closes it with 1008", async (ctx) => {
      const key = await createTestKey(t.store, "growth");
      const client = await TestClient.connect(`${busOnly.url}/v1/football?token=${key.key}`);
      const other = await TestClient.connect(
        `${busOnly.url}/v1?token=${(await createTestKey(t.store, "growth")).key}`,
      );
      const start = performance.now();
      await revokeKey({ store: t.store, clock: testClock, notices: t.bus }, key.id);
      const closed = await closeOf(client, start);
      assert.equal(closed.code, 1008);
      assert.match(closed.reason, /no longer valid/);
      assert.ok(closed.afterMs < CLOSE_BOUND_MS, `closed after ${Math.round(closed.afterMs)} ms`);
      ctx.diagnostic(
        `closed through the bus ${Math.round(closed.afterMs)} ms after the revocation`,
      );
      // Another key's connection stays open.
      await other.subscribe("football.live");
      await other.close();
    });

    test("revoked through the admin API: the same", async (ctx) => {
      const key = await createTestKey(t.store, "starter");
      const client = await TestClient.connect(`${busOnly.url}/v1?token=${key.key}`);
      const start = performance.now();
      const answer = await t.rawInject({
        method: "POST",
        url: `/admin/v1/keys/${key.id}/revoke`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(answer.statusCode, 200);
      const closed = await closeOf(client, start);
      assert.equal(closed.code, 1008);
      assert.ok(closed.afterMs < CLOSE_BOUND_MS, `closed after ${Math.round(closed.afterMs)} ms`);
      ctx.diagnostic(
        `closed through the admin API ${Math.round(closed.afterMs)} ms after the revocation`,
      );
    });

    test("revoked where no notice reaches (a CLI on another bus): the per-second check closes it", async (ctx) => {
      const key = await createTestKey(t.store, "growth");
      const client = await TestClient.connect(`${checkOnly.url}/v1?token=${key.key}`);
      const start = performance.now();
      await revokeKey({ store: t.store, clock: testClock }, key.id);
      const closed = await closeOf(client, start);
      assert.equal(closed.code, 1008);
      assert.ok(closed.afterMs < CLOSE_BOUND_MS, `closed after ${Math.round(closed.afterMs)} ms`);
      ctx.diagnostic(
        `closed by the per-second check ${Math.round(closed.afterMs)} ms after the revocation`,
      );
      await waitFor(() => checkOnly.server.stats().connections === 0);
    });
  });
}

describe("a revocation at a future time closes at that time", () => {
  let t: LiveTestApp;
  let busOnly: TestStream;
  let checkOnly: TestStream;
  const plans = loadPlans(undefined);
  before(async () => {
    t = await createLiveApp("sqlite", { clock: realClock });
    busOnly = await startStream(t.store, t.bus, {
      clock: realClock,
      limits: { keyCheckIntervalMs: 3_600_000 },
    });
    checkOnly = await startStream(t.store, new MemoryEventBus(), { clock: realClock });
  });
  after(async () => {
    await busOnly?.close();
    await checkOnly?.close();
    await t?.dispose();
  });

  for (const path of ["the bus's timer", "the periodic check"] as const) {
    test(`by ${path}`, async () => {
      const ctx = { store: t.store, clock: realClock, plans };
      const key = await createKey(ctx, { kind: "live", plan: "growth" });
      const stream = path === "the bus's timer" ? busOnly : checkOnly;
      const client = await TestClient.connect(`${stream.url}/v1?token=${key.key}`);
      // Whole seconds (revocation times are stored to the second), two of them ahead.
      const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2_000);
      await revokeKey({ ...ctx, notices: t.bus }, key.id, at);
      const closed = await closeOf(client, performance.now());
      const closedAt = Date.now();
      assert.equal(closed.code, 1008);
      assert.ok(closedAt >= at.getTime() - 50, `closed ${at.getTime() - closedAt} ms early`);
      assert.ok(
        closedAt - at.getTime() < CLOSE_BOUND_MS,
        `closed ${closedAt - at.getTime()} ms after the revocation time`,
      );
    });
  }

  test("revoked with `scoreline keys revoke` in another process: closed within the bound", async () => {
    const key = await createKey(
      { store: t.store, clock: realClock, plans },
      { kind: "live", plan: "growth" },
    );
    const client = await TestClient.connect(`${checkOnly.url}/v1?token=${key.key}`);
    const run = await runCli(["keys", "revoke", key.id], { env: { DATABASE_URL: t.url } });
    assert.equal(run.status, 0, run.stderr);
    const closed = await closeOf(client, performance.now());
    assert.equal(closed.code, 1008);
    assert.ok(closed.afterMs < CLOSE_BOUND_MS, `closed after ${Math.round(closed.afterMs)} ms`);
  });

  test("an expiry closes at the expiry time", async () => {
    const ctx = { store: t.store, clock: realClock, plans };
    const expiresAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2_000);
    const key = await createKey(ctx, { kind: "live", plan: "growth", expiresAt });
    const client = await TestClient.connect(`${checkOnly.url}/v1?token=${key.key}`);
    const closed = await closeOf(client, performance.now());
    const closedAt = Date.now();
    assert.equal(closed.code, 1008);
    assert.ok(closedAt >= expiresAt.getTime() - 50, "closed before the expiry");
    assert.ok(closedAt - expiresAt.getTime() < CLOSE_BOUND_MS, "closed late");
  });
});
