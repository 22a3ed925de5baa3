/**
 * Options of accounts and the dashboard: the plans file, the public URL its links use, mail, and
 * how long a session lasts.
 */
import { type AnyOption, option } from "./config-shape.js";
import {
  parseIntegerInRange,
  parseNonEmpty,
  parsePowerOfTwo,
  parsePublicUrl,
  parseSmtpUrl,
} from "./parsers.js";

export const ACCOUNT_OPTIONS: readonly AnyOption[] = [
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
    key: "passwordCost",
    env: "SCORELINE_PASSWORD_COST",
    flag: "password-cost",
    description:
      "scrypt's work factor N for dashboard passwords set from now on (a power of two, 1024–131072); hashes keep the cost they were made with. Lower it only for tests",
    defaultRaw: "32768",
    parse: parsePowerOfTwo(1_024, 131_072),
  }),
];
