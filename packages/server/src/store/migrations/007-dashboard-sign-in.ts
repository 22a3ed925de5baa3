/**
 * Signing in to the dashboard (ADR-0031): an account's password hash (scrypt, its own salt and
 * cost in the text) and when its email was verified; sessions and one-time links (verification,
 * password reset, sign-in), both kept only as SHA-256 hashes of what the browser or mail holds.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("accounts").addColumn("password_hash", "text").execute();
  await db.schema.alterTable("accounts").addColumn("email_verified_at", "text").execute();

  await db.schema
    .createTable("dashboard_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("dashboard_sessions_account")
    .on("dashboard_sessions")
    .columns(["account_id"])
    .execute();

  await db.schema
    .createTable("account_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("account_tokens_account")
    .on("account_tokens")
    .columns(["account_id", "purpose"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("account_tokens").ifExists().execute();
  await db.schema.dropTable("dashboard_sessions").ifExists().execute();
  await db.schema.alterTable("accounts").dropColumn("email_verified_at").execute();
  await db.schema.alterTable("accounts").dropColumn("password_hash").execute();
}
