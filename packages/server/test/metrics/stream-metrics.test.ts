/**
 * Stream instruments over a real stream server and real WebSocket clients, once per dialect:
 * an accepted connection and its subscription in the gauges (and out of them once closed),
 * every message a client received counted as sent, a refused upgrade by its code, and a client
 * that stops reading closed with 4008 and counted.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { goalMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";
import { refusal, TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { keyOf, startStream, type TestStream } from "../stream/stream-helpers.js";
import { type Scrape, scrape } from "./scrape.js";

const LIVE = { host: "live" };

for (const dialect of DIALECTS) {
  describe(`stream metrics on ${dialect}`, { skip: unavailable(dialect) }, () => {
    let t: LiveTestApp;
    let stream: TestStream;
    let key: string;
    before(async () => {
      t = await createLiveApp(dialect);
      assertAllApplied(
        await t.feed([
          ...leagueMessages("football", "fx-1"),
          statusMsg("football", "fx-1", "live"),
        ]),
      );
      key = await keyOf(t.store, "enterprise");
      stream = await startStream(t.store, t.bus);
    });
    after(async () => {
      await stream?.close();
      await t?.dispose();
    });
    const metrics = () => scrape({ inject: t.rawInject });
    const change = (before: Scrape, after: Scrape, name: string, labels = {}) =>
      after.value(name, { ...LIVE, ...labels }) - before.value(name, { ...LIVE, ...labels });

    test("a connection, its subscription and every message it received", async () => {
      const before = await metrics();
      const client = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      await client.subscribe("fixture.fx-1");
      const open = await metrics();
      assert.equal(change(before, open, "scoreline_stream_connections"), 1);
      assert.equal(change(before, open, "scoreline_stream_subscriptions"), 1);
      assert.equal(change(before, open, "scoreline_stream_connections_opened_total"), 1);

      const published = t.published.length;
      assertAllApplied(await t.feed([goalMsg("football", "fx-1")]));
      const events = t.published
        .slice(published)
        .filter((e: DomainEvent) => e.fixtureId === "fx-1");
      assert.ok(events.length >= 1, "the goal made events");
      await client.waitFor((m) => m.type === "event", events.length);
      const sent = await metrics();
      assert.equal(
        change(before, sent, "scoreline_stream_messages_sent_total"),
        client.messages.length,
        "each message the client got (the subscribed reply, the events) was counted once",
      );

      await client.close();
      let closed = sent;
      await waitFor(async () => {
        closed = await metrics();
        return change(before, closed, "scoreline_stream_connections") === 0;
      });
      assert.equal(change(before, closed, "scoreline_stream_subscriptions"), 0);
      assert.equal(change(before, closed, "scoreline_stream_slow_consumer_closes_total"), 0);
    });

    test("a refused upgrade counts by its code", async () => {
      const before = await metrics();
      const answer = await refusal(`${stream.url}/v1?token=sl_live_not-a-real-key`);
      assert.equal(answer.status, 401);
      const after = await metrics();
      assert.equal(
        change(before, after, "scoreline_stream_upgrades_refused_total", {
          code: "invalid_api_key",
        }),
        1,
      );
      assert.equal(change(before, after, "scoreline_stream_connections_opened_total"), 0);
    });
  });
}

describe("stream metrics: a consumer too slow", () => {
  let t: LiveTestApp;
  before(async () => {
    t = await createLiveApp("sqlite");
    assertAllApplied(
      await t.feed([...leagueMessages("football", "fx-1"), statusMsg("football", "fx-1", "live")]),
    );
  });
  after(async () => {
    await t?.dispose();
  });

  test("is closed with 4008 and counted once", async () => {
    const stream = await startStream(t.store, t.bus, {
      limits: { maxBufferedBytes: 64 * 1024, closeTimeoutMs: 2_000 },
    });
    try {
      const key = await keyOf(t.store, "enterprise");
      const before = await scrape({ inject: t.rawInject });
      const slow = await TestClient.connect(`${stream.url}/v1?token=${key}`);
      await slow.subscribe("fixture.fx-1");
      slow.ws.pause();
      let position = stream.server.stats().position;
      const pad = "x".repeat(32 * 1024);
      await waitFor(async () => {
        position++;
        await t.bus.publish([
          {
            position,
            id: `big-${position}`,
            type: "match.live.event",
            sport: "football",
            fixtureId: "fx-1",
            competitionId: "football-league",
            sequence: position,
            createdAt: "2026-11-21T10:00:00Z",
            payload: {
              event: "match.live.event",
              event_id: `big-${position}`,
              sport: "football",
              sequence: position,
              timestamp: "2026-11-21T10:00:00Z",
              fixture_id: "fx-1",
              pad,
            },
          },
        ]);
        return stream.server.stats().slowConsumers > 0;
      });
      slow.ws.resume();
      assert.equal((await slow.closed).code, 4008);
      const after = await scrape({ inject: t.rawInject });
      assert.equal(
        after.value("scoreline_stream_slow_consumer_closes_total", LIVE) -
          before.value("scoreline_stream_slow_consumer_closes_total", LIVE),
        1,
      );
    } finally {
      await stream.close();
    }
  });
});
