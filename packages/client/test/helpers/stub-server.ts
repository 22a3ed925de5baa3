/**
 * A scripted HTTP server on 127.0.0.1 for the client's unit tests: each request gets the next
 * scripted answer (or the route handler's), and every request is recorded.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON. */
  body?: unknown;
  /** Close the connection without answering (a connection error for the client). */
  destroy?: boolean;
  /** Never answer (a timeout for the client). */
  hang?: boolean;
  /** Send the body in these chunks, one write each. */
  chunks?: string[];
}

export type Handler = (request: RecordedRequest) => Answer;

export class StubServer {
  readonly requests: RecordedRequest[] = [];
  private readonly script: Answer[] = [];
  private handler: Handler | undefined;
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<StubServer> {
    let stub: StubServer | undefined;
    const server = createServer((req, res) => stub?.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    stub = new StubServer(server, `http://127.0.0.1:${port}`);
    return stub;
  }

  /** Answers the next requests with these, in order. */
  answer(...answers: Answer[]): void {
    this.script.push(...answers);
  }

  /** Forgets the requests and the answers not given yet, and ends the hanging ones: a new test. */
  reset(): void {
    this.requests.length = 0;
    this.script.length = 0;
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  /** Answers every request past the script with `handler`. */
  route(handler: Handler): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      this.requests.push(recorded);
      const answer = this.script.shift() ?? this.handler?.(recorded) ?? { status: 200, body: {} };
      this.send(res, answer);
    });
  }

  private send(res: ServerResponse, answer: Answer): void {
    if (answer.destroy) {
      res.socket?.destroy();
      return;
    }
    if (answer.hang) {
      this.hanging.add(res);
      return;
    }
    const json = typeof answer.body !== "string" && answer.chunks === undefined;
    res.writeHead(answer.status ?? 200, {
      ...(json ? { "content-type": "application/json" } : {}),
      ...answer.headers,
    });
    if (answer.chunks) {
      for (const chunk of answer.chunks) res.write(chunk);
      res.end();
      return;
    }
    res.end(json ? JSON.stringify(answer.body ?? {}) : String(answer.body));
  }
}

/** An error envelope as the API sends it. */
export function errorBody(status: number, code: string, message: string, field?: string) {
  const entry = { code, message, ...(field ? { field } : {}) };
  return {
    data: null,
    error: { ...entry, status, request_id: "req_stub" },
    errors: [entry],
    meta: { generated_at: "2026-11-25T10:00:00Z", request_id: "req_stub" },
  };
}

/** A success envelope. */
export function okBody(data: unknown, extra: Record<string, unknown> = {}) {
  return {
    data,
    meta: { generated_at: "2026-11-25T10:00:00Z", request_id: "req_stub" },
    errors: [],
    ...extra,
  };
}
