/**
 * Connection slots shared by every node through Redis. Each group (an account) is a sorted set
 * `<prefix>ws:{<group>}` of connection ids scored by the time (Redis's own clock, ms) until
 * which the owning node vouches for them. The node refreshes its connections' scores every
 * `heartbeatMs`; entries whose time has passed belong to a node that died and are removed
 * before counting. Check-and-add is one Lua script, so two nodes cannot both take the last slot.
 */
import type { Redis } from "ioredis";
import { closeRedis, createFailFastRedis } from "../adapters/redis/fail-fast-redis.js";
import type { ConnectionSlots, SlotResult } from "./connection-slots.js";

const DEFAULT_SLOTS_PREFIX = "scoreline:";

/** KEYS[1] the group's set. ARGV: id, limit (-1 = none), ttl ms. Returns {allowed, count}. */
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local count = redis.call('ZCARD', KEYS[1])
local limit = tonumber(ARGV[2])
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  if limit >= 0 and count >= limit then return {0, count} end
  count = count + 1
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl * 2)
return {1, count}
`;

/** KEYS[1] the group's set. ARGV: ttl ms, then this node's ids in it. */
const REFRESH_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl * 2)
return #ARGV - 1
`;

/** KEYS[1] the group's set. Returns how many connections are vouched for now. */
const COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')
`;

/** A defined script: its one key, then its arguments. */
type Script = (key: string, ...args: Array<string | number>) => Promise<unknown>;
type SlotsClient = Redis & {
  scorelineSlotAcquire: Script;
  scorelineSlotRefresh: Script;
  scorelineSlotCount: Script;
};

export type RedisConnectionSlotsOptions = {
  /** Key prefix; tests use their own to stay apart. */
  prefix?: string;
  /** How long a connection counts without a heartbeat (a dead node's last ones expire then). */
  ttlMs?: number;
  /** How often this node refreshes its connections (default a third of the TTL). */
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
} /** A fail-fast connection of its own (ADR-0036): refused at once while Redis is away. */ & (
  | { url: string; commandTimeoutMs?: number }
  | { client: Redis; ownsClient?: boolean }
);

export class RedisConnectionSlots implements ConnectionSlots {
  private readonly client: SlotsClient;
  private readonly ownsClient: boolean;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly onError: (error: unknown) => void;
  /** This node's connections, by group: what the heartbeat refreshes. */
  private readonly held = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;
  /** Releases not yet answered: `close` waits for them before it quits the client. */
  private readonly releasing = new Set<Promise<unknown>>();

  constructor(options: RedisConnectionSlotsOptions) {
    const client =
      "url" in options
        ? createFailFastRedis(options.url, {
            autoPipelining: true,
            commandTimeoutMs: options.commandTimeoutMs,
            connection: "stream_slots",
          })
        : options.client;
    this.ownsClient = "url" in options ? true : (options.ownsClient ?? false);
    this.prefix = options.prefix ?? DEFAULT_SLOTS_PREFIX;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.onError = options.onError ?? (() => {});
    if (!("scorelineSlotAcquire" in client)) {
      client.defineCommand("scorelineSlotAcquire", { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
      client.defineCommand("scorelineSlotRefresh", { numberOfKeys: 1, lua: REFRESH_SCRIPT });
      client.defineCommand("scorelineSlotCount", { numberOfKeys: 1, lua: COUNT_SCRIPT });
    }
    this.client = client as SlotsClient;
    if (this.ownsClient) client.on("error", this.onError);
    this.timer = setInterval(() => void this.refresh(), options.heartbeatMs ?? this.ttlMs / 3);
    this.timer.unref();
  }

  async acquire(group: string, id: string, limit: number | null): Promise<SlotResult> {
    const [allowed, count] = (await this.client.scorelineSlotAcquire(
      this.key(group),
      id,
      limit ?? -1,
      this.ttlMs,
    )) as [number, number];
    if (allowed !== 1) return { allowed: false, count };
    let members = this.held.get(group);
    if (members === undefined) {
      members = new Set();
      this.held.set(group, members);
    }
    members.add(id);
    return { allowed: true, count };
  }

  async release(group: string, id: string): Promise<void> {
    const members = this.held.get(group);
    members?.delete(id);
    if (members?.size === 0) this.held.delete(group);
    const removal = this.client.zrem(this.key(group), id);
    this.releasing.add(removal);
    try {
      await removal;
    } finally {
      this.releasing.delete(removal);
    }
  }

  async count(group: string): Promise<number> {
    return Number(await this.client.scorelineSlotCount(this.key(group)));
  }

  /** Rejects unless Redis answers now (readiness). */
  async ping(): Promise<void> {
    await this.client.ping();
  }

  /** Re-vouches for every connection this node holds. */
  async refresh(): Promise<void> {
    const groups = [...this.held.entries()];
    await Promise.all(
      groups.map(([group, members]) =>
        members.size === 0
          ? undefined
          : this.client
              .scorelineSlotRefresh(this.key(group), this.ttlMs, ...members)
              .catch(this.onError),
      ),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const groups = [...this.held.entries()];
    this.held.clear();
    await Promise.allSettled([
      ...this.releasing,
      ...groups.map(([group, members]) => this.client.zrem(this.key(group), ...members)),
    ]);
    if (this.ownsClient) await closeRedis(this.client);
  }

  private key(group: string): string {
    return `${this.prefix}ws:{${group}}`;
  }
}
