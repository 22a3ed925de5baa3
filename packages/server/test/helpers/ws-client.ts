/**
 * A WebSocket client for stream tests: it keeps every message it receives, parsed, with its
 * arrival time, subscribes and waits for answers, and looks at refused upgrades (status, headers,
 * error envelope).
 */
import type { IncomingMessage } from "node:http";
import WebSocket from "ws";
import { waitFor } from "./wait.js";

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
    timeoutMs = 30_000,
  ): Promise<ServerMessage[]> {
    await waitFor(() => this.messages.filter(predicate).length >= count, {
      timeoutMs,
      what: () => `${count} matching messages; got ${JSON.stringify(this.messages).slice(0, 2000)}`,
    });
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
