/**
 * Small records the dashboard keeps in `store_meta` (key → text, shared by every node that uses
 * the store): its server secret, one-time flashes and sign-in delays. Each kind has a key
 * prefix of its own, without `_` or `%` (they are patterns to LIKE). Writes are conditional, so
 * two nodes changing one record at once cannot both win.
 */
import { isoSeconds } from "../lib/time.js";
import type { ServiceContext } from "../services/context.js";

interface MetaRecord {
  value: string;
  updated_at: string;
}

export async function readRecord(
  ctx: ServiceContext,
  key: string,
): Promise<MetaRecord | undefined> {
  return ctx.store.db
    .selectFrom("store_meta")
    .select(["value", "updated_at"])
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Adds the record; false when one with this key exists already (it is left as it is). */
export async function insertRecord(
  ctx: ServiceContext,
  key: string,
  value: string,
): Promise<boolean> {
  const inserted = await ctx.store.db
    .insertInto("store_meta")
    .values({ key, value, updated_at: isoSeconds(ctx.clock()) })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Replaces the record's value when it still is `expected`; false when it changed meanwhile. */
export async function replaceRecord(
  ctx: ServiceContext,
  key: string,
  expected: string,
  value: string,
): Promise<boolean> {
  const result = await ctx.store.db
    .updateTable("store_meta")
    .set({ value, updated_at: isoSeconds(ctx.clock()) })
    .where("key", "=", key)
    .where("value", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the records of a prefix and returns them: of two callers at once, each record goes to
 * one of them.
 */
export async function takeRecords(
  ctx: ServiceContext,
  prefix: string,
): Promise<Array<{ key: string; value: string }>> {
  return ctx.store.db
    .deleteFrom("store_meta")
    .where("key", "like", `${prefix}%`)
    .returning(["key", "value"])
    .execute();
}

export async function deleteRecord(ctx: ServiceContext, key: string): Promise<void> {
  await ctx.store.db.deleteFrom("store_meta").where("key", "=", key).execute();
}

/** Deletes the records of a prefix last written before `before`. */
export async function sweepRecords(ctx: ServiceContext, prefix: string, before: Date) {
  await ctx.store.db
    .deleteFrom("store_meta")
    .where("key", "like", `${prefix}%`)
    .where("updated_at", "<", isoSeconds(before))
    .execute();
}
