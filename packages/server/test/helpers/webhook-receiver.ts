/**
 * A real HTTP receiver for webhook tests, on 127.0.0.1 (and on [::1] at the same port when asked
 * and the machine has it). It records every request — headers, raw body, arrival and answer
 * times, and which `webhook-id`s were in flight twice at once — and answers as the test says:
 * a status, headers and body, later, only when released, in chunks, or never.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { waitFor } from "./wait.js";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  webhookId: string | undefined;
  /** `performance.now()` when the body had arrived, and when the answer was sent (or the socket died). */
  receivedAt: number;
  answeredAt: number | undefined;
  /** 1 for the first request with this webhook-id, 2 for the second… */
  nth: number;
}

export interface ReceiverReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this many ms. */
  delayMs?: number;
  /** Answer once this settles. */
  release?: Promise<unknown>;
  /** Send the body as these chunks, without a content-length. */
  chunks?: string[];
  /** Never answer (`silent`), or send the head and `body` and never end (`mid-body`). */
  hang?: "silent" | "mid-body";
}

export type Responder = (request: ReceivedRequest) => ReceiverReply;

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** TCP connections accepted. */
  connections = 0;
  /** webhook-ids seen in flight twice at the same moment. */
  readonly overlaps: string[] = [];
  /** Most requests in flight at once, over all ids. */
  maxInFlight = 0;
  /** Whether it also listens on [::1]. */
  ipv6 = false;
  port = 0;
  respond: Responder = () => ({ status: 200, body: "ok" });
  private readonly inFlight = new Map<string, number>();
  private current = 0;
  private readonly counts = new Map<string, number>();
  private readonly servers: http.Server[] = [];

  constructor(respond?: Responder) {
    if (respond) this.respond = respond;
  }

  /** Listens on 127.0.0.1 (a port the system picks) and, with `ipv6`, on [::1] if it can. */
  async start(options: { ipv6?: boolean } = {}): Promise<this> {
    const v4 = await this.listen("127.0.0.1", 0);
    this.port = (v4.address() as AddressInfo).port;
    if (options.ipv6) {
      try {
        await this.listen("::1", this.port);
        this.ipv6 = true;
      } catch {
        this.ipv6 = false; // no IPv6 loopback on this machine
      }
    }
    return this;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  ids(path?: string): string[] {
    return (path === undefined ? this.requests : this.to(path)).map((r) => r.webhookId ?? "");
  }

  /** Waits until `count` requests reached `path` (any path when undefined). */
  async waitForCount(count: number, path?: string, timeoutMs = 30_000): Promise<ReceivedRequest[]> {
    const matching = () => (path === undefined ? this.requests : this.to(path));
    await waitFor(() => matching().length >= count, {
      timeoutMs,
      what: () => `${count} requests${path ? ` to ${path}` : ""}; got ${matching().length}`,
    });
    return matching();
  }

  /** Forgets what it received (the listening sockets stay). */
  reset(): void {
    this.requests.length = 0;
    this.overlaps.length = 0;
    this.counts.clear();
    this.connections = 0;
    this.maxInFlight = 0;
  }

  async stop(): Promise<void> {
    for (const server of this.servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  private listen(host: string, port: number): Promise<http.Server> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.on("connection", () => {
      this.connections++;
    });
    server.keepAliveTimeout = 5_000;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        this.servers.push(server);
        resolve(server);
      });
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const idHeader = req.headers["webhook-id"];
    const webhookId = typeof idHeader === "string" ? idHeader : undefined;
    const key = webhookId ?? "";
    // In flight from the first byte of the request to the end of the answer.
    const now = (this.inFlight.get(key) ?? 0) + 1;
    this.inFlight.set(key, now);
    if (webhookId !== undefined && now > 1) this.overlaps.push(webhookId);
    this.current++;
    this.maxInFlight = Math.max(this.maxInFlight, this.current);
    let finished = false;
    const done = (record?: ReceivedRequest) => {
      if (finished) return;
      finished = true;
      this.current--;
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
      if (record) record.answeredAt = performance.now();
    };
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => done());
    req.on("end", () => {
      const nth = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, nth);
      const record: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        webhookId,
        receivedAt: performance.now(),
        answeredAt: undefined,
        nth,
      };
      this.requests.push(record);
      res.on("close", () => done(record));
      let reply: ReceiverReply;
      try {
        reply = this.respond(record);
      } catch (error) {
        reply = { status: 599, body: String(error) };
      }
      const send = () => answer(res, reply, () => done(record));
      if (reply.release) void reply.release.finally(send);
      else if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  }
}

function answer(res: http.ServerResponse, reply: ReceiverReply, gone: () => void): void {
  if (res.destroyed) {
    gone();
    return;
  }
  if (reply.hang === "silent") return;
  res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...(reply.headers ?? {}) });
  if (reply.hang === "mid-body") {
    res.write(reply.body ?? "");
    return;
  }
  for (const chunk of reply.chunks ?? []) res.write(chunk);
  res.end(reply.body ?? "");
}

export async function startReceiver(respond?: Responder): Promise<Receiver> {
  return new Receiver(respond).start();
}
