/**
 * A stream server the test plays: a `ws` WebSocketServer behind an HTTP server on 127.0.0.1 (port
 * 0) whose upgrades the test can accept, refuse (any status, with the REST error envelope) or
 * drop. Each connection keeps the client messages it received, parsed, and the test answers with
 * the protocol's server messages.
 */
import { createServer, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { waitFor } from "../../../server/test/helpers/wait.js";

export const EPOCH = "ep_0123456789abcdef";

export type ClientMessage = {
  subscribe?: string | string[];
  unsubscribe?: string | string[];
  id?: unknown;
  since?: { offset: number; epoch: string };
};

export type UpgradeMode =
  | { kind: "accept" }
  | { kind: "refuse"; status: number; code: string; retryAfter?: number }
  | { kind: "drop" };

export class ScriptedConnection {
  readonly received: ClientMessage[] = [];
  closed: { code: number; reason: string } | undefined;

  constructor(
    readonly ws: WebSocket,
    readonly path: string,
  ) {
    ws.on("message", (data) => this.received.push(JSON.parse(String(data)) as ClientMessage));
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  event(channel: string, offset: number, epoch = EPOCH, event = "match.goal"): void {
    const data = {
      event,
      event_id: `dev_${offset}`,
      sport: "football",
      sequence: offset,
      timestamp: "2026-11-21T15:23:00Z",
      fixture_id: "fx-1",
    };
    this.send({ type: "event", channel, offset, epoch, data });
  }

  subscribed(channel: string, id: unknown, recovered?: boolean): void {
    this.send({
      type: "subscribed",
      channel,
      id,
      ...(recovered === undefined ? {} : { recovered }),
    });
  }

  error(code: string, message: string, id?: unknown): void {
    this.send({ type: "error", code, message, ...(id === undefined ? {} : { id }) });
  }

  /** Answers `subscribed` to every channel of a subscribe message. */
  acknowledge(message: ClientMessage, recovered?: boolean): void {
    for (const channel of channelsOf(message)) this.subscribed(channel, message.id, recovered);
  }

  close(code: number, reason = ""): void {
    this.ws.close(code, reason);
  }

  /** Waits for at least `count` client messages and returns them. */
  async messages(count: number): Promise<ClientMessage[]> {
    await waitFor(() => this.received.length >= count, {
      what: () => `${count} client messages; got ${JSON.stringify(this.received)}`,
    });
    return this.received.slice(0, count);
  }

  async waitClosed(): Promise<{ code: number; reason: string }> {
    await waitFor(() => this.closed !== undefined, { what: "the connection to close" });
    return this.closed as { code: number; reason: string };
  }
}

export function channelsOf(message: ClientMessage): string[] {
  const list = message.subscribe ?? message.unsubscribe ?? [];
  return typeof list === "string" ? [list] : list;
}

export class ScriptedServer {
  readonly connections: ScriptedConnection[] = [];
  /** Upgrade requests seen (accepted or not). */
  upgrades = 0;
  mode: UpgradeMode = { kind: "accept" };
  url = "";
  private readonly http: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sockets = new Set<Duplex>();

  private constructor() {
    this.http = createServer((_request, response) => response.writeHead(400).end());
    this.http.on("upgrade", (request, socket, head) => {
      this.upgrades++;
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => {});
      const mode = this.mode;
      if (mode.kind === "drop") socket.destroy();
      else if (mode.kind === "refuse") refuse(socket, mode);
      else {
        this.wss.handleUpgrade(request, socket, head, (ws) => {
          this.connections.push(new ScriptedConnection(ws, request.url ?? ""));
        });
      }
    });
  }

  static async start(): Promise<ScriptedServer> {
    const server = new ScriptedServer();
    await new Promise<void>((resolve) => server.http.listen(0, "127.0.0.1", resolve));
    const address = server.http.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    server.url = `ws://127.0.0.1:${address.port}/v1`;
    return server;
  }

  /** The `index`-th accepted connection (0 for the first), once it exists. */
  async connection(index: number): Promise<ScriptedConnection> {
    await waitFor(() => this.connections.length > index, {
      what: () => `connection #${index + 1} (have ${this.connections.length})`,
    });
    return this.connections[index] as ScriptedConnection;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}

function refuse(socket: Duplex, mode: { status: number; code: string; retryAfter?: number }) {
  const body = JSON.stringify({
    data: null,
    error: { code: mode.code, message: `refused: ${mode.code}`, status: mode.status },
    errors: [{ code: mode.code, message: `refused: ${mode.code}` }],
  });
  const headers = [
    `HTTP/1.1 ${mode.status} Refused`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    ...(mode.retryAfter === undefined ? [] : [`Retry-After: ${mode.retryAfter}`]),
  ];
  socket.end(`${headers.join("\r\n")}\r\n\r\n${body}`);
}
