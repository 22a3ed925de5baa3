/**
 * Stream test helpers: a stream server over a live test app's store and bus on a real port,
 * keys of any plan, a WebSocket client that collects what it receives, and a look at refused
 * upgrades (status, headers, envelope).
 */
import assert from "node:assert/strict";
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import WebSocket from "ws";
import { createKey } from "../../src/accounts/accounts-service.js";
import { Authenticator } from "../../src/accounts/authenticator.js";
import type { EventBus } from "../../src/adapters/bus/event-bus.js";
import { loadPlans } from "../../src/config/plans.js";
import type { Clock } from "../../src/lib/time.js";
import { createLogger } from "../../src/logger.js";
import type { Store } from "../../src/store/database.js";
import type { ConnectionSlots } from "../../src/stream/connection-slots.js";
import type { StreamLimits } from "../../src/stream/limits.js";
import { listenStream, type StreamListener } from "../../src/stream/listen.js";
import { createStreamServer, type StreamServer } from "../../src/stream/stream-server.js";
import { testClock } from "../helpers/app.js";

export interface TestStream {
  server: StreamServer;
  listener: StreamListener;
  url: string;
  close(): Promise<void>;
}

export async function startStream(
  store: Store,
  bus: EventBus,
  options: {
    clock?: Clock;
    limits?: Partial<StreamLimits>;
    slots?: ConnectionSlots;
    authenticate?: boolean;
    basePath?: string;
    logger?: Logger;
  } = {},
): Promise<TestStream> {
  const clock = options.clock ?? testClock;
  const server = await createStreamServer({
    store,
    bus,
    logger: options.logger ?? createLogger("silent"),
    clock,
    authenticator: new Authenticator({ store, clock, plans: loadPlans(undefined) }, "live"),
    ...(options.authenticate !== undefined ? { authenticate: options.authenticate } : {}),
    ...(options.basePath !== undefined ? { basePath: options.basePath } : {}),
    ...(options.slots ? { slots: options.slots } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const listener = await listenStream(server, { host: "127.0.0.1", port: 0 });
  return { server, listener, url: listener.url, close: () => listener.close() };
}

/** A live key of `plan` on an account of its own: its text and id. */
export async function createTestKey(store: Store, plan: string) {
  const created = await createKey(
    { store, clock: testClock, plans: loadPlans(undefined) },
    { kind: "live", plan },
  );
  return { key: created.key, id: created.id };
}

/** The text of a live key of `plan` on an account of its own. */
export async function keyOf(store: Store, plan: string): Promise<string> {
  return (await createTestKey(store, plan)).key;
}

/** A logger whose JSON lines are kept in `lines`. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", {
    write(line: string) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  return { logger, lines };
}

export type ServerMessage = {
  type: "subscribed" | "event" | "error";
  channel?: string;
  id?: unknown;
  recovered?: boolean;
  offset?: number;
  epoch?: string;
  data?: Record<string, unknown>;
  code?: string;
  message?: string;
};

export async function waitUntil(
  condition: () => boolean,
  timeoutMs = 5_000,
  what: () => string = () => "a condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A WebSocket client that keeps every message it receives, parsed. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  /** performance.now() when each message arrived. */
  readonly arrivals: number[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.arrivals.push(performance.now());
      this.messages.push(JSON.parse(data.toString()) as ServerMessage);
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on("error", () => {});
  }

  static connect(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const ws = new WebSocket(url, options);
    const client = new TestClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("unexpected-response", (_request, response) =>
        reject(new Error(`upgrade refused with ${response.statusCode}`)),
      );
      ws.once("error", reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  events(channel?: string): ServerMessage[] {
    return this.messages.filter(
      (m) => m.type === "event" && (channel === undefined || m.channel === channel),
    );
  }

  of(type: ServerMessage["type"]): ServerMessage[] {
    return this.messages.filter((m) => m.type === type);
  }

  /** Waits until at least `count` messages match. */
  async waitFor(
    predicate: (m: ServerMessage) => boolean,
    count = 1,
    timeoutMs = 5_000,
  ): Promise<ServerMessage[]> {
    await waitUntil(
      () => this.messages.filter(predicate).length >= count,
      timeoutMs,
      () => `${count} matching messages; got ${JSON.stringify(this.messages).slice(0, 2000)}`,
    );
    return this.messages.filter(predicate);
  }

  /** Subscribes and waits for the `subscribed` (or `error`) answer carrying `id`. */
  async subscribe(
    channels: string | string[],
    extra: Record<string, unknown> = {},
  ): Promise<ServerMessage[]> {
    const id = "id" in extra ? extra.id : `sub-${Math.random().toString(36).slice(2)}`;
    this.send({ subscribe: channels, ...extra, id });
    const expected = Array.isArray(channels) ? channels.length : 1;
    return this.waitFor((m) => m.id === id && m.type !== "event", expected);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}

export interface Refusal {
  status: number;
  headers: IncomingMessage["headers"];
  body: {
    data: null;
    error: { code: string; message: string; status: number; request_id: string; field?: string };
    errors: Array<{ code: string; message: string }>;
    meta: { request_id: string; generated_at: string };
  };
}

/** Attempts an upgrade that must be refused; resolves with the HTTP answer. */
export function refusal(url: string, options: WebSocket.ClientOptions = {}): Promise<Refusal> {
  const ws = new WebSocket(url, options);
  return new Promise((resolve, reject) => {
    ws.once("open", () => {
      ws.terminate();
      reject(new Error(`the upgrade to ${url} was accepted`));
    });
    ws.once("error", reject);
    ws.once("unexpected-response", (_request, response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(text) as Refusal["body"],
        });
      });
    });
  });
}

/** Offsets strictly increase and none repeats. */
export function assertIncreasing(offsets: readonly number[]): void {
  for (let i = 1; i < offsets.length; i++) {
    assert.ok((offsets[i] ?? 0) > (offsets[i - 1] ?? 0), `offsets increase: ${offsets.join(",")}`);
  }
}
