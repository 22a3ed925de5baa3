/**
 * Redis failures, by connection (limits, bus_publisher, bus_subscriber, stream_slots) and kind:
 * `connection` (the client reported a connection error), `unavailable` (a command refused or
 * failed because Redis was unreachable), `timeout` (a command past SCORELINE_REDIS_TIMEOUT_MS),
 * `reply` (Redis answered a command with an error).
 */
import { Counter } from "prom-client";
import { registry } from "./registry.js";

export type RedisConnection = "limits" | "bus_publisher" | "bus_subscriber" | "stream_slots";
export type RedisErrorKind = "connection" | "unavailable" | "timeout" | "reply";

const errors = new Counter({
  name: "scoreline_redis_errors_total",
  help: "Redis errors by connection and kind: connection, unavailable, timeout, reply",
  labelNames: ["connection", "kind"],
  registers: [registry],
});

export function countRedisError(connection: RedisConnection, kind: RedisErrorKind): void {
  errors.inc({ connection, kind });
}

/** Counts a client's `error` events (connection errors; ioredis emits one per failed attempt). */
export function countConnectionErrors(
  client: { on(event: "error", listener: (error: unknown) => void): unknown },
  connection: RedisConnection,
): void {
  client.on("error", () => countRedisError(connection, "connection"));
}
