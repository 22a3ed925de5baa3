/**
 * Demo mode: an empty store gets the sample dataset (ADR-0001). A store that already holds
 * competitions is left alone, so restarts and real data are never overwritten. Several nodes
 * starting at once agree through the `sample_dataset` marker row written in the same
 * transaction: only the node that inserts it loads the data.
 */
import { isoSeconds } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { rowCounts } from "../store/dataset.js";
import { refreshPlannerStatistics } from "../store/statistics.js";
import { writeDatasetIn } from "../store/write-dataset.js";
import { compressFuture } from "./compress-calendar.js";
import { generateSampleData, type SampleWorld } from "./generate.js";

export interface SeedReport {
  rows: number;
  ms: number;
}

async function isStoreEmpty(store: Store): Promise<boolean> {
  const row = await store.db.selectFrom("competitions").select("id").limit(1).executeTakeFirst();
  return row === undefined;
}

export async function seedDemoData(
  store: Store,
  options: {
    seed: number;
    now: Date;
    /** The sandbox: its calendar runs this many times faster; the schedule ahead is compressed. */
    compress?: number;
    /** `full`, or `core` without the regional competitions (ADR-0044). */
    world: SampleWorld;
  },
): Promise<SeedReport | null> {
  if (!(await isStoreEmpty(store))) return null;
  const started = performance.now();
  const dataset = generateSampleData({
    seed: options.seed,
    anchor: options.now,
    world: options.world,
  });
  if (options.compress !== undefined) compressFuture(dataset, options.now, options.compress);
  const loaded = await store.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("store_meta")
      .values({
        key: "sample_dataset",
        value: JSON.stringify({ seed: options.seed, anchor: isoSeconds(options.now) }),
        updated_at: isoSeconds(options.now),
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await writeDatasetIn(trx, store.dialect, dataset, isoSeconds(options.now));
    return true;
  });
  if (!loaded) return null;
  await refreshPlannerStatistics(store);
  const rows = Object.values(rowCounts(dataset)).reduce((sum, n) => sum + n, 0);
  return { rows, ms: Math.round(performance.now() - started) };
}
