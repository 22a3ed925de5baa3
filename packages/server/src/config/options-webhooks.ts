/**
 * Options of webhook deliveries: the retry schedule, the timeout of an attempt, private targets,
 * when a failing endpoint is disabled and how long the delivery log is kept.
 */
import { type AnyOption, option } from "./config-shape.js";
import {
  parseBoolean,
  parseIntegerInRange,
  parseNumberInRange,
  parseRetrySchedule,
} from "./parsers.js";

export const WEBHOOK_OPTIONS: readonly AnyOption[] = [
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
];
