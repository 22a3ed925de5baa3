/**
 * The live path: the durable domain event log (written in the transaction of the state change
 * it describes), the feed messages already applied (so a repeated message id is applied once),
 * and each price line's reference for `odds.moved` (the price when it last moved far enough).
 */
import { type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("domain_events")
    // The log position: increasing in insertion order, across every sport and fixture.
    .addColumn("position", postgres ? "bigserial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("fixture_id", "text")
    .addColumn("competition_id", "text")
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("domain_events_fixture")
    .on("domain_events")
    .columns(["fixture_id", "sequence"])
    .execute();
  await db.schema
    .createIndex("domain_events_created")
    .on("domain_events")
    .columns(["created_at"])
    .execute();

  await db.schema
    .createTable("feed_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("sport", "text", (c) => c.notNull())
    .addColumn("applied_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("odds").addColumn("reference_price", "double precision").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("odds").dropColumn("reference_price").execute();
  await db.schema.dropTable("feed_messages").ifExists().execute();
  await db.schema.dropTable("domain_events").ifExists().execute();
}
