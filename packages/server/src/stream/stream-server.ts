/**
 * The WebSocket stream server (ADR-0017, docs/stream.md), independent of any listener: an
 * HTTP(S) server — the stream role's own, or the sandbox's — hands it upgrade requests
 * (`handleUpgrade`) and, optionally, plain requests (`handleRequest`).
 *
 * Live events come from the bus through the sequencer (one gap-free stream in log order), and
 * the channel index fans each one out to the subscribed connections. Offsets are log positions
 * and the epoch is the log's, so a client can resume on any node sharing the database.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { type WebSocket, WebSocketServer } from "ws";
import type { Authenticator } from "../accounts/authenticator.js";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { ServiceError } from "../errors/service-error.js";
import { newRequestId } from "../lib/request-id.js";
import { type Clock, systemClock } from "../lib/time.js";
import { logEpoch } from "../live/event-log.js";
import type { MetricsHost } from "../metrics/labels.js";
import {
  type StreamInstruments,
  streamInstruments,
  streamSources,
} from "../metrics/stream-metrics.js";
import { ping, type Store } from "../store/database.js";
import { type Admission, type AdmissionPolicy, matchPath, notAStreamPath } from "./admission.js";
import { ChannelIndex } from "./channel-index.js";
import { type ConnectionSlots, MemoryConnectionSlots } from "./connection-slots.js";
import { EventSequencer } from "./event-sequencer.js";
import { answerPlainRequest, type StreamReadiness } from "./http-answers.js";
import { invalidKeys } from "./key-recheck.js";
import { KeyRevocations } from "./key-revocations.js";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./limits.js";
import { CLOSE_CODES } from "./protocol.js";
import { type ConnectionContext, StreamConnection, type StreamStats } from "./stream-connection.js";
import { checkUpgrade, refuseLogged, type UpgradeDeps } from "./upgrade-checks.js";

export interface StreamServerOptions {
  /** The database holding the event log (replays, the epoch, fixture look-ups). */
  store: Store;
  /** The process's event bus: live events arrive here. */
  bus: EventBus;
  logger: Logger;
  clock?: Clock;
  /**
   * true (default): every connection presents a key (`?token=` or `Authorization: Bearer`) to
   * `authenticator`, and the key's plan decides sports, odds and connections. false: keyless
   * (the sandbox) — every sport and odds, `limits.connectionsPerAddress` per client address.
   */
  authenticate?: boolean;
  authenticator?: Authenticator;
  /** Connection counts: RedisConnectionSlots for several nodes; in memory when absent. */
  slots?: ConnectionSlots;
  /** The path connections are made on: `{basePath}` and `{basePath}/{sport}`. Default `/v1`. */
  basePath?: string;
  limits?: Partial<StreamLimits>;
  /** Which host's series it counts in: `live` (the stream role) unless the sandbox's. */
  host?: MetricsHost;
}

export interface StreamServerStats extends StreamStats {
  connections: number;
  subscriptions: number;
  /** The log position of the last live event dispatched. */
  position: number;
}

export class StreamServer {
  readonly limits: StreamLimits;
  private readonly wss: WebSocketServer;
  private readonly index: ChannelIndex;
  private readonly sequencer: EventSequencer;
  private readonly slots: ConnectionSlots;
  private readonly ownsSlots: boolean;
  /** What `/readyz` checks: the database, and Redis when slots are shared there (ADR-0036). */
  private readonly readiness: StreamReadiness[];
  private readonly policy: AdmissionPolicy;
  private readonly context: ConnectionContext;
  private readonly upgradeDeps: UpgradeDeps;
  private readonly connections = new Set<StreamConnection>();
  /** Each keyed connection's key, re-checked every ping interval (revocations, expiries). */
  private readonly credentials = new Map<StreamConnection, string>();
  private readonly requestIds = new WeakMap<IncomingMessage, string>();
  /** Closes a connection within a second of its key's revocation or expiry (null: keyless). */
  private readonly revocations: KeyRevocations<StreamConnection> | null;
  private readonly counters: StreamStats = { slowConsumers: 0, messagesSent: 0 };
  private readonly clock: Clock;
  private readonly logger: Logger;
  private pingTimer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  private readonly metrics: StreamInstruments;
  /** Takes the server's connections out of the gauges (added once it is listening to the bus). */
  private removeSource: () => void = () => {};

  private constructor(
    options: StreamServerOptions,
    /** The event log's epoch: offsets are comparable only within it. */
    readonly epoch: string,
  ) {
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    const authenticate = options.authenticate ?? true;
    if (authenticate && options.authenticator === undefined) {
      throw new Error("a stream server with authentication needs an authenticator");
    }
    this.policy = {
      db: options.store.db,
      basePath: (options.basePath ?? "/v1").replace(/\/+$/, "") || "/",
      authenticator: authenticate ? (options.authenticator ?? null) : null,
      connectionsPerAddress: this.limits.connectionsPerAddress,
    };
    this.slots = options.slots ?? new MemoryConnectionSlots();
    this.ownsSlots = options.slots === undefined;
    const store = options.store;
    this.readiness = [{ name: "database", check: () => ping(store) }];
    const pingSlots = this.slots.ping?.bind(this.slots);
    if (pingSlots !== undefined) this.readiness.push({ name: "redis", check: pingSlots });
    const epochJson = JSON.stringify(epoch);
    this.index = new ChannelIndex(epochJson, this.limits.maxPendingEvents);
    this.metrics = streamInstruments(options.host ?? "live");
    this.context = {
      db: options.store.db,
      epoch,
      epochJson,
      limits: this.limits,
      clock: this.clock,
      index: this.index,
      logger: this.logger,
      stats: this.counters,
      metrics: this.metrics,
    };
    this.upgradeDeps = {
      policy: this.policy,
      slots: this.slots,
      logger: this.logger,
      clock: this.clock,
      retryAfterSeconds: this.limits.retryAfterSeconds,
      isClosing: () => this.closing !== undefined,
      metrics: this.metrics,
    };
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: this.limits.maxInboundBytes,
    });
    this.wss.on("headers", (headers, request) => {
      const id = this.requestIds.get(request);
      if (id !== undefined) headers.push(`X-Request-Id: ${id}`);
    });
    this.revocations =
      this.policy.authenticator === null
        ? null
        : new KeyRevocations<StreamConnection>({
            store: options.store,
            bus: options.bus,
            clock: this.clock,
            intervalMs: this.limits.keyCheckIntervalMs,
            close: (connection) => this.closeRevoked(connection),
            onError: (error) => this.logger.warn({ err: error }, "stream: checking keys failed"),
          });
    this.sequencer = new EventSequencer(
      options.store,
      options.bus,
      (event) => this.index.dispatch(event),
      (error) => this.logger.error({ err: error }, "stream: reading the event log failed"),
    );
  }

  /** Reads the log's epoch and head, subscribes to the bus and starts the ping timer. */
  static async create(options: StreamServerOptions): Promise<StreamServer> {
    const server = new StreamServer(options, await logEpoch(options.store.db));
    await server.sequencer.start();
    server.removeSource = streamSources.add({
      host: options.host ?? "live",
      connections: () => server.connections.size,
      subscriptions: () => server.index.size,
    });
    server.pingTimer = setInterval(() => {
      for (const connection of server.connections) connection.heartbeat();
      void server.recheckKeys();
    }, server.limits.pingIntervalMs);
    server.pingTimer.unref();
    return server;
  }

  /** For an HTTP server's `upgrade` event. */
  readonly handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const requestId = newRequestId();
    socket.on("error", () => {});
    this.upgrade(request, socket, head, requestId).catch((error: unknown) => {
      this.logger.error({ err: error, request_id: requestId }, "stream upgrade failed");
      const internal = new ServiceError("internal_error", "internal error");
      refuseLogged(this.upgradeDeps, request, socket, internal, requestId);
    });
  };

  /** For an HTTP server's `request` event: /healthz, and errors in the envelope otherwise. */
  readonly handleRequest = (request: IncomingMessage, response: ServerResponse): void => {
    answerPlainRequest(
      request,
      response,
      (pathname) =>
        matchPath(pathname, this.policy.basePath) === null
          ? notAStreamPath(pathname, this.policy.basePath)
          : null,
      newRequestId(),
      this.clock(),
      this.readiness,
    );
  };

  stats(): StreamServerStats {
    return {
      ...this.counters,
      connections: this.connections.size,
      subscriptions: this.index.size,
      position: this.sequencer.position,
    };
  }

  /**
   * Graceful shutdown: refuses new connections, closes every socket with 1001 (clients resume
   * elsewhere with `since`), drops those that do not finish the close handshake in time.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.pingTimer);
      this.revocations?.stop();
      this.sequencer.stop();
      const open = [...this.connections];
      for (const connection of open)
        connection.close(CLOSE_CODES.goingAway, "server shutting down");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(open.map((connection) => connection.closed)),
        new Promise((resolve) => {
          timer = setTimeout(resolve, this.limits.closeTimeoutMs + 500);
        }),
      ]);
      clearTimeout(timer);
      for (const connection of this.connections) connection.terminate();
      this.removeSource();
      if (this.ownsSlots) await this.slots.close();
    })();
    return this.closing;
  }

  /** Closes (1008) a connection whose key was revoked or has expired. */
  private closeRevoked(connection: StreamConnection): void {
    this.logger.info({ conn: connection.id }, "stream key no longer valid: closing");
    connection.close(CLOSE_CODES.keyNoLongerValid, "the API key is no longer valid");
  }

  /**
   * Every ping interval, each held key passes authentication again: what the per-second check
   * does not see (an account deleted, a key's kind refused) closes here (1008).
   */
  private async recheckKeys(): Promise<void> {
    const authenticator = this.policy.authenticator;
    if (authenticator === null || this.credentials.size === 0) return;
    const invalid = await invalidKeys(authenticator, new Set(this.credentials.values()), (error) =>
      this.logger.warn({ err: error }, "stream: re-checking a key failed"),
    );
    for (const [connection, key] of this.credentials) {
      if (invalid.has(key)) this.closeRevoked(connection);
    }
  }

  private async upgrade(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    requestId: string,
  ): Promise<void> {
    const accepted = await checkUpgrade(this.upgradeDeps, request, socket, requestId);
    if (accepted === null) return;
    const { admission, id, release } = accepted;
    if (socket.destroyed || this.closing !== undefined) {
      release();
      socket.destroy();
      return;
    }
    // Until the WebSocket exists, a socket that goes away gives its slot back here.
    socket.once("close", release);
    this.requestIds.set(request, requestId);
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      socket.off("close", release);
      this.open(ws, admission, id, request, release);
    });
  }

  private open(
    ws: WebSocket,
    admission: Admission,
    id: string,
    request: IncomingMessage,
    release: () => void,
  ): void {
    const connection = new StreamConnection(id, ws, admission.access, this.context, (c, code) => {
      this.connections.delete(c);
      this.credentials.delete(c);
      if (admission.keyId !== null) this.revocations?.remove(admission.keyId, c);
      release();
      this.logger.info(
        {
          conn: id,
          code,
          duration_ms: Math.round(performance.now() - c.openedAt),
          sent: c.sent,
        },
        "stream connection closed",
      );
    });
    this.connections.add(connection);
    this.metrics.opened();
    if (admission.credential !== null) this.credentials.set(connection, admission.credential);
    if (admission.keyId !== null) this.revocations?.add(admission.keyId, connection);
    this.logger.info(
      {
        conn: id,
        key_id: admission.keyId,
        account_id: admission.accountId,
        plan: admission.access.plan,
        ip: request.socket.remoteAddress,
        path: admission.path,
        channel: admission.initial,
      },
      "stream connection opened",
    );
    if (this.closing !== undefined) {
      connection.close(CLOSE_CODES.goingAway, "server shutting down");
      return;
    }
    if (admission.initial !== undefined) connection.subscribeAtOnce(admission.initial);
  }
}

/** Makes a stream server (see StreamServerOptions); resolves once it hears the bus. */
export function createStreamServer(options: StreamServerOptions): Promise<StreamServer> {
  return StreamServer.create(options);
}
