/**
 * The live log's retention (live/log-pruner.ts) deletes applied feed message ids by age: an
 * index on `applied_at` keeps each batch from scanning the whole table. (`domain_events` is
 * already indexed on `created_at` since migration 004.)
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("feed_messages_applied")
    .on("feed_messages")
    .columns(["applied_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("feed_messages_applied").ifExists().execute();
}
