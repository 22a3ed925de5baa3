/**
 * Connections that misbehave or go away: a client that stops reading is closed with 4008 while
 * another on the same channel keeps receiving on time; a peer that stops answering pings is
 * dropped; a graceful shutdown closes every connection with 1001.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { revokeKey } from "../../src/accounts/accounts-service.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { testClock } from "../helpers/clock.js";
import { leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { waitFor } from "../helpers/wait.js";
import { refusal, TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { createTestKey, keyOf, startStream } from "./stream-helpers.js";

const PAD = "x".repeat(64 * 1024);

/** A large synthetic live event of fx-1 (the bus carries it like any other). */
function bigEvent(position: number): DomainEvent {
  return {
    position,
    id: `syn-${position}`,
    type: "match.live.event",
    sport: "football",
    fixtureId: "fx-1",
    competitionId: "football-league",
    sequence: position,
    createdAt: "2026-11-21T10:00:00Z",
    payload: {
      event: "match.live.event",
      event_id: `syn-${position}`,
      sport: "football",
      sequence: position,
      timestamp: "2026-11-21T10:00:00Z",
      fixture_id: "fx-1",
      sent_at: performance.now(),
      pad: PAD,
    },
  };
}

describe("stream liveness and backpressure", () => {
  let t: LiveTestApp;
  let key: string;
  before(async () => {
    t = await createLiveApp("sqlite");
    assertAllApplied(
      await t.feed([...leagueMessages("football", "fx-1"), statusMsg("football", "fx-1", "live")]),
    );
    key = await keyOf(t.store, "enterprise");
  });
  after(async () => {
    await t?.dispose();
  });

  test("a client that stops reading is closed with 4008; the other keeps receiving on time", async (ctx) => {
    const stream = await startStream(t.store, t.bus, {
      limits: { maxBufferedBytes: 256 * 1024, closeTimeoutMs: 5_000 },
    });
    try {
      const fast = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      const slow = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      await fast.subscribe("fixture.fx-1");
      await slow.subscribe("fixture.fx-1");
      slow.ws.pause();

      let position = stream.server.stats().position;
      let sent = 0;
      let whileConnected = 0;
      // One 64 KiB event at a time, each received by the fast client before the next is sent,
      // while the slow client reads nothing, until the slow one's backlog passes its limit and it
      // is closed; then 50 more. A channel held up by its slowest reader would stall the fast
      // client here (its wait fails) instead of closing the slow one. Order and counts only: how
      // fast the machine delivers is the stream-fanout benchmark's business.
      let after = 0;
      while (after < 50 && sent < 2_000) {
        await t.bus.publish([bigEvent(++position)]);
        sent++;
        await fast.waitFor((m) => m.type === "event", sent);
        if (stream.server.stats().slowConsumers > 0) after++;
        else whileConnected++;
      }
      assert.equal(stream.server.stats().slowConsumers, 1, "the slow client was closed");
      // Its limit is 256 KiB: at least four 64 KiB events sat in its backlog, beyond what the
      // sockets held, while the fast client received each one.
      assert.ok(whileConnected > 4, `${whileConnected} events before the slow client was closed`);
      assert.deepEqual(
        fast.events().map((m) => m.data?.event_id),
        Array.from({ length: sent }, (_, i) => `syn-${position - sent + 1 + i}`),
        "the fast client got every event, in order",
      );
      const latencies = fast
        .events()
        .map((m, i) => (fast.arrivals[i + 1] ?? 0) - Number(m.data?.sent_at));
      latencies.sort((a, b) => a - b);
      ctx.diagnostic(
        `${sent} events of 64 KiB; slow client closed after ${whileConnected}; fast p99 ${(latencies[Math.floor(latencies.length * 0.99)] ?? 0).toFixed(1)} ms (not asserted)`,
      );

      slow.ws.resume();
      const closed = await slow.closed;
      assert.equal(closed.code, 4008);
      assert.ok(slow.events().length < sent, "the slow client did not get everything");
      await fast.close();
    } finally {
      await stream.close();
    }
  });

  test("a peer that does not answer pings is dropped; one that does stays", async () => {
    const stream = await startStream(t.store, t.bus, { limits: { pingIntervalMs: 100 } });
    try {
      const deaf = await TestClient.connect(`${stream.url}/v1?token=${key}`, { autoPong: false });
      const alive = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      let pings = 0;
      deaf.ws.on("ping", () => {
        pings++;
      });
      const closed = await deaf.closed;
      assert.equal(closed.code, 1006, "terminated without a close frame");
      assert.ok(pings >= 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(alive.ws.readyState, alive.ws.OPEN);
      await waitFor(() => stream.server.stats().connections === 1);
      await alive.close();
    } finally {
      await stream.close();
    }
  });

  test("a key revoked while connected closes its connections with 1008", async () => {
    const stream = await startStream(t.store, t.bus, { limits: { pingIntervalMs: 100 } });
    try {
      const doomed = await createTestKey(t.store, "growth");
      const client = await TestClient.connect(`${stream.url}/v1?token=${doomed.key}`);
      const other = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      await revokeKey({ store: t.store, clock: testClock }, doomed.id);
      const closed = await client.closed;
      assert.equal(closed.code, 1008);
      assert.equal(other.ws.readyState, other.ws.OPEN);
      assert.equal((await refusal(`${stream.url}/v1?token=${doomed.key}`)).status, 401);
      await other.close();
    } finally {
      await stream.close();
    }
  });

  test("a graceful shutdown closes every connection with 1001", async () => {
    const stream = await startStream(t.store, t.bus);
    const a = await TestClient.connect(`${stream.url}/v1?token=${key}`);
    const b = await TestClient.connect(`${stream.url}/v1/football?token=${key}&fixture_id=fx-1`);
    await b.waitFor((m) => m.type === "subscribed");
    await stream.close();
    const [closedA, closedB] = await Promise.all([a.closed, b.closed]);
    assert.equal(closedA.code, 1001);
    assert.equal(closedB.code, 1001);
    await assert.rejects(TestClient.connect(`${stream.url}/v1?token=${key}`));
  });
});
