/**
 * With a WebSocket that has only the standard browser interface (no `ws` events), the client
 * works the same — and, as in browsers, a refused upgrade is only a 1006, so it is retried.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { WebSocket as WsWebSocket } from "ws";
import { connectStream, type WebSocketLike } from "../../src/stream/index.js";
import { ManualTimers, record, seen } from "./recorder.js";
import { ScriptedServer } from "./scripted-server.js";

/** The standard interface only: `on*` handlers, readyState, send, close. */
class BrowserStyleSocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly #inner: WsWebSocket;

  constructor(url: string) {
    this.#inner = new WsWebSocket(url);
    this.#inner.onopen = (event) => this.onopen?.(event);
    this.#inner.onmessage = (event) => this.onmessage?.({ data: event.data });
    this.#inner.onerror = () => this.onerror?.({ type: "error" });
    this.#inner.onclose = (event) => this.onclose?.({ code: event.code, reason: event.reason });
  }

  get readyState(): number {
    return this.#inner.readyState;
  }

  send(data: string): void {
    this.#inner.send(data);
  }

  close(code?: number, reason?: string): void {
    this.#inner.close(code, reason);
  }
}

/**
 * Node 22's global WebSocket (undici 6): a connection it cannot make fires `error` alone — no
 * `close` follows, and readyState stays CONNECTING.
 */
class ErrorOnlySocket implements WebSocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly #inner: WsWebSocket;
  #opened = false;

  constructor(url: string) {
    this.#inner = new WsWebSocket(url);
    this.#inner.onopen = (event) => {
      this.#opened = true;
      this.onopen?.(event);
    };
    this.#inner.onmessage = (event) => this.onmessage?.({ data: event.data });
    this.#inner.onerror = () => this.onerror?.({ type: "error" });
    this.#inner.onclose = (event) => {
      if (this.#opened) this.onclose?.({ code: event.code, reason: event.reason });
    };
  }

  get readyState(): number {
    return this.#opened ? this.#inner.readyState : WsWebSocket.CONNECTING;
  }

  send(data: string): void {
    this.#inner.send(data);
  }

  close(code?: number, reason?: string): void {
    this.#inner.close(code, reason);
  }
}

test("a browser-style socket subscribes, receives and resumes", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  const stream = connectStream({
    url: server.url,
    channels: "football.live",
    WebSocket: BrowserStyleSocket,
    random: () => 0,
  });
  t.after(() => stream.close());
  const log = record(stream);
  const first = await server.connection(0);
  const [subscribe] = await first.messages(1);
  first.acknowledge(subscribe ?? {});
  first.event("football.live", 7);
  await seen(log, "event");
  first.close(1001);
  const second = await server.connection(1);
  const [resume] = await second.messages(1);
  assert.deepEqual(resume?.since, { offset: 7, epoch: log.event[0]?.epoch });
});

test("a browser-style socket cannot see a 401: it is retried like a dropped connection", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  server.mode = { kind: "refuse", status: 401, code: "invalid_api_key" };
  const timers = new ManualTimers();
  const stream = connectStream({ url: server.url, WebSocket: BrowserStyleSocket, timers });
  const log = record(stream);
  const [reconnecting] = await seen(log, "reconnecting");
  assert.equal(reconnecting?.code, 1006);
  assert.deepEqual(
    log.error.map((e) => [e.code, e.status]),
    [["connection_error", undefined]],
  );
  await stream.close();
  assert.equal(log.close[0]?.error, undefined);
});

test("a failed connection reported by `error` alone (Node 22's WebSocket) is retried", async (t) => {
  const server = await ScriptedServer.start();
  t.after(() => server.close());
  server.mode = { kind: "drop" };
  const timers = new ManualTimers();
  const stream = connectStream({
    url: server.url,
    channels: "football.live",
    WebSocket: ErrorOnlySocket,
    timers,
  });
  const log = record(stream);
  const [reconnecting] = await seen(log, "reconnecting");
  assert.equal(reconnecting?.code, 1006);
  assert.deepEqual(
    log.error.map((e) => e.code),
    ["connection_error"],
  );

  server.mode = { kind: "accept" };
  timers.runAll();
  const connection = await server.connection(0);
  const [subscribe] = await connection.messages(1);
  connection.acknowledge(subscribe ?? {});
  const [opened] = await seen(log, "open");
  assert.equal(opened?.reconnected, false);
  assert.equal(log.reconnecting.length, 1, "one failed attempt, one retry");

  await stream.close();
  assert.equal(log.close.length, 1);
  assert.equal(log.close[0]?.error, undefined);
});
