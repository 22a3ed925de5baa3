/**
 * The LimitStore for several nodes. One Lua script per `hit` reads every window's counter,
 * decides, and increments them all only when allowed, so the check and the count are one atomic
 * step across nodes. Keys are `<prefix>{<key>}:<window>`: the hash tag keeps one key's windows in
 * one cluster slot. Each counter expires a little after its window ends; the TTL is relative
 * (PEXPIRE), so Redis's own clock, and clocks injected in tests, cannot expire a live counter.
 */
import type { Redis } from "ioredis";
import { ServiceError } from "../../errors/service-error.js";
import { closeRedis, createFailFastRedis } from "../redis/fail-fast-redis.js";
import { buildCountResult, wouldAllow } from "./count-result.js";
import type { CountResult, HitWindowSpec, LimitStore } from "./types.js";
import { windowSpan } from "./windows.js";

const DEFAULT_LIMITS_PREFIX = "scoreline:limits:";

/** Counters outlive their window by this much, then Redis drops them. */
const EXPIRY_GRACE_MS = 60_000;

/**
 * KEYS: one counter per window. ARGV: per window, its blocking limit (-1 = never blocks) and the
 * counter's time to live in ms. Returns { allowed (1/0), count per window (after when allowed, else before) }.
 */
const HIT_SCRIPT = `
local counts = {}
local allowed = 1
for i = 1, #KEYS do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  counts[i] = used
  local limit = tonumber(ARGV[2 * i - 1])
  if limit >= 0 and used >= limit then allowed = 0 end
end
if allowed == 1 then
  for i = 1, #KEYS do
    counts[i] = redis.call('INCR', KEYS[i])
    redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
  end
end
table.insert(counts, 1, allowed)
return counts
`;

const HIT_COMMAND = "scorelineLimitHit";

/** Retry-After of a call refused because the counters are away (the client reconnects each second). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * What a caller sees when Redis does not answer: 503, never a count made on this node alone
 * (the limits are exact across nodes, ADR-0036). The cause goes to the log, not to the client.
 */
function countersUnavailable(cause: unknown): never {
  const error = new ServiceError(
    "service_unavailable",
    "the rate-limit counters are unavailable; retry shortly",
    { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
  );
  error.cause = cause;
  throw error;
}

type HitCommand = (numKeys: number, ...keysAndArgs: Array<string | number>) => Promise<number[]>;
type ClientWithHit = Redis & { [HIT_COMMAND]: HitCommand };

export type RedisLimitStoreOptions = {
  prefix?: string;
  /** Connection errors of a client made here (Redis away, reconnecting). */
  onError?: (error: unknown) => void;
} /** A fail-fast connection of its own (ADR-0036); `commandTimeoutMs` bounds each command. */ & (
  | { url: string; commandTimeoutMs?: number }
  /** An existing client; `ownsClient` (default false) makes `close` quit it. */
  | { client: Redis; ownsClient?: boolean }
);

export class RedisLimitStore implements LimitStore {
  private readonly client: ClientWithHit;
  private readonly ownsClient: boolean;
  private readonly prefix: string;

  constructor(options: RedisLimitStoreOptions) {
    // Auto-pipelining sends the counts of concurrent requests in one write per tick.
    const client =
      "url" in options
        ? createFailFastRedis(options.url, {
            autoPipelining: true,
            commandTimeoutMs: options.commandTimeoutMs,
            connection: "limits",
          })
        : options.client;
    this.ownsClient = "url" in options ? true : (options.ownsClient ?? false);
    if ("url" in options) client.on("error", options.onError ?? (() => {}));
    this.prefix = options.prefix ?? DEFAULT_LIMITS_PREFIX;
    if (!(HIT_COMMAND in client)) client.defineCommand(HIT_COMMAND, { lua: HIT_SCRIPT });
    this.client = client as ClientWithHit;
  }

  async hit(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult> {
    if (windows.length === 0) return buildCountResult(windows, [], now, true);
    const keys = windows.map((window) => this.counterKey(key, window, now));
    const args = windows.flatMap((window) => [
      window.limit === null || window.allowOverage ? -1 : window.limit,
      windowSpan(window.name, now).endMs - now.getTime() + EXPIRY_GRACE_MS,
    ]);
    const [allowed, ...counts] = await this.client[HIT_COMMAND](
      keys.length,
      ...keys,
      ...args,
    ).catch(countersUnavailable);
    return buildCountResult(windows, counts, now, allowed === 1);
  }

  async peek(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult> {
    if (windows.length === 0) return buildCountResult(windows, [], now, true);
    const keys = windows.map((window) => this.counterKey(key, window, now));
    const values = await this.client.mget(keys).catch(countersUnavailable);
    const used = values.map((value) => (value === null ? 0 : Number(value)));
    return buildCountResult(windows, used, now, wouldAllow(windows, used));
  }

  /** Rejects unless Redis answers now (readiness). */
  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    if (this.ownsClient) await closeRedis(this.client);
  }

  private counterKey(key: string, window: HitWindowSpec, now: Date): string {
    return `${this.prefix}{${key}}:${windowSpan(window.name, now).suffix}`;
  }
}
