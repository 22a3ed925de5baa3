/**
 * The personal sandbox key a signed-up account starts with (the interface: "a signed-up account
 * can also hold a personal sandbox key"): made when the sign-up completes — the email verified —
 * so its text can be shown once to the person who just signed in, never kept.
 */
import { type AccountsContext, createKey } from "./accounts-service.js";

const SANDBOX_KEY_NAME = "personal sandbox key";

/** A new personal sandbox key, unless the account has had one (of any state). */
export async function firstSandboxKey(ctx: AccountsContext, accountId: string) {
  const existing = await ctx.store.db
    .selectFrom("api_keys")
    .select("id")
    .where("account_id", "=", accountId)
    .where("kind", "=", "test")
    .executeTakeFirst();
  if (existing !== undefined) return undefined;
  return createKey(ctx, { account: accountId, kind: "test", name: SANDBOX_KEY_NAME });
}
