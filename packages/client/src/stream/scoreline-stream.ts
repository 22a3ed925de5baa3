/**
 * The live stream client (docs/stream.md): one WebSocket at a time, its channels kept by
 * Subscriptions, events to `event` listeners and to async iterators.
 *
 * - Drops it did not ask for (1001, 1006, 4008, a 429 or 503 on the upgrade…) are retried with
 *   full-jitter backoff, and every held channel resumes with `since`: missed events are replayed,
 *   none twice; what the server cannot replay is reported as a `gap`.
 * - The stream ends (`error`, then `close`) on `close()`, on 1008 (the key was revoked or
 *   expired), on an upgrade refused with 400/401/403/404/405, and after `maxAttempts` failed
 *   retries. Browsers and other global WebSockets show no refused upgrade — only a 1006 — so
 *   there a bad key is retried with backoff; pass the `ws` package as `WebSocket` on a server to
 *   have refusals end the stream.
 * - Failing never takes the process down: what ends the stream goes to the iterators (they
 *   throw it), to `error` listeners and to `subscribe()` promises; none of these needs to exist.
 * - Buffering: each iterator holds up to `bufferSize` unread events. When one is full the stream
 *   pauses — it disconnects (1000) and drops what arrives meanwhile — and when every iterator is
 *   at most half full it reconnects with `since`, so the server replays what was dropped (beyond
 *   the server's retention that is a `gap`). An iterator that is never read keeps the stream
 *   paused: leave the loop (`break`) or call `return()`. Listeners alone buffer nothing.
 */
import { backoffPolicy } from "./backoff.js";
import { permanentFailure } from "./drop-policy.js";
import { Emitter, type Listener } from "./emitter.js";
import { Iterators } from "./iterators.js";
import { openSocket } from "./open-socket.js";
import { CLOSE_CODES, channelList } from "./protocol.js";
import { globalTimers, RetrySchedule } from "./retry-schedule.js";
import { StreamError } from "./stream-error.js";
import { Subscriptions } from "./subscriptions.js";
import type { Since, StreamClose, StreamEvent, StreamEventMap, StreamOptions } from "./types.js";
import type { UpgradeRefusal } from "./upgrade-refusal.js";
import {
  READY_STATE,
  resolveWebSocket,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./websocket.js";

export interface SubscribeOptions {
  /** Resume the channels from a position kept elsewhere (e.g. stored across restarts). */
  since?: Since;
}

type State = "connecting" | "open" | "waiting" | "paused" | "closed";

const DEFAULT_BUFFER_SIZE = 1000;

export class ScorelineStream implements AsyncIterable<StreamEvent> {
  private readonly emitter = new Emitter<StreamEventMap>();
  private readonly subscriptions: Subscriptions;
  private readonly iterators: Iterators<StreamEvent>;
  private readonly retries: RetrySchedule;
  private readonly url: string;
  private readonly WebSocket: WebSocketConstructor | undefined;
  private state: State = "connecting";
  private socket: WebSocketLike | undefined;
  private everOpened = false;
  /** Set once the stream is over: what the final `close` reports. */
  private ending: StreamClose | undefined;
  private markFinished: () => void = () => {};
  private readonly finished = new Promise<void>((resolve) => {
    this.markFinished = resolve;
  });

  /** Prefer `connectStream(options)`. Connecting starts at once. */
  constructor(options: StreamOptions) {
    this.url = streamUrlOf(options);
    this.WebSocket = options.WebSocket;
    this.retries = new RetrySchedule(
      backoffPolicy(options.reconnect),
      options.random ?? Math.random,
      options.timers ?? globalTimers,
    );
    const bufferSize = Math.max(1, options.bufferSize ?? DEFAULT_BUFFER_SIZE);
    this.iterators = new Iterators(bufferSize, () => this.resumeAfterPause());
    this.subscriptions = new Subscriptions({
      emitter: this.emitter,
      write: (text) => this.write(text),
      deliver: (event) => {
        if (this.iterators.push(event) && this.state === "open") this.pause();
      },
    });
    this.subscriptions.hold(channelList(options.channels ?? []));
    void this.connect();
  }

  /** The channels held: subscribed, or to be (re)subscribed on the next connection. */
  get channels(): ReadonlySet<string> {
    return new Set(this.subscriptions.names());
  }

  on<K extends keyof StreamEventMap>(name: K, listener: Listener<StreamEventMap[K]>): () => void {
    return this.emitter.on(name, listener);
  }

  off<K extends keyof StreamEventMap>(name: K, listener: Listener<StreamEventMap[K]>): void {
    this.emitter.off(name, listener);
  }

  /**
   * Holds the channels; resolves once the server has answered each `subscribed` (on this
   * connection, or on the next one while disconnected). Rejects with a StreamError carrying the
   * server's `code`, `message` and the `channel` at the first channel refused: refused channels
   * are not held, the others are. With `since`, the channels restart from that position.
   */
  subscribe(channels: string | readonly string[], options: SubscribeOptions = {}): Promise<void> {
    const names = channelList(channels);
    const answered =
      this.state === "closed"
        ? Promise.reject(this.closedError())
        : this.subscriptions.subscribe(names, options.since);
    // A refusal belongs to whoever awaits this promise. One nobody awaits is not an unhandled
    // rejection: a stream never takes its host process down (the iterator and `error` still see
    // what ended the stream).
    answered.catch(() => {});
    return answered;
  }

  /** Leaves the channels (a pending `subscribe()` of them rejects with `unsubscribed`). */
  unsubscribe(channels: string | readonly string[]): void {
    this.subscriptions.unsubscribe(channelList(channels));
  }

  /** Ends the stream: no more reconnecting; iterators end. Resolves once the socket is closed. */
  close(): Promise<void> {
    this.finish({ code: CLOSE_CODES.normal, reason: "closed by the client" });
    return this.finished;
  }

  /** Every event from now on, in order; ends at `close()`, throws the error that ended it. */
  [Symbol.asyncIterator](): AsyncIterableIterator<StreamEvent> {
    return this.iterators.create(this.ending);
  }

  private async connect(): Promise<void> {
    this.state = "connecting";
    let Socket: WebSocketConstructor;
    try {
      Socket = await resolveWebSocket(this.WebSocket);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.fail(
        error instanceof StreamError ? error : new StreamError("websocket_unavailable", message),
      );
      return;
    }
    if (this.state !== "connecting") return;
    try {
      this.socket = openSocket(Socket, this.url, {
        isCurrent: (socket) => socket === this.socket,
        opened: () => this.opened(),
        received: (data) => this.subscriptions.received(data),
        failed: (message) => {
          if (this.state === "closed") return;
          this.emitter.emit("error", new StreamError("connection_error", message));
        },
        closed: (code, reason, refusal) => this.dropped(code, reason, refusal),
      });
    } catch (error) {
      const message = `cannot open the stream: ${error}`;
      this.fail(new StreamError("invalid_url", message, { cause: error }));
    }
  }

  private opened(): void {
    this.state = "open";
    this.retries.reset();
    const reconnected = this.everOpened;
    this.everOpened = true;
    this.subscriptions.opened();
    this.emitter.emit("open", { reconnected });
  }

  private write(text: string): boolean {
    if (this.state !== "open" || this.socket === undefined) return false;
    try {
      this.socket.send(text);
      return true;
    } catch {
      return false; // no longer open: its close event follows, and the channels go again
    }
  }

  private dropped(code: number, reason: string, refusal: UpgradeRefusal | undefined): void {
    this.socket = undefined;
    this.subscriptions.disconnected();
    if (this.state === "closed") {
      this.emitClose();
      return;
    }
    const permanent = permanentFailure(code, reason, refusal);
    if (permanent !== undefined) {
      this.fail(permanent, code, reason);
      return;
    }
    if (refusal !== undefined) {
      const { status } = refusal;
      this.emitter.emit("error", new StreamError(refusal.code, refusal.message, { status }));
    }
    const next = this.retries.next(refusal?.retryAfterMs);
    if (next === undefined) {
      const message = `gave up after ${this.retries.maxAttempts} reconnection attempts`;
      this.fail(new StreamError("reconnect_failed", message), code, reason);
      return;
    }
    this.state = "waiting";
    this.emitter.emit("reconnecting", { ...next, code, ...(reason ? { reason } : {}) });
    if (this.state !== "waiting") return; // a listener closed the stream
    this.retries.schedule(next.delayMs, () => {
      if (this.state === "waiting") void this.connect();
    });
  }

  /** An iterator is full: disconnect, and resume with `since` once it has been read. */
  private pause(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.state = "paused";
    this.subscriptions.disconnected();
    socket?.close(CLOSE_CODES.normal, "paused: the consumer is behind");
  }

  private resumeAfterPause(): void {
    if (this.state !== "paused") return;
    this.retries.reset();
    void this.connect();
  }

  private fail(error: StreamError, code?: number, reason?: string): void {
    if (this.state === "closed") return;
    this.emitter.emit("error", error);
    this.finish({ code: code ?? CLOSE_CODES.abnormal, reason: reason || error.message, error });
  }

  private finish(ending: StreamClose): void {
    if (this.state === "closed") return;
    this.state = "closed";
    this.ending = ending;
    this.retries.cancel();
    this.subscriptions.ended(this.closedError());
    this.iterators.end(ending.error);
    const socket = this.socket;
    if (socket === undefined || socket.readyState === READY_STATE.closed) {
      this.socket = undefined;
      this.emitClose();
      return;
    }
    socket.close(CLOSE_CODES.normal, ending.reason); // the final `close` waits for the socket's
  }

  private emitClose(): void {
    this.emitter.emit("close", this.ending ?? { code: CLOSE_CODES.normal, reason: "closed" });
    this.markFinished();
  }

  private closedError(): StreamError {
    return this.ending?.error ?? new StreamError("stream_closed", "the stream was closed");
  }
}

function streamUrlOf(options: StreamOptions): string {
  const url = new URL(options.url);
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  if (url.protocol !== "ws:" && url.protocol !== "wss:") {
    throw new TypeError(`the stream URL must be ws:// or wss:// (got ${url.protocol})`);
  }
  if (options.apiKey !== undefined) url.searchParams.set("token", options.apiKey);
  return url.toString();
}
