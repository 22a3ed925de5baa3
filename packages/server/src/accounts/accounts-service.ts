/**
 * Account and key verbs, used by the CLI, the admin API and authentication. A key's text is
 * returned once, by `createKey`; afterwards only its id, prefix and state are visible.
 */
import type { Selectable } from "kysely";
import type { NoticePublisher } from "../adapters/bus/event-bus.js";
import type { CustomLimits, Plan } from "../config/plans.js";
import { invalidParameter, notFound } from "../errors/service-error.js";
import { newId } from "../lib/ids.js";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import type { AccountsTable, ApiKeysTable } from "../store/account-tables.js";
import { parseJson } from "../store/json-columns.js";
import { displayPrefix, generateKey, hashKey, type KeyKind } from "./key-material.js";

export type AccountRow = Selectable<AccountsTable>;
export type KeyRow = Selectable<ApiKeysTable>;

export interface AccountsContext extends ServiceContext {
  plans: Readonly<Record<string, Plan>>;
  /**
   * Where revocations are announced (the event bus): every stream node closes the key's open
   * connections at once. Absent, or a notice lost, the stream's per-second check of its keys
   * closes them within a second (docs/stream.md).
   */
  notices?: NoticePublisher | undefined;
  /** scrypt's work factor for the passwords set here (`SCORELINE_PASSWORD_COST`; default 2^15). */
  passwordCost?: number | undefined;
}

/** What revoking needs: the store, the clock and, when there is one, the bus to announce it on. */
export type RevocationContext = ServiceContext & Pick<AccountsContext, "notices">;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function presentAccount(row: AccountRow) {
  return {
    id: row.id,
    email: row.email,
    plan: row.plan,
    limits: parseJson<CustomLimits>(row.limits) ?? {},
    created_at: row.created_at,
  };
}

function presentKey(row: KeyRow, now: Date) {
  return {
    id: row.id,
    account_id: row.account_id,
    kind: row.kind,
    plan: row.plan,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    state: keyState(row, now),
  };
}

function keyState(row: KeyRow, now: Date): "active" | "expired" | "revoked" {
  const at = isoSeconds(now);
  if (row.revoked_at !== null && row.revoked_at <= at) return "revoked";
  if (row.expires_at !== null && row.expires_at <= at) return "expired";
  return "active";
}

function requirePlan(ctx: AccountsContext, plan: string): string {
  if (!(plan in ctx.plans)) {
    throw invalidParameter("plan", `plan must be one of: ${Object.keys(ctx.plans).join(", ")}`);
  }
  return plan;
}

export async function createAccount(
  ctx: AccountsContext,
  input: { email: string; plan?: string | undefined; limits?: CustomLimits | undefined },
) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidParameter("email", "email must be an email address");
  const plan = requirePlan(ctx, input.plan ?? "free");
  const existing = await ctx.store.db
    .selectFrom("accounts")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing !== undefined)
    throw invalidParameter("email", `an account with email ${email} exists`);
  const now = isoSeconds(ctx.clock());
  const row: AccountRow = {
    id: newId("acc"),
    email,
    plan,
    limits: JSON.stringify(input.limits ?? {}),
    created_at: now,
    updated_at: now,
    password_hash: null,
    email_verified_at: null,
  };
  await ctx.store.db.insertInto("accounts").values(row).execute();
  return presentAccount(row);
}

export async function findAccount(ctx: ServiceContext, ref: string): Promise<AccountRow> {
  const account = await accountIfAny(ctx, ref);
  if (account === undefined) throw notFound(`account ${ref}`);
  return account;
}

/** The account with this id or email, or undefined (a database failure still throws). */
export async function accountIfAny(
  ctx: ServiceContext,
  ref: string,
): Promise<AccountRow | undefined> {
  return ctx.store.db
    .selectFrom("accounts")
    .selectAll()
    .where((eb) => eb.or([eb("id", "=", ref), eb("email", "=", ref.trim().toLowerCase())]))
    .executeTakeFirst();
}

export interface CreateKeyInput {
  /** Account id or email; a new account is made for the key when absent. */
  account?: string | undefined;
  /** Defaults to the account's plan. */
  plan?: string | undefined;
  kind: KeyKind;
  name?: string | undefined;
  expiresAt?: Date | undefined;
}

export async function createKey(ctx: AccountsContext, input: CreateKeyInput) {
  const now = ctx.clock();
  if (input.expiresAt !== undefined && input.expiresAt <= now) {
    throw invalidParameter("expires_at", "expires_at must be in the future");
  }
  if (input.name !== undefined && input.name.trim().length > 100) {
    throw invalidParameter("name", "a key's name must have at most 100 characters");
  }
  const keyId = newId("key");
  const account =
    input.account !== undefined
      ? await findAccount(ctx, input.account)
      : await findAccount(
          ctx,
          (await createAccount(ctx, { email: `${keyId}@keys.scoreline.invalid`, plan: input.plan }))
            .id,
        );
  const plan = requirePlan(ctx, input.plan ?? account.plan);
  const key = generateKey(input.kind);
  const row: KeyRow = {
    id: keyId,
    account_id: account.id,
    kind: input.kind,
    plan,
    name: input.name?.trim() || `${input.kind} key`,
    prefix: displayPrefix(key),
    hash: hashKey(key),
    created_at: isoSeconds(now),
    expires_at: input.expiresAt === undefined ? null : isoSeconds(input.expiresAt),
    revoked_at: null,
    last_used_at: null,
  };
  await ctx.store.db.insertInto("api_keys").values(row).execute();
  return { ...presentKey(row, now), key };
}

/**
 * Moves an account to another plan; its keys follow (a key's plan is the account's unless an
 * operator gave it another, which this overrides too). Takes effect within a second everywhere.
 */
export async function setAccountPlan(ctx: AccountsContext, ref: string, plan: string) {
  const account = await findAccount(ctx, ref);
  requirePlan(ctx, plan);
  const now = isoSeconds(ctx.clock());
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("accounts")
      .set({ plan, updated_at: now })
      .where("id", "=", account.id)
      .execute();
    await trx.updateTable("api_keys").set({ plan }).where("account_id", "=", account.id).execute();
  });
  return presentAccount({ ...account, plan, updated_at: now });
}

/** Every account, oldest first. */
export async function listAccounts(ctx: ServiceContext) {
  const rows = await ctx.store.db
    .selectFrom("accounts")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(presentAccount);
}

/** Account id → email, for listings that show whose a key is. */
export async function accountEmails(ctx: ServiceContext): Promise<Map<string, string>> {
  const rows = await ctx.store.db.selectFrom("accounts").select(["id", "email"]).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function listKeys(ctx: ServiceContext, account?: string) {
  let query = ctx.store.db.selectFrom("api_keys").selectAll().orderBy("created_at").orderBy("id");
  if (account !== undefined)
    query = query.where("account_id", "=", (await findAccount(ctx, account)).id);
  const now = ctx.clock();
  return (await query.execute()).map((row) => presentKey(row, now));
}

/**
 * Revokes now, or at a chosen moment (the key keeps working until then). The one verb behind
 * the CLI, the admin API and the dashboard (revoke, rotate): it announces the revocation on the
 * bus, so stream nodes close the key's connections at `at` without waiting for a check.
 */
export async function revokeKey(ctx: RevocationContext, id: string, at?: Date) {
  const now = ctx.clock();
  const when = isoSeconds(at ?? now);
  const row = await ctx.store.db
    .selectFrom("api_keys")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(`key ${id}`);
  await ctx.store.db
    .updateTable("api_keys")
    .set({ revoked_at: when })
    .where("id", "=", id)
    .execute();
  // Best effort: a notice the bus cannot take (Redis away) is covered by the stream's check.
  await ctx.notices
    ?.publishNotice({ type: "key.revoked", key_id: id, at: when })
    .catch(() => undefined);
  return presentKey({ ...row, revoked_at: when }, now);
}

/** One of the account's keys; another account's key is a 404, as if it did not exist. */
async function ownKey(ctx: ServiceContext, accountId: string, id: string): Promise<KeyRow> {
  const row = await ctx.store.db
    .selectFrom("api_keys")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (row === undefined) throw notFound(`key ${id}`);
  return row;
}

/** Revokes one of the account's keys now or at `at` (a key already revoked keeps its time). */
export async function revokeOwnKey(
  ctx: RevocationContext,
  accountId: string,
  id: string,
  at?: Date,
) {
  const row = await ownKey(ctx, accountId, id);
  if (row.revoked_at !== null && row.revoked_at <= isoSeconds(ctx.clock())) {
    return presentKey(row, ctx.clock());
  }
  return revokeKey(ctx, id, at);
}

/**
 * The interface's rotation: a new key of the same kind and plan ("issue a new key, switch,
 * revoke the old key"), the old one revoked at `revokeAt` (now allowed).
 */
export async function rotateKey(
  ctx: AccountsContext,
  accountId: string,
  id: string,
  revokeAt: Date,
) {
  const old = await ownKey(ctx, accountId, id);
  const now = ctx.clock();
  if (old.revoked_at !== null && old.revoked_at <= isoSeconds(now)) {
    throw invalidParameter("key", "a revoked key cannot be rotated; create a new one");
  }
  if (revokeAt.getTime() < now.getTime()) {
    throw invalidParameter("revoke_at", "the old key's revocation time must not be in the past");
  }
  const created = await createKey(ctx, {
    account: accountId,
    kind: old.kind as KeyKind,
    plan: old.plan,
    name: old.name,
  });
  const revoked = await revokeKey(ctx, id, revokeAt);
  return { created, revoked };
}

/** The key with this hash and its account, whatever its state (the caller decides). */
export async function findKeyByHash(ctx: ServiceContext, hash: string) {
  return ctx.store.db
    .selectFrom("api_keys as k")
    .innerJoin("accounts as a", "a.id", "k.account_id")
    .select([
      "k.id",
      "k.account_id",
      "k.kind",
      "k.plan",
      "k.expires_at",
      "k.revoked_at",
      "a.limits as account_limits",
      "a.plan as account_plan",
    ])
    .where("k.hash", "=", hash)
    .executeTakeFirst();
}

/**
 * Of the given key ids, those that no longer authenticate now: revoked or expired (their time
 * has come), or deleted. One query per 500 ids; the stream's per-second check of its keys.
 */
export async function keysNoLongerValid(
  ctx: ServiceContext,
  ids: readonly string[],
): Promise<string[]> {
  const now = isoSeconds(ctx.clock());
  const invalid: string[] = [];
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const valid = await ctx.store.db
      .selectFrom("api_keys")
      .select("id")
      .where("id", "in", chunk)
      .where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">", now)]))
      .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
      .execute();
    const alive = new Set(valid.map((row) => row.id));
    for (const id of chunk) if (!alive.has(id)) invalid.push(id);
  }
  return invalid;
}
