/**
 * The WebSocket the client codes against: the standard browser interface (`onopen`, `onmessage`,
 * `onclose`, `onerror`, `readyState`, `send`, `close(code, reason)`), which the global WebSocket
 * of browsers, Node ≥ 22, Deno, Bun and workers and the `ws` package all have.
 *
 * Which one: an injected constructor, else the global, else `ws` — imported only then, through a
 * variable specifier so that bundlers building for browsers do not try to resolve it.
 */
import { StreamError } from "./stream-error.js";

/** A handler type compared bivariantly, so both the DOM's and `ws`'s event types fit. */
type Handler<E> = { bivarianceHack(event: E): void }["bivarianceHack"];

export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export const READY_STATE = { connecting: 0, open: 1, closing: 2, closed: 3 } as const;

let wsPackage: Promise<WebSocketConstructor> | undefined;

/** The constructor to use (see the header); rejects with `websocket_unavailable`. */
export function resolveWebSocket(
  injected: WebSocketConstructor | undefined,
): Promise<WebSocketConstructor> {
  if (injected !== undefined) return Promise.resolve(injected);
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof global === "function") return Promise.resolve(global);
  wsPackage ??= importWsPackage();
  return wsPackage;
}

async function importWsPackage(): Promise<WebSocketConstructor> {
  const specifier = "ws";
  let module: { WebSocket?: unknown; default?: unknown };
  try {
    module = (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as {
      WebSocket?: unknown;
      default?: unknown;
    };
  } catch (error) {
    throw new StreamError(
      "websocket_unavailable",
      "this runtime has no global WebSocket: install ws (npm install ws) or pass WebSocket",
      { cause: error },
    );
  }
  const exported = module.WebSocket ?? module.default;
  if (typeof exported !== "function") {
    throw new StreamError(
      "websocket_unavailable",
      "the ws package has no WebSocket export: install ws 8 or pass WebSocket",
    );
  }
  return exported as WebSocketConstructor;
}
