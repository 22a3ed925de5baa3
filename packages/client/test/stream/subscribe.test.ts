/**
 * Subscribing against a scripted server: answers matched by `id`, refusals as StreamError, the
 * iterator's order, unsubscribing, and which WebSocket is used.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { WebSocket as WsWebSocket } from "ws";
import {
  connectStream,
  StreamError,
  type StreamEvent,
  type WebSocketConstructor,
} from "../../src/stream/index.js";
import { record, seen } from "./recorder.js";
import { ScriptedServer } from "./scripted-server.js";

// Both standard implementations fit the option's type (checked by tsc; Node 20 has no global).
type Fits<T> = T extends WebSocketConstructor ? true : false;
const fits: [Fits<typeof WebSocket>, Fits<typeof WsWebSocket>] = [true, true];
void fits;

async function setUp(t: { after(fn: () => Promise<void>): void }) {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, apiKey: "sl_live_test" });
  t.after(() => stream.close());
  const log = record(stream);
  await seen(log, "open");
  return { server, stream, log, connection: await server.connection(0) };
}

test("each answer settles the subscribe whose id it carries", async (t) => {
  const { stream, connection } = await setUp(t);
  assert.match(connection.path, /^\/v1\?token=sl_live_test$/);
  let firstDone = false;
  const first = stream.subscribe(["football.live", "football.odds"]).then(() => {
    firstDone = true;
  });
  const second = stream.subscribe("fixture.fx-1");
  const [m1, m2] = await connection.messages(2);
  assert.deepEqual(m1?.subscribe, ["football.live", "football.odds"]);
  assert.deepEqual(m2?.subscribe, ["fixture.fx-1"]);
  assert.notEqual(m1?.id, m2?.id);
  connection.subscribed("fixture.fx-1", m2?.id);
  await second;
  connection.subscribed("football.live", m1?.id);
  connection.subscribed("football.odds", "someone-else's id");
  connection.subscribed("football.odds", m2?.id);
  // A later round trip on the same socket proves the stray answers above were handled.
  const third = stream.subscribe("tennis.live");
  const [, , m3] = await connection.messages(3);
  connection.acknowledge(m3 ?? {});
  await third;
  assert.equal(firstDone, false, "football.odds is not answered yet");
  connection.subscribed("football.odds", m1?.id);
  await first;
  assert.deepEqual([...stream.channels].sort(), [
    "fixture.fx-1",
    "football.live",
    "football.odds",
    "tennis.live",
  ]);
});

test("a refused channel rejects with the server's code, message and the channel", async (t) => {
  const { stream, log, connection } = await setUp(t);
  const answer = stream.subscribe(["football.live", "cricket.live"]);
  const [message] = await connection.messages(1);
  connection.subscribed("football.live", message?.id);
  connection.error(
    "plan_forbidden",
    "cricket.live: the free plan does not include cricket",
    message?.id,
  );
  await assert.rejects(answer, (error: unknown) => {
    assert.ok(error instanceof StreamError);
    assert.equal(error.code, "plan_forbidden");
    assert.equal(error.message, "cricket.live: the free plan does not include cricket");
    assert.equal(error.channel, "cricket.live");
    return true;
  });
  assert.deepEqual([...stream.channels], ["football.live"]);
  assert.equal(log.error[0]?.channel, "cricket.live");

  // An error about the whole message refuses every channel of it.
  const whole = stream.subscribe(["a.live", "b.live"]);
  const [, second] = await connection.messages(2);
  connection.error("too_many_channels", "at most 128 channels per connection", second?.id);
  await assert.rejects(whole, { code: "too_many_channels" });
  assert.deepEqual([...stream.channels], ["football.live"]);

  // An error with no id of ours goes to `error` listeners only.
  connection.error("invalid_message", "the message is not valid JSON");
  const errors = await seen(log, "error", 4);
  assert.equal(errors[3]?.code, "invalid_message");
  assert.equal(errors[3]?.channel, undefined);
});

test("channels given as an option are subscribed in one message when the socket opens", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, channels: ["football.live", "tennis.live"] });
  t.after(() => stream.close());
  const pending = stream.subscribe("fixture.fx-1");
  const connection = await server.connection(0);
  assert.equal(connection.path, "/v1", "no token without a key");
  const [message] = await connection.messages(1);
  assert.deepEqual(message?.subscribe, ["football.live", "tennis.live", "fixture.fx-1"]);
  assert.equal(message?.since, undefined);
  connection.acknowledge(message ?? {});
  await pending;
});

test("the iterator yields every event in order and ends at close()", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, channels: ["football.live", "fixture.fx-1"] });
  const connection = await server.connection(0);
  const [message] = await connection.messages(1);
  connection.acknowledge(message ?? {});
  const received: StreamEvent[] = [];
  const consumed = (async () => {
    for await (const event of stream) {
      received.push(event);
      if (received.length === 4) void stream.close();
    }
  })();
  connection.event("football.live", 3);
  connection.event("fixture.fx-1", 3);
  connection.event("unheld.live", 4);
  connection.event("football.live", 5);
  connection.event("fixture.fx-1", 8);
  await consumed;
  assert.deepEqual(
    received.map((e) => [e.channel, e.offset]),
    [
      ["football.live", 3],
      ["fixture.fx-1", 3],
      ["football.live", 5],
      ["fixture.fx-1", 8],
    ],
  );
  assert.deepEqual(Object.keys(received[0] ?? {}).sort(), ["channel", "data", "epoch", "offset"]);
  assert.equal(received[0]?.data.event, "match.goal");
  assert.equal((await connection.waitClosed()).code, 1000);
  const after = await stream[Symbol.asyncIterator]().next();
  assert.equal(after.done, true, "an iterator made after close() is done at once");
});

test("unsubscribe sends the message, drops later events and rejects a pending subscribe", async (t) => {
  const { stream, log, connection } = await setUp(t);
  const held = stream.subscribe(["football.live", "tennis.live"]);
  const [message] = await connection.messages(1);
  connection.acknowledge(message ?? {});
  await held;
  const pending = stream.subscribe("cricket.live");
  stream.unsubscribe(["tennis.live", "cricket.live", "never.live"]);
  await assert.rejects(pending, { code: "unsubscribed", channel: "cricket.live" });
  const [, , unsubscribe] = await connection.messages(3);
  assert.deepEqual(unsubscribe?.unsubscribe, ["tennis.live", "cricket.live"]);
  connection.event("tennis.live", 10);
  connection.event("football.live", 11);
  await seen(log, "event");
  assert.deepEqual(
    log.event.map((e) => e.channel),
    ["football.live"],
  );
  assert.deepEqual([...stream.channels], ["football.live"]);
});

test("an injected WebSocket constructor is the one used", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const urls: string[] = [];
  class Counting extends WsWebSocket {
    constructor(url: string) {
      super(url);
      urls.push(url);
    }
  }
  const stream = connectStream({ url: server.url.replace("ws:", "http:"), WebSocket: Counting });
  t.after(() => stream.close());
  await seen(record(stream), "open");
  assert.deepEqual(urls, [server.url], "http:// is taken as ws://");
});
