/**
 * Webhooks (ADR-0013, ADR-0015): subscriptions owned by accounts, the outbox of deliveries
 * (written in the transaction of the domain event they carry), the log of every attempt, and the
 * per-line price references behind each subscription's own `odds.moved` threshold.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("webhook_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("sport", "text")
    .addColumn("leagues", "text", (c) => c.notNull())
    .addColumn("matches", "text", (c) => c.notNull())
    .addColumn("odds_threshold", "double precision", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("previous_secret", "text")
    .addColumn("previous_secret_expires_at", "text")
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addColumn("disabled_reason", "text")
    .addColumn("disabled_at", "text")
    .addColumn("failing_since", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_subscriptions_account")
    .on("webhook_subscriptions")
    .columns(["account_id", "created_at"])
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) =>
      c.notNull().references("webhook_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("webhook_deliveries_event", ["subscription_id", "event_id"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["state", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_log")
    .on("webhook_deliveries")
    .columns(["subscription_id", "created_at"])
    .execute();

  await db.schema
    .createTable("webhook_attempts")
    .addColumn("delivery_id", "text", (c) =>
      c.notNull().references("webhook_deliveries.id").onDelete("cascade"),
    )
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("response_body", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("manual", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("webhook_attempts_pk", ["delivery_id", "attempt"])
    .execute();

  await db.schema
    .createTable("webhook_odds_references")
    .addColumn("subscription_id", "text", (c) =>
      c.notNull().references("webhook_subscriptions.id").onDelete("cascade"),
    )
    .addColumn("line", "text", (c) => c.notNull())
    .addColumn("reference_price", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("webhook_odds_references_pk", ["subscription_id", "line"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("webhook_odds_references").ifExists().execute();
  await db.schema.dropTable("webhook_attempts").ifExists().execute();
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhook_subscriptions").ifExists().execute();
}
