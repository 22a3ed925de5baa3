/**
 * Loading the sample world into a store, part by part (ADR-0052): the `sample_dataset` marker
 * row is claimed first, on its own, by the one node that finds the store empty; then the shared
 * rows and each sport are written in a transaction of their own that also records the part in
 * the marker, so a reader sees a sport whole or not at all, and a load that stopped half-way (a
 * crash, a restart) resumes where it stood with the same seed and anchor. Nodes that start at
 * once share the work: a part another node has written is skipped. A store that already holds
 * data and no marker (real imports, ADR-0047) is never loaded.
 */
import { isoSeconds } from "../lib/time.js";
import { SPORTS } from "../sports/types.js";
import type { Store } from "../store/database.js";
import { rowCounts } from "../store/dataset.js";
import { refreshPlannerStatistics } from "../store/statistics.js";
import { writeDatasetIn } from "../store/write-dataset.js";
import { compressFuture } from "./compress-calendar.js";
import { generateSampleData, type SampleWorld } from "./generate.js";
import { splitBySport } from "./split-by-sport.js";

const MARKER = "sample_dataset";

export interface SampleWorldOptions {
  seed: number;
  now: Date;
  /** The sandbox: its calendar runs this many times faster; the schedule ahead is compressed. */
  compress?: number;
  /** `full`, or `core` without the regional competitions (ADR-0044). */
  world: SampleWorld;
}

/** What a load is to write: the world (from the marker) and the parts already written. */
export interface SampleLoadPlan {
  seed: number;
  /** The moment the world is generated around: the claim's, kept across resumes. */
  anchor: string;
  world: SampleWorld;
  compress?: number;
  loaded: string[];
  /** Whether this call claimed an empty store (a fresh world: the demo makes its key). */
  claimed: boolean;
}

export interface SeedReport {
  rows: number;
  ms: number;
}

/** The marker's value. `complete` is absent in markers written before loads came in parts. */
interface Marker {
  seed: number;
  anchor: string;
  world?: SampleWorld;
  compress?: number;
  loaded?: string[];
  complete?: boolean;
}

async function readMarker(store: Store): Promise<Marker | undefined> {
  const row = await store.db
    .selectFrom("store_meta")
    .select("value")
    .where("key", "=", MARKER)
    .executeTakeFirst();
  return row === undefined ? undefined : (JSON.parse(row.value) as Marker);
}

function planOf(marker: Marker, options: SampleWorldOptions, claimed: boolean): SampleLoadPlan {
  return {
    seed: marker.seed,
    anchor: marker.anchor,
    world: marker.world ?? options.world,
    ...(marker.compress !== undefined ? { compress: marker.compress } : {}),
    loaded: marker.loaded ?? [],
    claimed,
  };
}

/**
 * Whether the store needs the sample world (or the rest of it): a plan, or null when it is
 * loaded already or holds other data. Claims an empty store; cheap (no generation).
 */
export async function planSampleLoad(
  store: Store,
  options: SampleWorldOptions,
): Promise<SampleLoadPlan | null> {
  const existing = await readMarker(store);
  if (existing !== undefined) {
    return existing.complete === false ? planOf(existing, options, false) : null;
  }
  const data = await store.db.selectFrom("competitions").select("id").limit(1).executeTakeFirst();
  if (data !== undefined) return null;
  const marker: Marker = {
    seed: options.seed,
    anchor: isoSeconds(options.now),
    world: options.world,
    ...(options.compress !== undefined ? { compress: options.compress } : {}),
    loaded: [],
    complete: false,
  };
  const claimed = await store.db
    .insertInto("store_meta")
    .values({ key: MARKER, value: JSON.stringify(marker), updated_at: marker.anchor })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 1) return planOf(marker, options, true);
  // Another node claimed it a moment ago: help it load, or find it loaded.
  const other = await readMarker(store);
  return other?.complete === false ? planOf(other, options, false) : null;
}

/**
 * Generates the planned world and writes each part not yet in the store, then marks the world
 * complete. `onPart` hears of each part this call wrote (and of each it found written).
 */
export async function loadSampleParts(
  store: Store,
  plan: SampleLoadPlan,
  onPart: (part: { name: string; rows: number; index: number; total: number }) => void = () => {},
  /** Awaited after each part: loading on a serving thread yields to it there. */
  between: () => Promise<void> = async () => {},
): Promise<SeedReport> {
  const started = performance.now();
  const anchor = new Date(plan.anchor);
  const dataset = generateSampleData({ seed: plan.seed, anchor, world: plan.world });
  if (plan.compress !== undefined) compressFuture(dataset, anchor, plan.compress);
  const parts = splitBySport(dataset, SPORTS);
  let rows = 0;
  for (const [index, part] of parts.entries()) {
    const count = Object.values(rowCounts(part.rows)).reduce((sum, n) => sum + n, 0);
    const written = await store.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("store_meta")
        .select("value")
        .where("key", "=", MARKER)
        .$if(store.dialect === "postgres", (qb) => qb.forUpdate())
        .executeTakeFirst();
      const marker = current === undefined ? undefined : (JSON.parse(current.value) as Marker);
      if (marker === undefined || marker.complete !== false) return false;
      if ((marker.loaded ?? []).includes(part.name)) return false;
      await writeDatasetIn(trx, store.dialect, part.rows, plan.anchor);
      const next: Marker = { ...marker, loaded: [...(marker.loaded ?? []), part.name] };
      await trx
        .updateTable("store_meta")
        .set({ value: JSON.stringify(next), updated_at: isoSeconds(new Date()) })
        .where("key", "=", MARKER)
        .execute();
      return true;
    });
    if (written) rows += count;
    onPart({ name: part.name, rows: count, index: index + 1, total: parts.length });
    await between();
  }
  const complete: Marker = {
    seed: plan.seed,
    anchor: plan.anchor,
    world: plan.world,
    ...(plan.compress !== undefined ? { compress: plan.compress } : {}),
    loaded: parts.map((p) => p.name),
    complete: true,
  };
  await store.db
    .updateTable("store_meta")
    .set({ value: JSON.stringify(complete), updated_at: isoSeconds(new Date()) })
    .where("key", "=", MARKER)
    .execute();
  await refreshPlannerStatistics(store);
  return { rows, ms: Math.round(performance.now() - started) };
}

/** The whole world at once, in this thread: plans, then loads (null when there is nothing to do). */
export async function seedDemoData(
  store: Store,
  options: SampleWorldOptions,
): Promise<SeedReport | null> {
  const plan = await planSampleLoad(store, options);
  return plan === null ? null : await loadSampleParts(store, plan);
}
