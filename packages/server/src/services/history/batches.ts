/**
 * The whole selection in keyset-ordered batches: one bounded query per batch, so reading a
 * million rows holds one batch in memory at a time. Batches after the first see rows committed
 * meanwhile only if they sort after the position reached (no snapshot across batches).
 */
import { setImmediate } from "node:timers/promises";
import type { FixtureRow } from "../../store/queries/fixture-rows.js";
import type { ServiceContext } from "../context.js";
import { inKeysetOrder, type Position, positionOf } from "./keyset.js";
import { type HistorySelection, historyRows } from "./selection.js";

export const DEFAULT_BATCH_SIZE = 1_000;

export async function* historyBatches(
  ctx: ServiceContext,
  selection: HistorySelection,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<FixtureRow[]> {
  let after: Position | undefined;
  for (;;) {
    // A socket that never pushes back would let a whole export run in microtasks; yielding to
    // the event loop before each batch keeps other requests and timers served meanwhile.
    if (after !== undefined) await setImmediate();
    const rows = await inKeysetOrder(historyRows(ctx, selection), after).limit(batchSize).execute();
    const last = rows.at(-1);
    if (last === undefined) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = positionOf(last);
  }
}
