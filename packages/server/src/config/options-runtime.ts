/**
 * Options of the process itself: its stores, Redis, where it listens, its metrics listener and
 * admin token, the roles it runs and how much it logs.
 */
import { type AnyOption, LOG_FORMATS, LOG_LEVELS, option, ROLES } from "./config-shape.js";
import {
  parseDatabaseUrl,
  parseHost,
  parseIntegerInRange,
  parseListOf,
  parseOneOf,
  parsePort,
  parseRedisUrl,
  parseSecret,
} from "./parsers.js";

export const STORE_AND_NETWORK_OPTIONS: readonly AnyOption[] = [
  option({
    key: "databaseUrl",
    env: "DATABASE_URL",
    flag: "database-url",
    description: "sqlite:<path> (embedded, default) or postgres://user@host:port/db[?schema=name]",
    defaultRaw: "sqlite:./data/scoreline.db",
    parse: parseDatabaseUrl,
  }),
  option({
    key: "sandboxDatabaseUrl",
    env: "SCORELINE_SANDBOX_DATABASE_URL",
    flag: "sandbox-database-url",
    description:
      "the sandbox role's sample-data store (default: beside a SQLite main store, <name>-sandbox.db, kept across restarts; in memory beside PostgreSQL; sqlite::memory: for a fresh world at every start)",
    defaultRaw: undefined,
    parse: parseDatabaseUrl,
  }),
  option({
    key: "redisUrl",
    env: "REDIS_URL",
    flag: "redis-url",
    description: "share counters and live fan-out between nodes through Redis",
    defaultRaw: undefined,
    parse: parseRedisUrl,
  }),
  option({
    key: "redisTimeoutMs",
    env: "SCORELINE_REDIS_TIMEOUT_MS",
    flag: "redis-timeout-ms",
    description:
      "longest wait for a Redis answer before a request needing it is refused with 503 (ADR-0036)",
    defaultRaw: "1000",
    parse: parseIntegerInRange(50, 60_000),
  }),
  option({
    key: "host",
    env: "SCORELINE_HOST",
    flag: "host",
    description: "bind address",
    defaultRaw: "127.0.0.1",
    parse: parseHost,
  }),
  option({
    key: "apiPort",
    env: "SCORELINE_API_PORT",
    flag: "api-port",
    description: "port of the api role (0 picks a free port)",
    defaultRaw: "8080",
    parse: parsePort,
  }),
  option({
    key: "streamPort",
    env: "SCORELINE_STREAM_PORT",
    flag: "stream-port",
    description: "port of the stream role (0 picks a free port)",
    defaultRaw: "8081",
    parse: parsePort,
  }),
  option({
    key: "sandboxPort",
    env: "SCORELINE_SANDBOX_PORT",
    flag: "sandbox-port",
    description: "port of the sandbox role (0 picks a free port)",
    defaultRaw: "8082",
    parse: parsePort,
  }),
  option({
    key: "metricsPort",
    env: "SCORELINE_METRICS_PORT",
    flag: "metrics-port",
    description:
      "serve /metrics for the whole process on a listener of its own, e.g. for the worker and stream roles (0 picks a free port; unset: none, the api and sandbox ports serve /metrics to loopback and the admin token)",
    defaultRaw: undefined,
    parse: parsePort,
  }),
  option({
    key: "metricsHost",
    env: "SCORELINE_METRICS_HOST",
    flag: "metrics-host",
    description: "bind address of the metrics listener (keep it private: /metrics is never public)",
    defaultRaw: "127.0.0.1",
    parse: parseHost,
  }),
  option({
    key: "adminToken",
    env: "SCORELINE_ADMIN_TOKEN",
    flag: "admin-token",
    description: "bearer token for /admin/v1 (unset: admin API off)",
    defaultRaw: undefined,
    parse: parseSecret,
    secret: true,
  }),
];

export const PROCESS_OPTIONS: readonly AnyOption[] = [
  option({
    key: "roles",
    env: "SCORELINE_ROLES",
    flag: "roles",
    description: `roles to run in this process: ${ROLES.join(", ")}`,
    defaultRaw: ROLES.join(","),
    parse: parseListOf(ROLES),
  }),
  option({
    key: "logLevel",
    env: "SCORELINE_LOG_LEVEL",
    flag: "log-level",
    description: `log level: ${LOG_LEVELS.join(", ")}`,
    defaultRaw: "info",
    parse: parseOneOf(LOG_LEVELS),
  }),
  option({
    key: "logFormat",
    env: "SCORELINE_LOG_FORMAT",
    flag: "log-format",
    description: "log lines: auto (human-readable on a terminal, JSON otherwise), json or pretty",
    defaultRaw: "auto",
    parse: parseOneOf(LOG_FORMATS),
  }),
];
