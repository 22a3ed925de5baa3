/**
 * Redis command connections that fail fast while Redis is away (ADR-0036). ioredis's defaults
 * queue a command while the connection is down and retry it 20 times across reconnects, so a
 * request waited ~10 s for an error. Here:
 *
 * - until the first `ready`, commands queue (a store made at start-up is usable at once), and
 *   the first failed connection attempt rejects them (`maxRetriesPerRequest: 0`);
 * - after it, the offline queue is off: while the connection is not ready — Redis is known to
 *   be down, the client is reconnecting — every command rejects at once (the open circuit);
 * - a command sent on a live connection that Redis does not answer rejects after
 *   `commandTimeoutMs` (an unresponsive Redis: a hung process or a lost network path), and the
 *   connection is dropped and made again: until Redis answers the new connection's ready check,
 *   commands reject at once instead of each waiting the whole timeout;
 * - reconnection attempts come at most a second apart, so the circuit closes by itself within
 *   about a second of Redis's return.
 *
 * The subscriber connection of the bus is not made here: it only subscribes, and ioredis
 * re-subscribes by itself on every reconnection.
 */
import { Redis } from "ioredis";
import {
  countConnectionErrors,
  countRedisError,
  type RedisConnection,
  type RedisErrorKind,
} from "../../metrics/redis-metrics.js";

/** How long a command may wait for Redis's answer on a live connection (REDIS_TIMEOUT_MS). */
const DEFAULT_REDIS_TIMEOUT_MS = 1000;

/** The longest pause between two reconnection attempts. */
const MAX_RECONNECT_DELAY_MS = 1000;

export interface FailFastRedisOptions {
  /** Rejects a command Redis has not answered after this long (default 1 s). */
  commandTimeoutMs?: number | undefined;
  /** Sends the commands of one tick in one write (the counters of concurrent requests). */
  autoPipelining?: boolean;
  /** What the connection is for: its errors count in `scoreline_redis_errors_total` under it. */
  connection?: RedisConnection;
}

export function createFailFastRedis(url: string, options: FailFastRedisOptions = {}): Redis {
  const timeout = options.commandTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  const client = new Redis(url, {
    enableAutoPipelining: options.autoPipelining ?? false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeout,
    connectTimeout: Math.max(timeout, 1000),
    retryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  // ioredis reads this option on every command: from the first ready on, a command sent while
  // the connection is down is refused at once instead of queued.
  client.once("ready", () => {
    client.options.enableOfflineQueue = false;
  });
  const connection = options.connection;
  if (connection !== undefined) countConnectionErrors(client, connection);
  // Every command (auto-pipelined ones too) passes here: a timeout opens the circuit.
  const send = client.sendCommand.bind(client);
  client.sendCommand = (...args: Parameters<Redis["sendCommand"]>) => {
    const answer = send(...args);
    if (answer instanceof Promise)
      answer.catch((error: unknown) => {
        if (connection !== undefined) countRedisError(connection, errorKind(error));
        dropIfUnresponsive(client, error);
      });
    return answer;
  };
  return client;
}

/** ioredis's message for a command past `commandTimeout`. */
const TIMED_OUT = "Command timed out";

/** A failed command: past the timeout, an error Redis answered, or Redis out of reach. */
function errorKind(error: unknown): RedisErrorKind {
  if (error instanceof Error && error.message === TIMED_OUT) return "timeout";
  if (error instanceof Error && error.name === "ReplyError") return "reply";
  return "unavailable";
}

function dropIfUnresponsive(client: Redis, error: unknown): void {
  if (error instanceof Error && error.message === TIMED_OUT && client.status === "ready") {
    client.disconnect(true);
  }
}

/**
 * Closes a connection for good: QUIT when connected (pending replies arrive first), otherwise —
 * Redis away, a fail-fast client refuses even QUIT — stops reconnecting at once.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "end") return;
  await client.quit().catch(() => client.disconnect());
}
