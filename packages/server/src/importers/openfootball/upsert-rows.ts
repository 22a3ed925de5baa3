/**
 * Idempotent writes by primary key: rows that are missing are inserted, rows whose content
 * differs are updated (keeping `created_at`), identical rows are left alone and keep their
 * `updated_at`. One `INSERT … ON CONFLICT (id) DO UPDATE` per chunk, on both dialects.
 */
import type { Kysely } from "kysely";
import { toRow } from "../../store/json-columns.js";
import type { Tables } from "../../store/tables.js";

export type UpsertTable = "competitions" | "seasons" | "fixtures" | "standings_adjustments";

export interface RowChanges {
  created: string[];
  updated: string[];
  unchanged: string[];
}

/** Columns that record when, not what: never compared, and `created_at` never overwritten. */
const STAMPS = new Set(["created_at", "updated_at"]);
/** Well under SQLite's 32,766 bound parameters for the widest table (fixtures, 24 columns). */
const CHUNK = 500;

function chunked<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/** The stored rows among `ids`, by id. */
async function storedRows(
  db: Kysely<Tables>,
  table: UpsertTable,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const chunk of chunked(ids)) {
    const rows = await db.selectFrom(table).selectAll().where("id", "in", chunk).execute();
    for (const row of rows as Array<Record<string, unknown>>) found.set(String(row.id), row);
  }
  return found;
}

/** Same content, column by column (JSON columns compare as the text the store keeps). */
function sameContent(stored: Record<string, unknown>, next: Record<string, unknown>): boolean {
  return Object.keys(next).every(
    (column) => STAMPS.has(column) || (stored[column] ?? null) === (next[column] ?? null),
  );
}

export async function upsertRows(
  db: Kysely<Tables>,
  table: UpsertTable,
  records: ReadonlyArray<Record<string, unknown>>,
): Promise<RowChanges> {
  const rows = records.map((record) => toRow(table, record));
  const stored = await storedRows(
    db,
    table,
    rows.map((row) => String(row.id)),
  );
  const changes: RowChanges = { created: [], updated: [], unchanged: [] };
  const writes: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    const id = String(row.id);
    const before = stored.get(id);
    if (before === undefined) changes.created.push(id);
    else if (sameContent(before, row)) {
      changes.unchanged.push(id);
      continue;
    } else changes.updated.push(id);
    writes.push(row);
  }
  const first = writes[0];
  if (first === undefined) return changes;
  const updatable = Object.keys(first).filter(
    (column) => column !== "id" && column !== "created_at",
  );
  for (const chunk of chunked(writes)) {
    await db
      .insertInto(table)
      .values(chunk as never)
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet((eb) =>
            Object.fromEntries(updatable.map((c) => [c, eb.ref(`excluded.${c}` as never)])),
          ),
      )
      .execute();
  }
  return changes;
}
