/**
 * Opens one WebSocket and reports what happens to it, for as long as it is the stream's current
 * socket (one the stream has left behind — paused or closed — reports nothing more).
 */
import { CLOSE_CODES } from "./protocol.js";
import { type UpgradeRefusal, watchUpgradeRefusal } from "./upgrade-refusal.js";
import { READY_STATE, type WebSocketConstructor, type WebSocketLike } from "./websocket.js";

export interface SocketListener {
  /** Whether `socket` is still the one the stream uses. */
  isCurrent(socket: WebSocketLike): boolean;
  opened(): void;
  received(data: unknown): void;
  /** A connection error (not for refused upgrades: those arrive with `closed`). */
  failed(message: string): void;
  closed(code: number, reason: string, refusal: UpgradeRefusal | undefined): void;
}

export function openSocket(
  Socket: WebSocketConstructor,
  url: string,
  listener: SocketListener,
): WebSocketLike {
  const socket = new Socket(url);
  let refusal: UpgradeRefusal | undefined;
  watchUpgradeRefusal(socket, (refused) => {
    refusal = refused;
  });
  socket.onopen = () => {
    if (listener.isCurrent(socket)) listener.opened();
  };
  socket.onmessage = (event) => {
    if (listener.isCurrent(socket)) listener.received(event.data);
  };
  let closeReported = false;
  const reportClose = (code: number, reason: string) => {
    if (closeReported) return;
    closeReported = true;
    if (listener.isCurrent(socket)) listener.closed(code, reason, refusal);
  };
  socket.onerror = (event) => {
    if (listener.isCurrent(socket) && refusal === undefined) {
      const text = (event as { message?: unknown } | null | undefined)?.message;
      listener.failed(typeof text === "string" && text !== "" ? text : "the connection failed");
    }
    // Node 22's global WebSocket (undici 6) reports a connection it could not make with this
    // `error` alone: readyState stays CONNECTING and no `close` follows (a standard socket is
    // already CLOSING or CLOSED here, and closes next). Report that close itself: a 1006.
    if (socket.readyState === READY_STATE.connecting) reportClose(CLOSE_CODES.abnormal, "");
  };
  socket.onclose = (event) => reportClose(event.code, event.reason);
  return socket;
}
