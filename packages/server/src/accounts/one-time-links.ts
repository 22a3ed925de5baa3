/**
 * One-time links (ADR-0031): email verification, password reset and sign-in. The link carries
 * 32 random bytes; only their SHA-256 is stored. A link works once, before it expires; using it
 * is one conditional update, so two clicks at the same moment cannot both succeed.
 */
import { createHash, randomBytes } from "node:crypto";
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";

export type LinkPurpose = "verify_email" | "reset_password" | "sign_in";

const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  sign_in: 24 * 3_600_000,
};

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link token for the account (returned once, to be mailed or printed). */
export async function issueLink(
  ctx: ServiceContext,
  accountId: string,
  purpose: LinkPurpose,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock();
  await ctx.store.db
    .insertInto("account_tokens")
    .values({
      token_hash: tokenHash(token),
      account_id: accountId,
      purpose,
      created_at: isoSeconds(now),
      expires_at: isoSeconds(new Date(now.getTime() + LINK_LIFETIME_MS[purpose])),
      used_at: null,
    })
    .execute();
  return token;
}

/** Uses the link: its account id, or null when it is unknown, used, expired or for another purpose. */
export async function useLink(
  ctx: ServiceContext,
  token: string,
  purpose: LinkPurpose,
): Promise<string | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const now = isoSeconds(ctx.clock());
  const row = await ctx.store.db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("account_id")
    .executeTakeFirst();
  return row?.account_id ?? null;
}

/**
 * The account a link would work for, without using it (the reset form checks it before asking
 * for a password, and the new password is checked before the link is spent); null when it would not.
 */
export async function linkAccount(
  ctx: ServiceContext,
  token: string,
  purpose: LinkPurpose,
): Promise<string | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const row = await ctx.store.db
    .selectFrom("account_tokens")
    .select("account_id")
    .where("token_hash", "=", tokenHash(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", isoSeconds(ctx.clock()))
    .executeTakeFirst();
  return row?.account_id ?? null;
}
