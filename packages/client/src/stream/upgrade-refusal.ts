/**
 * A refused upgrade (401, 403, 404, 429…): the server answers with an ordinary HTTP response
 * and the REST error envelope. Browsers (and the global WebSocket of other runtimes) hide it —
 * the socket just fails with 1006 — but the `ws` package shows it as `unexpected-response`:
 * when the socket has that event, read the status, `Retry-After` and the envelope's code, then
 * abort the handshake (the socket then closes with 1006 as usual).
 */
import type { WebSocketLike } from "./websocket.js";

export interface UpgradeRefusal {
  status: number;
  code: string;
  message: string;
  /** From `Retry-After` (seconds), when present. */
  retryAfterMs?: number;
}

/** The parts of Node's IncomingMessage that are used (structural: no `node:` import). */
interface ResponseLike {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
  setEncoding?(encoding: string): void;
  on(event: string, listener: (chunk?: unknown) => void): unknown;
}

interface NodeStyleSocket {
  on(
    event: "unexpected-response",
    listener: (request: unknown, response: ResponseLike) => void,
  ): unknown;
}

const MAX_BODY = 64 * 1024;

/** Calls `onRefused` (then closes the socket) when a `ws` socket's upgrade is refused. */
export function watchUpgradeRefusal(
  socket: WebSocketLike,
  onRefused: (refusal: UpgradeRefusal) => void,
): void {
  const emitter = socket as unknown as Partial<NodeStyleSocket>;
  if (typeof emitter.on !== "function") return;
  emitter.on("unexpected-response", (_request, response) => {
    let body = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      onRefused(refusalOf(response, body));
      socket.close();
    };
    response.setEncoding?.("utf8");
    response.on("data", (chunk) => {
      if (body.length < MAX_BODY) body += String(chunk);
    });
    response.on("end", finish);
    response.on("close", finish);
    response.on("error", finish);
  });
}

function refusalOf(response: ResponseLike, body: string): UpgradeRefusal {
  const status = response.statusCode ?? 0;
  let code = `http_${status}`;
  let message = `the server refused the connection with HTTP ${status}`;
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code === "string") code = error.code;
    if (typeof error?.message === "string") message = error.message;
  } catch {
    // not the envelope (a proxy's page): keep the status
  }
  const refusal: UpgradeRefusal = { status, code, message };
  const retryAfter = Number(response.headers["retry-after"]);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) refusal.retryAfterMs = retryAfter * 1000;
  return refusal;
}
