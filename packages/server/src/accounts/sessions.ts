/**
 * Dashboard sessions (ADR-0031): a new random id at every sign-in, kept only as its SHA-256.
 * A session ends after `idleMs` without a request or `absoluteMs` after sign-in, whichever
 * comes first; signing out ends one, "sign out everywhere" (and a password reset) ends all.
 * `last_seen_at` is written at most once a minute, not on every page.
 */
import { randomBytes } from "node:crypto";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";
import { tokenHash } from "./one-time-links.js";

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
}

export interface Session {
  accountId: string;
  email: string;
}

const TOUCH_EVERY_MS = 60_000;
const ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Starts a session; returns the id the cookie carries. */
export async function startSession(
  ctx: ServiceContext,
  settings: SessionSettings,
  accountId: string,
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = ctx.clock();
  await ctx.store.db
    .insertInto("dashboard_sessions")
    .values({
      id_hash: tokenHash(id),
      account_id: accountId,
      created_at: isoSeconds(now),
      last_seen_at: isoSeconds(now),
      expires_at: isoSeconds(new Date(now.getTime() + settings.absoluteMs)),
    })
    .execute();
  return id;
}

/** The session's account, or null when the id is unknown or the session has ended. */
export async function resumeSession(
  ctx: ServiceContext,
  settings: SessionSettings,
  id: string | undefined,
): Promise<Session | null> {
  if (id === undefined || !ID_FORMAT.test(id)) return null;
  const now = ctx.clock();
  const hash = tokenHash(id);
  const row = await ctx.store.db
    .selectFrom("dashboard_sessions as s")
    .innerJoin("accounts as a", "a.id", "s.account_id")
    .select(["s.account_id", "s.last_seen_at", "s.expires_at", "a.email"])
    .where("s.id_hash", "=", hash)
    .executeTakeFirst();
  if (row === undefined) return null;
  const idleEnd = Date.parse(row.last_seen_at) + settings.idleMs;
  if (row.expires_at <= isoSeconds(now) || idleEnd <= now.getTime()) {
    await endSession(ctx, id);
    return null;
  }
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_EVERY_MS) {
    await ctx.store.db
      .updateTable("dashboard_sessions")
      .set({ last_seen_at: isoSeconds(now) })
      .where("id_hash", "=", hash)
      .execute();
  }
  return { accountId: row.account_id, email: row.email };
}

export async function endSession(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.store.db
    .deleteFrom("dashboard_sessions")
    .where("id_hash", "=", tokenHash(id))
    .execute();
}

/** Ends every session of the account (sign out everywhere, a password change). */
export async function endAllSessions(ctx: ServiceContext, accountId: string): Promise<number> {
  const result = await ctx.store.db
    .deleteFrom("dashboard_sessions")
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
