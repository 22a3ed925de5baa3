/**
 * How many rows each data table holds: importers' tests compare it before and after a run that
 * must change nothing (a re-import, a malformed file).
 */

import type { Store } from "../../src/store/database.js";
import { DATASET_TABLES } from "../../src/store/dataset.js";

/** Every table a dataset or an import writes, and the league tables kept from them. */
const DATA_TABLES = [...DATASET_TABLES, "standings_rows"] as const;

export async function rowCounts(store: Store): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of DATA_TABLES) {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
