/**
 * The live stream client's public types: its options, the messages on the wire (docs/stream.md)
 * and what it hands to listeners and iterators. The error codes, `ServerErrorCode` among them,
 * are in stream-error.ts: this file depends on the error class and the WebSocket types, never the
 * other way round.
 */
import type { ScorelineEvent } from "../events.js";
import type { StreamError } from "./stream-error.js";
import type { WebSocketConstructor } from "./websocket.js";

/** A position in the event log: the last event received on a channel. */
export interface Since {
  offset: number;
  epoch: string;
}

export interface ReconnectOptions {
  /** The first retry waits up to this long (full jitter). Default 500. */
  initialDelayMs?: number;
  /** No retry waits longer than this. Default 30,000. */
  maxDelayMs?: number;
  /** Consecutive failed retries before giving up (`error` + `close`). Default Infinity. */
  maxAttempts?: number;
}

/** `setTimeout`/`clearTimeout`, for tests that drive the reconnection clock. */
export interface StreamTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface StreamOptions {
  /**
   * The endpoint's full URL: `wss://host/v1` on the real host, `wss://host/v1/stream` on the
   * sandbox (`http(s)://` is taken as `ws(s)://`).
   */
  url: string | URL;
  /** The API key, sent as `?token=`. Leave it out for the keyless sandbox. */
  apiKey?: string;
  /** Channels subscribed as soon as the connection opens (refusals arrive as `error`). */
  channels?: string | readonly string[];
  /**
   * The WebSocket implementation. Default: the global `WebSocket` (browsers, Node ≥ 22, Deno,
   * Bun, workers), else the `ws` package, loaded when first needed.
   */
  WebSocket?: WebSocketConstructor;
  reconnect?: ReconnectOptions;
  /**
   * Events each async iterator may hold unread (default 1,000). When one is full the client
   * pauses: it disconnects, and reconnects with `since` once the iterator is half empty.
   */
  bufferSize?: number;
  /** Advanced (tests): the random source of the backoff's jitter, in [0, 1). Default Math.random. */
  random?: () => number;
  /** Advanced (tests): the timers that schedule reconnections. Default the global ones. */
  timers?: StreamTimers;
}

/** One event on one channel, as iterators and `event` listeners receive it. */
export interface StreamEvent {
  channel: string;
  /** The event's position in the durable log: increasing on every channel, within one epoch. */
  offset: number;
  /** The log's name; offsets of different epochs are not comparable. */
  epoch: string;
  data: ScorelineEvent;
}

/**
 * Why a channel's history has a hole: `not_recovered` (the server could not replay what was
 * missed), `epoch_changed` (the log was replaced), `no_position` (the channel was resumed after a
 * disconnect before any event had arrived, so there was no offset to resume from). Refetch the
 * current state over REST.
 */
export type GapReason = "not_recovered" | "epoch_changed" | "no_position";

export interface StreamGap {
  channel: string;
  reason: GapReason;
}

export interface StreamReconnecting {
  /** 1 for the first retry after a drop, then 2, 3… (reset once a connection opens). */
  attempt: number;
  delayMs: number;
  /** The close code of the connection that dropped (1006 when it never opened). */
  code?: number;
  reason?: string;
}

export interface StreamOpen {
  /** false for the first connection, true for every one after it. */
  reconnected: boolean;
}

export interface StreamClose {
  code: number;
  reason: string;
  /** Why the stream ended, when it was not `close()`. */
  error?: StreamError;
}

/** The listeners `on(name, fn)` takes. */
export interface StreamEventMap {
  open: StreamOpen;
  event: StreamEvent;
  gap: StreamGap;
  reconnecting: StreamReconnecting;
  error: StreamError;
  /** The stream is over (`close()`, or an error that retrying cannot fix). Emitted once. */
  close: StreamClose;
}

// The protocol's messages, generated from the stream's AsyncAPI document.
import type {
  ErrorMessage,
  EventMessage,
  SubscribedMessage,
  SubscribeMessage,
  UnsubscribeMessage,
} from "../generated/stream.js";

export type { ErrorMessage, EventMessage, SubscribedMessage, SubscribeMessage, UnsubscribeMessage };

export type ClientMessage = SubscribeMessage | UnsubscribeMessage;

export type ServerMessage = SubscribedMessage | EventMessage | ErrorMessage;
