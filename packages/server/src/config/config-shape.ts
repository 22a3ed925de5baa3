/**
 * The shape of the configuration: the parsed `Config`, and how one option is declared (its
 * environment variable, CLI flag, default and parser). The options themselves are grouped by
 * concern in `options-*.ts`; `options.ts` lists them all in order.
 */

import type { Plan } from "./plans.js";

/** The roles this build can run (ADR-0001); later capabilities add theirs here. */
export const ROLES = ["api", "stream", "sandbox", "worker"] as const;
type Role = (typeof ROLES)[number];

/** `auto`: the simulator drives the demo store in demo mode and stays off otherwise. */
export const SIMULATOR_MODES = ["auto", "on", "off"] as const;
type SimulatorMode = (typeof SIMULATOR_MODES)[number];

/** The sample world's sizes (src/sample/generate.ts `SampleWorld`). */
export const SAMPLE_WORLDS = ["full", "core"] as const;
type SampleWorldSize = (typeof SAMPLE_WORLDS)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["auto", "json", "pretty"] as const;
/** `auto`: human-readable lines when standard output is a terminal, JSON lines otherwise. */
export type LogFormat = (typeof LOG_FORMATS)[number];

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
  /** The sample world's size: `full`, or `core` without the regional competitions (ADR-0044). */
  sampleWorld: SampleWorldSize;
  /** Main host: world seconds per real second (1: real time; above, a compressed calendar). */
  simSpeed: number;
  /** Sandbox: its compressed calendar's world seconds per real second. */
  sandboxSpeed: number;
  /** Sandbox: world days of history kept (finished matches, seasons over); older is pruned. */
  sandboxHistoryDays: number;
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
  /** scrypt's work factor for new dashboard password hashes. */
  passwordCost: number;
  roles: Role[];
  logLevel: LogLevel;
  logFormat: LogFormat;
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

export function option<K extends OptionKey>(spec: OptionSpec<K>): OptionSpec<K> {
  return spec;
}

/** Any one option, whatever its key. */
export type AnyOption = { [K in OptionKey]: OptionSpec<K> }[OptionKey];
