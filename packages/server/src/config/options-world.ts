/**
 * Options of the sample world: demo mode, its seed, the simulator and the speeds of the main
 * host's and the sandbox's calendars, the sandbox's history, and how long the live log is kept.
 */
import { type AnyOption, option, SAMPLE_WORLDS, SIMULATOR_MODES } from "./config-shape.js";
import { parseBoolean, parseIntegerInRange, parseNumberInRange, parseOneOf } from "./parsers.js";

export const WORLD_OPTIONS: readonly AnyOption[] = [
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
    key: "sampleWorld",
    env: "SCORELINE_SAMPLE_WORLD",
    flag: "sample-world",
    description:
      "sample world: full (regional competitions keep every sport live around the clock) or core (smaller, quicker to load)",
    defaultRaw: "full",
    parse: parseOneOf(SAMPLE_WORLDS),
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
    key: "sandboxHistoryDays",
    env: "SCORELINE_SANDBOX_HISTORY_DAYS",
    flag: "sandbox-history-days",
    description:
      "sandbox: keep finished matches (and seasons over) this many days of its world's time",
    defaultRaw: "14",
    parse: parseIntegerInRange(7, 3_650),
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
];

export const LIVE_LOG_OPTIONS: readonly AnyOption[] = [
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
];
