/**
 * Every configuration option in one table: its environment variable, its CLI flag, its default
 * and how its value is parsed. README's configuration section documents the same list.
 */

import {
  parseBoolean,
  parseDatabaseUrl,
  parseHost,
  parseIntegerInRange,
  parseListOf,
  parseNonEmpty,
  parseNumberInRange,
  parseOneOf,
  parseOrigins,
  parsePort,
  parsePublicUrl,
  parseRedisUrl,
  parseRetrySchedule,
  parseSecret,
  parseSmtpUrl,
} from "./parsers.js";
import type { Plan } from "./plans.js";

/** The roles this build can run (ADR-0001); later capabilities add theirs here. */
const ROLES = ["api", "stream", "sandbox", "worker"] as const;
type Role = (typeof ROLES)[number];

/** `auto`: the simulator drives the demo store in demo mode and stays off otherwise. */
const SIMULATOR_MODES = ["auto", "on", "off"] as const;
type SimulatorMode = (typeof SIMULATOR_MODES)[number];

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  databaseUrl: string;
  sandboxDatabaseUrl: string;
  redisUrl: string | undefined;
  redisTimeoutMs: number;
  host: string;
  apiPort: number;
  streamPort: number;
  sandboxPort: number;
  /** A listener of its own serving /metrics for the whole process; unset: none (ADR-0025). */
  metricsPort: number | undefined;
  metricsHost: string;
  adminToken: string | undefined;
  demo: boolean;
  sampleSeed: number;
  /** Main host: world seconds per real second (1: real time; above, a compressed calendar). */
  simSpeed: number;
  /** Sandbox: its compressed calendar's world seconds per real second. */
  sandboxSpeed: number;
  simulator: SimulatorMode;
  oddsMoveThreshold: number;
  webhookRetrySchedule: number[];
  /** How long one webhook attempt may take, ms (below the 12 s delivery lease). */
  webhookTimeoutMs: number;
  webhookAllowPrivate: boolean;
  webhookDisableAfterHours: number;
  webhookLogRetentionDays: number;
  /** Keep domain events (the stream's recovery window) this many minutes; at least 10. */
  eventLogRetentionMinutes: number;
  /** Keep applied feed message ids (a repeated id is applied once) this many hours. */
  feedIdRetentionHours: number;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  readCache: boolean;
  trustProxy: boolean;
  /** Browser origins the api role answers cross-origin requests from (none by default). */
  corsOrigins: string[];
  /** Shed requests (503) while the event loop's mean delay is above this, ms; 0: never (ADR-0038). */
  shedEventLoopDelayMs: number;
  /** Shed requests (503) while more than this many are in flight on the node; 0: no limit. */
  maxInFlight: number;
  plansFile: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  roles: Role[];
  logLevel: LogLevel;
  /** Derived once at start-up: the plan table in effect (defaults plus the plans file). */
  plans: Readonly<Record<string, Plan>>;
  /** Derived once at start-up: the PEM files' contents, when TLS is on. */
  tls: TlsFiles | undefined;
}

export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/** The options given as environment variables and flags (what `OPTIONS` lists). */
export type OptionKey = Exclude<keyof Config, "plans" | "tls">;

interface OptionSpec<K extends OptionKey> {
  key: K;
  env: string;
  /** Long flag name without dashes, e.g. `api-port`. */
  flag: string;
  description: string;
  /** Raw text of the default (parsed like any other value), or undefined for "unset". */
  defaultRaw: string | undefined;
  parse: (raw: string) => NonNullable<Config[K]>;
  /** Shown in help instead of the value (secrets). */
  secret?: boolean;
}

function option<K extends OptionKey>(spec: OptionSpec<K>): OptionSpec<K> {
  return spec;
}

export const OPTIONS = [
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
      "the sandbox role's sample-data store (in memory by default: fresh sample data on every start)",
    defaultRaw: "sqlite::memory:",
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
  option({
    key: "demo",
    env: "SCORELINE_DEMO",
    flag: "demo",
    description: "on an empty database, load the sample dataset into the main store",
    defaultRaw: "false",
    parse: parseBoolean,
  }),
  option({
    key: "sampleSeed",
    env: "SCORELINE_SAMPLE_SEED",
    flag: "sample-seed",
    description: "seed of the sample data generator (same seed, same data)",
    defaultRaw: "20261121",
    parse: parseIntegerInRange(0, 2 ** 31 - 1),
  }),
  option({
    key: "simSpeed",
    env: "SCORELINE_SIM_SPEED",
    flag: "sim-speed",
    description:
      "main host's sample world: world seconds per real second (1: real time; above, compressed)",
    defaultRaw: "1",
    parse: parseNumberInRange(0.1, 10_000),
  }),
  option({
    key: "sandboxSpeed",
    env: "SCORELINE_SANDBOX_SPEED",
    flag: "sandbox-speed",
    description: "sandbox's compressed calendar: world seconds per real second",
    defaultRaw: "60",
    parse: parseNumberInRange(1, 10_000),
  }),
  option({
    key: "simulator",
    env: "SCORELINE_SIMULATOR",
    flag: "simulator",
    description: "live simulator in the worker role: auto (on in demo mode), on, off",
    defaultRaw: "auto",
    parse: parseOneOf(SIMULATOR_MODES),
  }),
  option({
    key: "oddsMoveThreshold",
    env: "SCORELINE_ODDS_MOVE_THRESHOLD",
    flag: "odds-move-threshold",
    description: "relative price move that fires odds.moved (0.05 = 5 %)",
    defaultRaw: "0.05",
    parse: parseNumberInRange(0.001, 1),
  }),
  option({
    key: "webhookRetrySchedule",
    env: "SCORELINE_WEBHOOK_RETRY_SCHEDULE",
    flag: "webhook-retry-schedule",
    description: "seconds before each of the (at most 5) webhook attempts, ±20 % jitter",
    defaultRaw: "0,5,300,1800,7200",
    parse: parseRetrySchedule,
  }),
  option({
    key: "webhookTimeoutMs",
    env: "SCORELINE_WEBHOOK_TIMEOUT_MS",
    flag: "webhook-timeout-ms",
    description:
      "time allowed for one webhook attempt (connect, send, answer), ms; at most 10000, below the delivery lease",
    defaultRaw: "10000",
    parse: parseIntegerInRange(100, 10_000),
  }),
  option({
    key: "webhookAllowPrivate",
    env: "SCORELINE_WEBHOOK_ALLOW_PRIVATE",
    flag: "webhook-allow-private",
    description: "allow webhook targets on loopback/private addresses (local testing only)",
    defaultRaw: "false",
    parse: parseBoolean,
  }),
  option({
    key: "webhookDisableAfterHours",
    env: "SCORELINE_WEBHOOK_DISABLE_AFTER_HOURS",
    flag: "webhook-disable-after-hours",
    description:
      "disable a webhook subscription whose deliveries have all failed for this many hours",
    defaultRaw: "72",
    parse: parseNumberInRange(0.001, 8760),
  }),
  option({
    key: "webhookLogRetentionDays",
    env: "SCORELINE_WEBHOOK_LOG_RETENTION_DAYS",
    flag: "webhook-log-retention-days",
    description: "keep finished webhook deliveries and their attempts this many days",
    defaultRaw: "30",
    parse: parseNumberInRange(0.001, 3650),
  }),
  option({
    key: "eventLogRetentionMinutes",
    env: "SCORELINE_EVENT_LOG_RETENTION_MINUTES",
    flag: "event-log-retention-minutes",
    description:
      "keep live domain events (the stream's recovery window) this many minutes; at least 10",
    defaultRaw: "60",
    parse: parseNumberInRange(10, 525_600),
  }),
  option({
    key: "feedIdRetentionHours",
    env: "SCORELINE_FEED_ID_RETENTION_HOURS",
    flag: "feed-id-retention-hours",
    description:
      "remember applied feed message ids (a repeated id is applied once) this many hours",
    defaultRaw: "168",
    parse: parseNumberInRange(1, 87_600),
  }),
  option({
    key: "tlsCert",
    env: "SCORELINE_TLS_CERT",
    flag: "tls-cert",
    description: "PEM certificate file: serve HTTPS/WSS directly",
    defaultRaw: undefined,
    parse: parseNonEmpty,
  }),
  option({
    key: "tlsKey",
    env: "SCORELINE_TLS_KEY",
    flag: "tls-key",
    description: "PEM private key file for SCORELINE_TLS_CERT",
    defaultRaw: undefined,
    parse: parseNonEmpty,
  }),
  option({
    key: "readCache",
    env: "SCORELINE_READ_CACHE",
    flag: "read-cache",
    description: "keep read responses until the data changes (exact invalidation)",
    defaultRaw: "true",
    parse: parseBoolean,
  }),
  option({
    key: "trustProxy",
    env: "SCORELINE_TRUST_PROXY",
    flag: "trust-proxy",
    description: "behind a reverse proxy: take the client address from X-Forwarded-For",
    defaultRaw: "false",
    parse: parseBoolean,
  }),
  option({
    key: "corsOrigins",
    env: "SCORELINE_CORS_ORIGINS",
    flag: "cors-origins",
    description:
      "browser origins allowed to call the api role (comma-separated exact origins; default none: keys stay on servers). The sandbox allows any origin",
    defaultRaw: "",
    parse: parseOrigins,
  }),
  option({
    key: "shedEventLoopDelayMs",
    env: "SCORELINE_SHED_EVENT_LOOP_DELAY_MS",
    flag: "shed-event-loop-delay-ms",
    description:
      "answer 503 + Retry-After while the event loop's mean delay is above this many ms (0, the default: never; see docs/operations.md)",
    defaultRaw: "0",
    parse: parseIntegerInRange(0, 60_000),
  }),
  option({
    key: "maxInFlight",
    env: "SCORELINE_MAX_IN_FLIGHT",
    flag: "max-in-flight",
    description:
      "answer 503 + Retry-After while more requests than this are in flight (0: no limit)",
    defaultRaw: "1024",
    parse: parseIntegerInRange(0, 1_000_000),
  }),
  option({
    key: "plansFile",
    env: "SCORELINE_PLANS_FILE",
    flag: "plans-file",
    description: "JSON file overriding or adding plans (format: docs/accounts.md#the-plans-file)",
    defaultRaw: undefined,
    parse: parseNonEmpty,
  }),
  option({
    key: "publicUrl",
    env: "SCORELINE_PUBLIC_URL",
    flag: "public-url",
    description:
      "the origin users reach the api role at; links in mail are built on it (default: the request's own origin)",
    defaultRaw: undefined,
    parse: parsePublicUrl,
  }),
  option({
    key: "smtpUrl",
    env: "SCORELINE_SMTP_URL",
    flag: "smtp-url",
    description:
      "send the dashboard's mail (verification, reset) over SMTP; unset: write it to the log",
    defaultRaw: undefined,
    parse: parseSmtpUrl,
    secret: true,
  }),
  option({
    key: "mailFrom",
    env: "SCORELINE_MAIL_FROM",
    flag: "mail-from",
    description: "the From of the dashboard's mail",
    defaultRaw: "Scoreline <no-reply@scoreline.localhost>",
    parse: parseNonEmpty,
  }),
  option({
    key: "sessionIdleMinutes",
    env: "SCORELINE_SESSION_IDLE_MINUTES",
    flag: "session-idle-minutes",
    description: "a dashboard session ends after this many minutes without a request",
    defaultRaw: "60",
    parse: parseIntegerInRange(1, 10_080),
  }),
  option({
    key: "sessionMaxHours",
    env: "SCORELINE_SESSION_MAX_HOURS",
    flag: "session-max-hours",
    description: "a dashboard session ends this many hours after sign-in, however active",
    defaultRaw: "12",
    parse: parseIntegerInRange(1, 720),
  }),
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
];
