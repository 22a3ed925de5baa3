/**
 * An iterator that does not keep up: at `bufferSize` unread events the stream disconnects (the
 * events that arrive after that are not delivered), and once half is read it reconnects with
 * `since` the last delivered event, so the server's replay fills in — nothing lost, nothing twice.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { connectStream } from "../../src/stream/index.js";
import { record, seen } from "./recorder.js";
import { EPOCH, ScriptedServer } from "./scripted-server.js";

test("a full iterator pauses the stream, which resumes with since once half is read", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, channels: "football.live", bufferSize: 4 });
  t.after(() => stream.close());
  const log = record(stream);
  const iterator = stream[Symbol.asyncIterator]();
  const first = await server.connection(0);
  const [subscribe] = await first.messages(1);
  first.acknowledge(subscribe ?? {});
  for (let offset = 1; offset <= 6; offset++) first.event("football.live", offset);

  assert.deepEqual(await first.waitClosed(), {
    code: 1000,
    reason: "paused: the consumer is behind",
  });
  const offsets: number[] = [];
  const read = async () => offsets.push((await iterator.next()).value?.offset ?? -1);
  await read();
  assert.equal(server.connections.length, 1, "three unread: still paused");
  await read();
  const second = await server.connection(1);
  const [resume] = await second.messages(1);
  assert.deepEqual(resume?.since, { offset: 4, epoch: EPOCH });
  await read();
  await read();
  second.event("football.live", 5);
  second.event("football.live", 6);
  second.acknowledge(resume ?? {}, true);
  await read();
  await read();
  assert.deepEqual(offsets, [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(
    log.event.map((e) => e.offset),
    [1, 2, 3, 4, 5, 6],
  );
  assert.equal(log.reconnecting.length, 0, "a pause is not a drop");
  assert.deepEqual(log.open, [{ reconnected: false }, { reconnected: true }]);
});

test("without an iterator nothing is buffered: listeners get every event", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({ url: server.url, channels: "football.live", bufferSize: 2 });
  t.after(() => stream.close());
  const log = record(stream);
  const connection = await server.connection(0);
  const [subscribe] = await connection.messages(1);
  connection.acknowledge(subscribe ?? {});
  for (let offset = 1; offset <= 10; offset++) connection.event("football.live", offset);
  await seen(log, "event", 10);
  assert.equal(connection.closed, undefined);

  // An iterator that is given back (break) stops counting.
  const iterator = stream[Symbol.asyncIterator]();
  await iterator.return?.();
  for (let offset = 11; offset <= 14; offset++) connection.event("football.live", offset);
  await seen(log, "event", 14);
  assert.equal(connection.closed, undefined);
});
