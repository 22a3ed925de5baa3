/**
 * Opens one WebSocket and reports what happens to it, for as long as it is the stream's current
 * socket (one the stream has left behind — paused or closed — reports nothing more).
 */
import { type UpgradeRefusal, watchUpgradeRefusal } from "./upgrade-refusal.js";
import type { WebSocketConstructor, WebSocketLike } from "./websocket.js";

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
  socket.onerror = (event) => {
    if (!listener.isCurrent(socket) || refusal !== undefined) return;
    const text = (event as { message?: unknown } | null | undefined)?.message;
    listener.failed(typeof text === "string" && text !== "" ? text : "the connection failed");
  };
  socket.onclose = (event) => {
    if (listener.isCurrent(socket)) listener.closed(event.code, event.reason, refusal);
  };
  return socket;
}
