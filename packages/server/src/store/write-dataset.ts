/**
 * Writes a whole dataset in one transaction, in multi-row inserts sized to each dialect's
 * bound-parameter limit, and refreshes the kept league tables of its seasons in it (ADR-0033).
 * Used by demo mode, the sandbox and the benchmarks.
 */
import type { Kysely } from "kysely";
import { isoSeconds } from "../lib/time.js";
import type { Dialect, Store } from "./database.js";
import { DATASET_TABLES, type Dataset } from "./dataset.js";
import { toRow } from "./json-columns.js";
import { StaleTables } from "./standings/kept-tables.js";
import type { TableName, Tables } from "./tables.js";

/** SQLite allows 32,766 bound parameters per statement; PostgreSQL 65,535. */
export const MAX_PARAMETERS = { sqlite: 32_000, postgres: 60_000 } as const;

export async function writeDataset(store: Store, dataset: Dataset): Promise<void> {
  await store.db.transaction().execute((trx) => writeDatasetIn(trx, store.dialect, dataset));
}

/** Writes inside a transaction the caller holds; `stamp` dates the kept table rows. */
export async function writeDatasetIn(
  trx: Kysely<Tables>,
  dialect: Dialect,
  dataset: Dataset,
  stamp = isoSeconds(new Date()),
): Promise<void> {
  for (const table of DATASET_TABLES) {
    const records = dataset[table] as unknown as Array<Record<string, unknown>>;
    await insertRows(trx, table, records, MAX_PARAMETERS[dialect]);
  }
  const stale = new StaleTables();
  for (const s of dataset.seasons) stale.season(s.competition_id, s.id);
  for (const rows of [dataset.team_competitions, dataset.fixtures, dataset.standings_adjustments])
    for (const r of rows) stale.season(r.competition_id, r.season_id);
  await stale.refresh(trx, stamp);
}

export async function insertRows(
  db: Kysely<Tables>,
  table: TableName,
  records: ReadonlyArray<Record<string, unknown>>,
  maxParameters: number = MAX_PARAMETERS.sqlite,
): Promise<void> {
  const first = records[0];
  if (first === undefined) return;
  const columns = Object.keys(first).length;
  const chunk = Math.max(1, Math.floor(maxParameters / columns));
  for (let start = 0; start < records.length; start += chunk) {
    const rows = records.slice(start, start + chunk).map((r) => toRow(table, r));
    // The rows are shaped by the dataset's row types; Kysely cannot see that through `table`.
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}
