/**
 * Demo mode's account and Growth key, created once alongside the sample dataset, and the
 * one-time link that signs in to its dashboard (a new one at every start).
 */
import {
  type AccountsContext,
  accountIfAny,
  createAccount,
  createKey,
} from "./accounts-service.js";
import { type LinkBase, signInLink } from "./dashboard-accounts.js";

const DEMO_EMAIL = "demo@scoreline.example";

export async function createDemoKey(ctx: AccountsContext) {
  const account = await createAccount(ctx, { email: DEMO_EMAIL, plan: "growth" });
  return createKey(ctx, { kind: "live", account: account.id, name: "demo key" });
}

/** A one-time sign-in link to the demo account, or null when there is no demo account. */
export async function demoSignInLink(ctx: AccountsContext, base: LinkBase): Promise<string | null> {
  const account = await accountIfAny(ctx, DEMO_EMAIL);
  if (account === undefined) return null;
  return signInLink(ctx, account.id, base);
}
