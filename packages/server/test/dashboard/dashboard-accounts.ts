/**
 * Accounts for the dashboard tests made through the account verbs (no mail round trip): an
 * account with a password, verified, as an operator's `accounts create` + `set-password` makes.
 */
import { createAccount } from "../../src/accounts/accounts-service.js";
import { setPassword } from "../../src/accounts/dashboard-accounts.js";
import { DEFAULT_PLANS } from "../../src/config/plans.js";
import type { Clock } from "../../src/lib/time.js";
import type { Store } from "../../src/store/database.js";
import { TEST_PASSWORD_COST } from "../helpers/password-cost.js";

export const PASSWORD = "correct horse battery";

/** The account verbs' context over a test's store and clock (passwords hashed cheaply). */
export function accountsContext(store: Store, clock: Clock) {
  return { store, clock, plans: DEFAULT_PLANS, passwordCost: TEST_PASSWORD_COST };
}

/** A verified account on the free plan with PASSWORD; its id. */
export async function accountWithPassword(
  store: Store,
  clock: Clock,
  email: string,
): Promise<string> {
  const ctx = accountsContext(store, clock);
  const account = await createAccount(ctx, { email, plan: "free" });
  await setPassword(ctx, account.id, PASSWORD);
  return account.id;
}
