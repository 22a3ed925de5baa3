/**
 * One client connection's socket: the client messages it reads (handled in order, one at a
 * time, by its channels), pings, closing, and the one way bytes leave — `deliver`, which never
 * waits: over the outbound buffer limit the connection closes itself with 4008 instead.
 */
import type { RawData, WebSocket } from "ws";
import type { StreamInstruments } from "../metrics/stream-metrics.js";
import type { ChannelOutput, ChannelsContext, StreamAccess } from "./connection-channels.js";
import { ConnectionChannels } from "./connection-channels.js";
import {
  CLOSE_CODES,
  type ClientMessage,
  errorMessage,
  NO_REPLY,
  ProtocolError,
  parseClientMessage,
} from "./protocol.js";

export interface StreamStats {
  /** Connections closed with 4008. */
  slowConsumers: number;
  /** Messages queued to clients (events, replies). */
  messagesSent: number;
}

export interface ConnectionContext extends ChannelsContext {
  stats: StreamStats;
  /** The server's instruments (messages sent, 4008 closes). */
  metrics: StreamInstruments;
}

/** Client messages waiting to be handled before the connection stops reading. */
const MAX_QUEUED_MESSAGES = 64;

export class StreamConnection implements ChannelOutput {
  readonly openedAt = performance.now();
  /** Messages queued to this client. */
  sent = 0;
  /** false after a ping until the pong (or any message) arrives. */
  /** Whether the socket is corked until the end of this tick (see corkForThisTick). */
  private corked = false;
  private alive = true;
  private state: "open" | "closing" | "closed" = "open";
  private readonly channels: ConnectionChannels;
  private work: Promise<void> = Promise.resolve();
  private queued = 0;
  private closeTimer: NodeJS.Timeout | undefined;
  /** Resolves once the socket is closed. */
  readonly closed: Promise<void>;
  private markClosed: () => void = () => {};

  constructor(
    readonly id: string,
    private readonly ws: WebSocket,
    access: StreamAccess,
    private readonly ctx: ConnectionContext,
    onClosed: (connection: StreamConnection, code: number, reason: string) => void,
  ) {
    this.channels = new ConnectionChannels(this, access, ctx);
    this.closed = new Promise((resolve) => {
      this.markClosed = resolve;
    });
    ws.on("message", (data, isBinary) => this.receive(data, isBinary));
    ws.on("pong", () => {
      this.alive = true;
    });
    // Protocol errors (an oversize message: ws closes with 1009) and socket errors end in "close".
    ws.on("error", (error) => ctx.logger.debug({ conn: id, err: error }, "stream socket error"));
    ws.on("close", (code, reason) => {
      this.state = "closed";
      clearTimeout(this.closeTimer);
      this.channels.dropAll();
      onClosed(this, code, reason.toString());
      this.markClosed();
    });
  }

  /** Channels held. */
  get channelCount(): number {
    return this.channels.size;
  }

  isOpen(): boolean {
    return this.state === "open";
  }

  /** Subscribes at once to the channel the URL named (`/v1/{sport}?fixture_id=`). */
  subscribeAtOnce(channel: string): void {
    this.enqueue(() => this.channels.subscribe([channel], undefined, NO_REPLY));
  }

  deliver(message: Buffer): void {
    if (this.state !== "open" || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > this.ctx.limits.maxBufferedBytes) {
      this.closeSlow();
      return;
    }
    this.corkForThisTick();
    this.ws.send(message, { binary: false });
    this.sent++;
    this.ctx.stats.messagesSent++;
    this.ctx.metrics.sent.inc();
  }

  /**
   * Events published together are dispatched in one synchronous loop; holding the socket corked
   * until that loop ends turns their frames into one write (one system call) per connection
   * instead of one per event. Nothing waits: the socket is uncorked on the next tick.
   */
  private corkForThisTick(): void {
    if (this.corked) return;
    // `_socket` is ws's underlying net.Socket (not part of its typed API).
    const socket = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (socket === undefined) return;
    socket.cork();
    this.corked = true;
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  overflow(): void {
    this.closeSlow();
  }

  /** Called every ping interval: drops a peer that did not answer the last ping. */
  heartbeat(): void {
    if (this.state === "closed") return;
    if (!this.alive) {
      this.ctx.logger.info({ conn: this.id }, "stream peer did not answer the ping: dropping it");
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }

  /** Sends a close frame; drops the socket if the handshake does not finish in time. */
  close(code: number, reason: string): void {
    if (this.state !== "open") return;
    this.state = "closing";
    this.channels.dropAll();
    this.ws.close(code, reason);
    this.closeTimer = setTimeout(() => this.ws.terminate(), this.ctx.limits.closeTimeoutMs);
    this.closeTimer.unref();
  }

  terminate(): void {
    this.ws.terminate();
  }

  private closeSlow(): void {
    if (this.state !== "open") return;
    this.ctx.stats.slowConsumers++;
    this.ctx.metrics.slowConsumerClosed();
    this.ctx.logger.warn(
      { conn: this.id, buffered: this.ws.bufferedAmount },
      "stream consumer too slow: closing with 4008",
    );
    this.close(CLOSE_CODES.slowConsumer, "consumer too slow");
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.alive = true;
    if (this.state !== "open") return;
    if (isBinary) {
      this.deliver(
        Buffer.from(errorMessage("invalid_message", "messages are JSON text, not binary")),
      );
      return;
    }
    const text = Array.isArray(data) ? Buffer.concat(data).toString() : data.toString();
    let message: ClientMessage;
    try {
      message = parseClientMessage(text);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.deliver(Buffer.from(errorMessage(error.code, error.message, error.reply)));
      return;
    }
    const reply = { id: message.id, hasId: message.hasId };
    if (message.action === "unsubscribe") {
      this.enqueue(async () => this.channels.unsubscribe(message.channels));
    } else {
      this.enqueue(() => this.channels.subscribe(message.channels, message.since, reply));
    }
  }

  /**
   * Client messages are handled one at a time, in the order they came. A client that sends
   * faster than they are handled is paused (TCP pushes back on it) until the queue drains.
   */
  private enqueue(task: () => Promise<void>): void {
    this.queued++;
    if (this.queued > MAX_QUEUED_MESSAGES && !this.ws.isPaused) this.ws.pause();
    this.work = this.work
      .then(task)
      .catch((error: unknown) => {
        this.ctx.logger.error({ conn: this.id, err: error }, "stream message handling failed");
      })
      .finally(() => {
        this.queued--;
        if (this.ws.isPaused && this.queued <= MAX_QUEUED_MESSAGES / 4) this.ws.resume();
      });
  }

  /** Waits (replays only) until the client has read half the outbound buffer limit. */
  async writable(): Promise<boolean> {
    const { maxBufferedBytes, replayStallMs } = this.ctx.limits;
    const deadline = performance.now() + replayStallMs;
    while (this.state === "open" && this.ws.bufferedAmount > maxBufferedBytes / 2) {
      if (performance.now() > deadline) {
        this.closeSlow();
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.state === "open";
  }
}
