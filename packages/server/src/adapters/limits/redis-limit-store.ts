/**
 * The LimitStore for several nodes. One Lua script per `hit` reads every window's counter,
 * decides, and increments them all only when allowed, so the check and the count are one atomic
 * step across nodes. Keys are `<prefix>{<key>}:<window>`: the hash tag keeps one key's windows in
 * one cluster slot. Each counter expires a little after its window ends; the TTL is relative
 * (PEXPIRE), so Redis's own clock, and clocks injected in tests, cannot expire a live counter.
 */
import { Redis } from "ioredis";
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

type HitCommand = (numKeys: number, ...keysAndArgs: Array<string | number>) => Promise<number[]>;
type ClientWithHit = Redis & { [HIT_COMMAND]: HitCommand };

export type RedisLimitStoreOptions = { prefix?: string } & (
  | { url: string }
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
      "url" in options ? new Redis(options.url, { enableAutoPipelining: true }) : options.client;
    this.ownsClient = "url" in options ? true : (options.ownsClient ?? false);
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
    const [allowed, ...counts] = await this.client[HIT_COMMAND](keys.length, ...keys, ...args);
    return buildCountResult(windows, counts, now, allowed === 1);
  }

  async peek(key: string, windows: readonly HitWindowSpec[], now: Date): Promise<CountResult> {
    if (windows.length === 0) return buildCountResult(windows, [], now, true);
    const keys = windows.map((window) => this.counterKey(key, window, now));
    const values = await this.client.mget(keys);
    const used = values.map((value) => (value === null ? 0 : Number(value)));
    return buildCountResult(windows, used, now, wouldAllow(windows, used));
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.quit();
  }

  private counterKey(key: string, window: HitWindowSpec, now: Date): string {
    return `${this.prefix}{${key}}:${windowSpan(window.name, now).suffix}`;
  }
}
