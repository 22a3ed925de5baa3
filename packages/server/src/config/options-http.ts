/**
 * Options of the HTTP hosts: TLS, the read cache, proxies, CORS origins and overload shedding.
 */
import { type AnyOption, option } from "./config-shape.js";
import { parseBoolean, parseIntegerInRange, parseNonEmpty, parseOrigins } from "./parsers.js";

export const HTTP_OPTIONS: readonly AnyOption[] = [
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
];
