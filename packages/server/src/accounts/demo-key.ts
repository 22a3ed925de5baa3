/** Demo mode's account and Growth key, created once alongside the sample dataset. */
import { type AccountsContext, createAccount, createKey } from "./accounts-service.js";

const DEMO_EMAIL = "demo@scoreline.example";

export async function createDemoKey(ctx: AccountsContext) {
  const account = await createAccount(ctx, { email: DEMO_EMAIL, plan: "growth" });
  return createKey(ctx, { kind: "live", account: account.id, name: "demo key" });
}
