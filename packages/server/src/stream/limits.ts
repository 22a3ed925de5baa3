/** The stream's limits and timings (ADR-0018); every one can be overridden per server. */
import { MAX_INBOUND_BYTES } from "./protocol.js";

export interface StreamLimits {
  /** Largest inbound message in bytes (ws `maxPayload`; larger closes with 1009). */
  maxInboundBytes: number;
  /** Outbound bytes a connection may have waiting; a send over it closes it with 4008. */
  maxBufferedBytes: number;
  /** Live events one subscription may hold while its recovery runs (over it: 4008). */
  maxPendingEvents: number;
  /** Ping every this often; a peer that did not answer the previous ping is dropped. */
  pingIntervalMs: number;
  /** The connections' keys are checked for revocation and expiry this often (key-revocations.ts). */
  keyCheckIntervalMs: number;
  /** After a close frame, drop the socket if the close handshake has not finished by then. */
  closeTimeoutMs: number;
  /** A replay waiting this long for the client to read is closed with 4008. */
  replayStallMs: number;
  /** Log rows read per replay page. */
  replayPageSize: number;
  /** A resume is recovered when the first missed event is at most this old… */
  recoveryWindowMs: number;
  /** …or when at most this many events of the channel were missed (whatever their age). */
  recoveryMinMessages: number;
  /** `Retry-After` (seconds) of the 429 answered at the connection limit. */
  retryAfterSeconds: number;
  /** Keyless servers (the sandbox): connections per client address (null = unlimited). */
  connectionsPerAddress: number | null;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  maxInboundBytes: MAX_INBOUND_BYTES,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxPendingEvents: 10_000,
  pingIntervalMs: 25_000,
  keyCheckIntervalMs: 1_000,
  closeTimeoutMs: 5_000,
  replayStallMs: 30_000,
  replayPageSize: 500,
  recoveryWindowMs: 24 * 3600_000,
  recoveryMinMessages: 1_000,
  retryAfterSeconds: 10,
  connectionsPerAddress: 100,
};
