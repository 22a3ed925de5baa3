/**
 * Reconnecting against a scripted server: resubscribing with `since` per channel (and the head
 * offset for channels without events), replays without duplicates, gaps, full-jitter backoff,
 * and the drops that end the stream instead (close(), 1008, a refused upgrade).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { WebSocket as WsWebSocket } from "ws";
import { connectStream, StreamError, type StreamOptions } from "../../src/stream/index.js";
import { immediateTimers, ManualTimers, record, seen } from "./recorder.js";
import { channelsOf, EPOCH, ScriptedServer } from "./scripted-server.js";

type TestContext = { after(fn: () => Promise<void>): void };

/** A stream holding `channels`, subscribed on the scripted server's first connection. */
async function subscribed(
  t: TestContext,
  channels: string[],
  options: Partial<StreamOptions> = {},
) {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, channels, random: () => 0, ...options });
  t.after(() => stream.close());
  const log = record(stream);
  const first = await server.connection(0);
  const [message] = await first.messages(1);
  first.acknowledge(message ?? {});
  return { server, stream, log, first };
}

test("after 1001 it resubscribes every channel with since: its own offset, or the head", async (t) => {
  const channels = ["football.live", "football.odds", "fixture.fx-1", "tennis.live"];
  const { server, log, first } = await subscribed(t, channels);
  first.event("football.live", 5);
  first.event("fixture.fx-1", 5);
  first.event("football.odds", 7);
  first.event("football.live", 9);
  await seen(log, "event", 4);
  first.close(1001, "server shutting down");

  const [reconnecting] = await seen(log, "reconnecting");
  assert.deepEqual(reconnecting, {
    attempt: 1,
    delayMs: 0,
    code: 1001,
    reason: "server shutting down",
  });
  const second = await server.connection(1);
  const messages = await second.messages(3);
  const bySince = messages.map((m) => ({ channels: channelsOf(m).sort(), since: m.since }));
  assert.deepEqual(
    bySince.sort((a, b) => (a.since?.offset ?? 0) - (b.since?.offset ?? 0)),
    [
      { channels: ["fixture.fx-1"], since: { offset: 5, epoch: EPOCH } },
      { channels: ["football.odds"], since: { offset: 7, epoch: EPOCH } },
      // tennis.live had no event: it resumes from the highest offset seen, with football.live.
      { channels: ["football.live", "tennis.live"], since: { offset: 9, epoch: EPOCH } },
    ],
  );
  assert.equal(new Set(messages.map((m) => m.id)).size, 3);
  const opens = await seen(log, "open", 2);
  assert.deepEqual(opens, [{ reconnected: false }, { reconnected: true }]);
});

test("a replay delivers what was missed once: offsets at or below the last one are dropped", async (t) => {
  const { server, stream, log, first } = await subscribed(t, ["football.live", "fixture.fx-1"]);
  first.event("football.live", 9);
  first.event("fixture.fx-1", 4);
  await seen(log, "event", 2);
  first.close(4008, "consumer too slow");
  const second = await server.connection(1);
  const resumes = await second.messages(2);
  const live = resumes.find((m) => channelsOf(m).includes("football.live"));
  const fixture = resumes.find((m) => channelsOf(m).includes("fixture.fx-1"));
  assert.deepEqual(live?.since, { offset: 9, epoch: EPOCH });
  assert.deepEqual(fixture?.since, { offset: 4, epoch: EPOCH });
  const waited = stream.subscribe("football.live");
  // The replay (events before `subscribed`), with copies of what was already delivered…
  second.event("football.live", 8);
  second.event("football.live", 9);
  second.event("football.live", 11);
  second.subscribed("football.live", live?.id, true);
  second.event("fixture.fx-1", 4);
  second.event("fixture.fx-1", 10);
  second.subscribed("fixture.fx-1", fixture?.id, true);
  // …then the live events held meanwhile, one of them replayed already.
  second.event("football.live", 11);
  second.event("football.live", 12);
  await waited;
  await seen(log, "event", 5);
  assert.deepEqual(
    log.event.map((e) => `${e.channel}@${e.offset}`),
    [
      "football.live@9",
      "fixture.fx-1@4",
      "football.live@11",
      "fixture.fx-1@10",
      "football.live@12",
    ],
  );
  assert.deepEqual(log.gap, []);
  assert.equal(log.reconnecting[0]?.code, 4008);
});

test("recovered: false is a gap; the channel then resumes from the head", async (t) => {
  const { server, log, first } = await subscribed(t, ["football.live", "football.odds"]);
  first.event("football.odds", 3);
  first.event("football.live", 6);
  await seen(log, "event", 2);
  first.close(1001);
  const second = await server.connection(1);
  const resumes = await second.messages(2);
  const odds = resumes.find((m) => channelsOf(m).includes("football.odds"));
  const live = resumes.find((m) => channelsOf(m).includes("football.live"));
  second.subscribed("football.odds", odds?.id, false);
  second.subscribed("football.live", live?.id, true);
  second.event("football.live", 20);
  await seen(log, "event", 3);
  assert.deepEqual(log.gap, [{ channel: "football.odds", reason: "not_recovered" }]);

  second.close(1001);
  const third = await server.connection(2);
  const [again] = await third.messages(1);
  assert.deepEqual(channelsOf(again ?? {}).sort(), ["football.live", "football.odds"]);
  assert.deepEqual(again?.since, { offset: 20, epoch: EPOCH });
});

test("a channel resumed with no position at all reports a gap; a new epoch too", async (t) => {
  const { server, log, first } = await subscribed(t, ["tennis.live"]);
  first.close(1001);
  const second = await server.connection(1);
  const [resume] = await second.messages(1);
  assert.equal(resume?.since, undefined, "no event came: nothing to resume from");
  second.acknowledge(resume ?? {});
  await seen(log, "gap");
  assert.deepEqual(log.gap, [{ channel: "tennis.live", reason: "no_position" }]);

  second.event("tennis.live", 50);
  second.event("tennis.live", 3, "ep_another_log");
  await seen(log, "event", 2);
  assert.deepEqual(log.gap[1], { channel: "tennis.live", reason: "epoch_changed" });
  assert.deepEqual(
    log.event.map((e) => [e.offset, e.epoch]),
    [
      [50, EPOCH],
      [3, "ep_another_log"],
    ],
  );
});

test("retries wait random() × min(maxDelayMs, initialDelayMs × 2^(attempt − 1))", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  server.mode = { kind: "drop" };
  const draws = [0.25, 0.5, 0.9, 0.75, 0.1, 0.6];
  let draw = 0;
  const delays: number[] = [];
  const stream = connectStream({
    url: server.url,
    reconnect: { initialDelayMs: 100, maxDelayMs: 1000, maxAttempts: 6 },
    random: () => draws[draw++] ?? 0,
    timers: immediateTimers(delays),
  });
  const log = record(stream);
  const [closed] = await seen(log, "close");
  const expected = [0.25 * 100, 0.5 * 200, 0.9 * 400, 0.75 * 800, 0.1 * 1000, 0.6 * 1000];
  assert.deepEqual(
    log.reconnecting.map((r) => r.delayMs),
    expected,
  );
  assert.deepEqual(delays, expected);
  assert.deepEqual(
    log.reconnecting.map((r) => [r.attempt, r.code]),
    expected.map((_, i) => [i + 1, 1006]),
  );
  assert.equal(server.upgrades, 7, "the first attempt and six retries");
  assert.equal(closed?.error?.code, "reconnect_failed");
  assert.equal(log.error.at(-1)?.code, "reconnect_failed");
});

test("close() stops reconnecting and ends the iterator", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const timers = new ManualTimers();
  const stream = connectStream({ url: server.url, channels: "football.live", timers });
  const log = record(stream);
  const connection = await server.connection(0);
  await connection.messages(1);
  const iterator = stream[Symbol.asyncIterator]();
  const next = iterator.next();
  server.mode = { kind: "drop" };
  connection.close(1001);
  await seen(log, "reconnecting");
  assert.equal(timers.pending, 1);
  await stream.close();
  assert.deepEqual(await next, { value: undefined, done: true });
  assert.equal(timers.pending, 0, "the retry was cancelled");
  timers.runAll();
  assert.equal(log.close.length, 1);
  assert.deepEqual(log.close[0], { code: 1000, reason: "closed by the client" });
  assert.equal(log.reconnecting.length, 1);
  assert.equal(server.upgrades, 1);
  await assert.rejects(stream.subscribe("tennis.live"), { code: "stream_closed" });
});

test("close() on an open connection closes it with 1000, and `close` is emitted once", async (t) => {
  const { stream, log, first } = await subscribed(t, ["football.live"]);
  await seen(log, "open");
  await stream.close();
  assert.deepEqual(await first.waitClosed(), { code: 1000, reason: "closed by the client" });
  await stream.close();
  assert.equal(log.close.length, 1);
  assert.equal(log.reconnecting.length, 0);
});

test("1008 (key revoked) ends the stream: error, close, the iterator throws", async (t) => {
  const { log, first, stream } = await subscribed(t, ["football.live"]);
  const iterator = stream[Symbol.asyncIterator]();
  first.event("football.live", 1);
  first.close(1008, "the API key is no longer valid");
  const [closed] = await seen(log, "close");
  assert.equal(closed?.code, 1008);
  assert.equal(closed?.error?.code, "invalid_api_key");
  assert.equal(log.error[0]?.code, "invalid_api_key");
  assert.equal(log.reconnecting.length, 0);
  assert.equal((await iterator.next()).value?.offset, 1, "buffered events are read first");
  await assert.rejects(iterator.next(), (error: unknown) => error instanceof StreamError);
});

test("an upgrade refused with 401 ends the stream (seen through ws)", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  server.mode = { kind: "refuse", status: 401, code: "invalid_api_key" };
  // Injected: a global WebSocket (Node ≥ 22) shows no refused upgrade (browser-socket.test.ts).
  const stream = connectStream({ url: server.url, apiKey: "sl_live_bad", WebSocket: WsWebSocket });
  const log = record(stream);
  const [closed] = await seen(log, "close");
  assert.equal(closed?.error?.code, "invalid_api_key");
  assert.equal(closed?.error?.status, 401);
  assert.equal(closed?.error?.message, "refused: invalid_api_key");
  assert.deepEqual(
    log.error.map((e) => e.code),
    ["invalid_api_key"],
  );
  assert.equal(log.reconnecting.length, 0);
  assert.equal(server.upgrades, 1);
});

test("an upgrade refused with 429 is retried, no sooner than Retry-After", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  server.mode = { kind: "refuse", status: 429, code: "rate_limit_exceeded", retryAfter: 2 };
  const timers = new ManualTimers();
  const stream = connectStream({
    url: server.url,
    random: () => 0,
    timers,
    WebSocket: WsWebSocket,
  });
  t.after(() => stream.close());
  const log = record(stream);
  const [reconnecting] = await seen(log, "reconnecting");
  assert.equal(reconnecting?.delayMs, 2000);
  assert.deepEqual(
    log.error.map((e) => [e.code, e.status]),
    [["rate_limit_exceeded", 429]],
  );
  server.mode = { kind: "accept" };
  timers.runAll();
  await seen(log, "open");
  assert.equal(server.upgrades, 2);
});
