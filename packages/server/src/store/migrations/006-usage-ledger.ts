/**
 * The usage ledger (ADR-0030): calls per key per UTC hour by sport, resource and status class,
 * added to in batches by each node's buffer; and each key's last use, written behind with it.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("usage_hours")
    .addColumn("key_id", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("status_class", "text", (c) => c.notNull())
    .addColumn("calls", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("usage_hours_pk", [
      "key_id",
      "hour",
      "sport",
      "resource",
      "status_class",
    ])
    .execute();
  await db.schema
    .createIndex("usage_hours_account_hour")
    .on("usage_hours")
    .columns(["account_id", "hour"])
    .execute();
  await db.schema.alterTable("api_keys").addColumn("last_used_at", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("api_keys").dropColumn("last_used_at").execute();
  await db.schema.dropTable("usage_hours").ifExists().execute();
}
