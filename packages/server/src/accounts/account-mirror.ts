/**
 * The sandbox store keeps a copy of each account whose sandbox key subscribes to webhooks there
 * (its subscriptions reference the account); the main store stays the account's home.
 */
import type { Store } from "../store/database.js";

export async function mirrorAccount(main: Store, sandbox: Store, accountId: string): Promise<void> {
  const known = await sandbox.db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (known !== undefined) return;
  const account = await main.db
    .selectFrom("accounts")
    .selectAll()
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (account === undefined) return;
  await sandbox.db
    .insertInto("accounts")
    .values(account)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
