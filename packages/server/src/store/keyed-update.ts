/**
 * Many rows' changes in a few statements: the changes of each row merged (later columns over
 * earlier ones), then one `UPDATE … FROM (VALUES …)` per chunk of rows that set the same columns,
 * the rows named by their key columns. On PostgreSQL a `VALUES` list of parameters is untyped text,
 * so columns that are not text are cast to their type (`casts`).
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Tables } from "./tables.js";

/** One row's changes: its key (the key columns' values, in order) and the columns to set. */
export interface KeyedChange {
  key: readonly string[];
  change: Readonly<Record<string, unknown>>;
}

export interface KeyedTable {
  table: keyof Tables;
  keyColumns: readonly string[];
  /** SQL types of the columns that are not text, e.g. `{ minute: "integer" }`. */
  casts: Readonly<Record<string, string>>;
}

export async function updateKeyed(
  trx: Kysely<Tables>,
  target: KeyedTable,
  changes: readonly KeyedChange[],
  maxParameters: number,
): Promise<void> {
  for (const group of byShape(merged(changes))) {
    await updateGroup(trx, target, group, maxParameters);
  }
}

/** Rows that set the same columns, in chunks the parameter limit allows. */
async function updateGroup(
  trx: Kysely<Tables>,
  { table, keyColumns, casts }: KeyedTable,
  rows: readonly KeyedChange[],
  maxParameters: number,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first.change);
  if (columns.length === 0) return;
  const width = keyColumns.length + columns.length;
  const perStatement = Math.max(1, Math.floor(maxParameters / width));
  // VALUES columns are named column1, column2… in both dialects: the key first, then the changes.
  const valueAt = (i: number): RawBuilder<unknown> => {
    const name = keyColumns[i] ?? columns[i - keyColumns.length] ?? "";
    const value = sql.ref(`v.column${i + 1}`);
    const type = casts[name];
    return type === undefined ? sql`${value}` : sql`cast(${value} as ${sql.raw(type)})`;
  };
  const set = Object.fromEntries(
    columns.map((column, i) => [column, valueAt(keyColumns.length + i)]),
  );
  // Through the query builder, not raw SQL: the store's plugins see which table is written
  // (on PostgreSQL the change clock marks it before the commit, `change-sources.ts`).
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let start = 0; start < rows.length; start += perStatement) {
    const values = sql.join(
      rows
        .slice(start, start + perStatement)
        .map(({ key, change }) => sql`(${sql.join([...key, ...columns.map((c) => change[c])])})`),
    );
    let update = db.updateTable(table).from(sql`(values ${values})`.as("v")).set(set);
    keyColumns.forEach((column, i) => {
      update = update.where(sql.ref(`${table}.${column}`), "=", valueAt(i));
    });
    await update.execute();
  }
}

/** One change per row: its changes in order, later columns over earlier ones. */
function merged(changes: readonly KeyedChange[]): KeyedChange[] {
  const byRow = new Map<string, KeyedChange>();
  for (const { key, change } of changes) {
    const id = key.join("\u0000");
    const set = Object.entries(change).filter(([, value]) => value !== undefined);
    byRow.set(id, { key, change: { ...byRow.get(id)?.change, ...Object.fromEntries(set) } });
  }
  return [...byRow.values()];
}

/** The merged changes grouped by the columns they set (one statement shape per group). */
function byShape(changes: readonly KeyedChange[]): KeyedChange[][] {
  const groups = new Map<string, KeyedChange[]>();
  for (const { key, change } of changes) {
    const ordered = Object.fromEntries(Object.entries(change).sort(([a], [b]) => (a < b ? -1 : 1)));
    const shape = Object.keys(ordered).join(",");
    const group = groups.get(shape) ?? [];
    group.push({ key, change: ordered });
    groups.set(shape, group);
  }
  return [...groups.values()];
}
