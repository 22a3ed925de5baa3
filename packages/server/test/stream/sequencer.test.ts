/**
 * The stream delivers the log in order even when the bus does not: events committed but never
 * published (a producer without the bus) are read from the log when a later one arrives, and
 * publishes that reach a node out of order are put back in order without duplicates.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { eventMsg, leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { TestClient } from "../helpers/ws-client.js";
import { assertAllApplied, createLiveApp, type LiveTestApp } from "../live/feed-helpers.js";
import { keyOf, startStream, type TestStream } from "./stream-helpers.js";

describe("stream sequencing", () => {
  let t: LiveTestApp;
  let stream: TestStream;
  /** The bus the stream hears; the feed publishes on the app's own bus, which it does not. */
  const streamBus = new MemoryEventBus();
  let key: string;
  before(async () => {
    t = await createLiveApp("sqlite");
    assertAllApplied(
      await t.feed([...leagueMessages("football", "fx-1"), statusMsg("football", "fx-1", "live")]),
    );
    stream = await startStream(t.store, streamBus);
    key = await keyOf(t.store, "growth");
  });
  after(async () => {
    await stream?.close();
    await t?.dispose();
  });

  const goals = (...minutes: number[]) =>
    minutes.map((minute) => eventMsg("football", "fx-1", { type: "goal", team: "home", minute }));

  test("unpublished events are filled in from the log; late and reordered publishes are not repeated", async () => {
    const client = await TestClient.connect(`${stream.url}/v1?token=${key}`);
    await client.subscribe("fixture.fx-1");

    const start = t.published.length;
    assertAllApplied(await t.feed(goals(1, 2, 3)));
    const missed = t.published.slice(start);
    assert.equal(missed.length, 6);
    await streamBus.publish(missed.slice(-1));
    await client.waitFor((m) => m.type === "event", 6);
    assert.deepEqual(
      client.events().map((m) => m.offset),
      missed.map((e) => e.position),
    );

    const next = t.published.length;
    assertAllApplied(await t.feed(goals(4)));
    const [first, second] = t.published.slice(next);
    assert.ok(first && second);
    await streamBus.publish([second]);
    await streamBus.publish([first]);
    await streamBus.publish(missed);
    await client.waitFor((m) => m.type === "event", 8);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(
      client.events().map((m) => m.offset),
      [...missed, first, second].map((e) => e.position),
    );
    await client.close();
  });
});
