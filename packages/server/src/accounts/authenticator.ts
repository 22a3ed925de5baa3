/**
 * Turns presented key text into a principal (key, account, effective plan), or a 401.
 * Lookups are cached per node for 750 ms — answers included, bad keys too — so the database
 * sees about one query per key per second, and a revocation or expiry made anywhere takes
 * effect everywhere within a second (scheduled revocations and expiries are checked
 * against the clock on every request, cached or not).
 */

import { applyCustomLimits, type CustomLimits, type Plan } from "../config/plans.js";
import { ServiceError } from "../errors/service-error.js";
import { type KeyCacheLookups, keyCacheLookups } from "../metrics/key-metrics.js";
import { parseJson } from "../store/json-columns.js";
import { type AccountsContext, findAccount, findKeyByHash, listKeys } from "./accounts-service.js";
import { hashKey, type KeyKind, keyKind } from "./key-material.js";

export interface Principal {
  keyId: string;
  accountId: string;
  kind: KeyKind;
  plan: Plan;
}

interface Cached {
  /** null: no such key. */
  found: { principal: Principal; expiresAtMs: number | null; revokedAtMs: number | null } | null;
  fetchedAt: number;
}

/** Below one second, so "within one second" holds with room for the request that notices. */
const TTL_MS = 750;
const MAX_ENTRIES = 50_000;

export class Authenticator {
  private readonly cache = new Map<string, Cached>();
  /**
   * Presented text → its SHA-256, so a key seen before is not hashed again on every request.
   * Key text reaches this process's memory with every request anyway; it is never written out.
   */
  private readonly hashes = new Map<string, string>();
  private readonly lookups: KeyCacheLookups;

  constructor(
    private readonly ctx: AccountsContext,
    /** Which key kind this host accepts: `live` on the real host, `test` on the sandbox. */
    private readonly accepts: KeyKind,
    private readonly monotonic: () => number = () => performance.now(),
  ) {
    this.lookups = keyCacheLookups(accepts === "live" ? "live" : "sandbox");
  }

  async authenticate(text: string | undefined): Promise<Principal> {
    const hash = this.hashOf(text);
    return verdict(await this.lookup(hash), this.ctx.clock());
  }

  /**
   * The same answer without waiting, when this node's cache can give it (the common case: a
   * key seen within the cache's lifetime); undefined when the database must be asked.
   */
  cached(text: string | undefined): Principal | undefined {
    const entry = this.fresh(this.hashOf(text));
    return entry === undefined ? undefined : verdict(entry, this.ctx.clock());
  }

  /** The key's hash, once its text is well-formed and of the kind this host accepts. */
  private hashOf(text: string | undefined): string {
    // Text hashed before passed the checks below then: a known key skips its format check.
    const known = text === undefined ? undefined : this.hashes.get(text);
    if (known !== undefined) return known;
    if (text === undefined || text === "") {
      throw unauthorized("an API key is required: send Authorization: Bearer <key>");
    }
    const kind = keyKind(text);
    if (kind === null) throw unauthorized("the API key is malformed");
    if (kind !== this.accepts) {
      throw unauthorized(
        kind === "test"
          ? "sandbox keys (sl_test_…) work only on the sandbox host"
          : "live keys (sl_live_…) are not used on the sandbox host",
      );
    }
    if (this.hashes.size >= MAX_ENTRIES) this.hashes.clear();
    const hash = hashKey(text);
    this.hashes.set(text, hash);
    return hash;
  }

  private fresh(hash: string): Cached | undefined {
    const cached = this.cache.get(hash);
    if (cached === undefined || this.monotonic() - cached.fetchedAt >= TTL_MS) return undefined;
    this.lookups.hit.inc();
    return cached;
  }

  /** Drops a cached key at once (a revocation announced by another node). */
  forget(hash: string): void {
    this.cache.delete(hash);
  }

  private async lookup(hash: string): Promise<Cached> {
    const cached = this.fresh(hash);
    if (cached !== undefined) return cached;
    this.lookups.miss.inc();
    const row = await findKeyByHash(this.ctx, hash);
    const plan = row === undefined ? undefined : this.ctx.plans[row.plan];
    const entry: Cached = {
      found:
        row === undefined || plan === undefined
          ? null
          : {
              principal: {
                keyId: row.id,
                accountId: row.account_id,
                kind: row.kind as KeyKind,
                plan: applyCustomLimits(plan, parseJson<CustomLimits>(row.account_limits) ?? {}),
              },
              expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
              revokedAtMs: row.revoked_at === null ? null : Date.parse(row.revoked_at),
            },
      fetchedAt: this.monotonic(),
    };
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(hash, entry);
    return entry;
  }
}

/**
 * The principal each of an account's usable keys authenticates as (the dashboard shows each
 * key's counters against its effective plan).
 */
export async function principalsOf(ctx: AccountsContext, accountId: string) {
  const account = await findAccount(ctx, accountId);
  const custom = parseJson<CustomLimits>(account.limits) ?? {};
  const keys = await listKeys(ctx, accountId);
  return keys.flatMap((key) => {
    const plan = ctx.plans[key.plan];
    if (plan === undefined || key.state !== "active") return [];
    const principal: Principal = {
      keyId: key.id,
      accountId,
      kind: key.kind as KeyKind,
      plan: applyCustomLimits(plan, custom),
    };
    return [{ key, principal }];
  });
}

/** The principal of a looked-up key, or the 401 it gets now (unknown, revoked, expired). */
function verdict(entry: Cached, now: Date): Principal {
  if (entry.found === null) throw unauthorized("the API key is not valid");
  const at = now.getTime();
  if (entry.found.revokedAtMs !== null && entry.found.revokedAtMs <= at) {
    throw unauthorized("the API key has been revoked");
  }
  if (entry.found.expiresAtMs !== null && entry.found.expiresAtMs <= at) {
    throw unauthorized("the API key has expired");
  }
  return entry.found.principal;
}

function unauthorized(message: string): ServiceError {
  return new ServiceError("invalid_api_key", message);
}
