/** One page of history: keyset-paged by an opaque cursor, with totals and the next cursor. */
import type { Page, ServiceContext, Sport } from "../context.js";
import { attributionOf } from "../data-sources.js";
import { countRows } from "../fixture-filters.js";
import { type LocalKickoff, requireTimeZone, withLocalKickoff } from "../local-times.js";
import { presentResult } from "../presenters/fixture.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { inKeysetOrder, positionOf } from "./keyset.js";
import { digestOf, type HistoryQuery, historyRows, resolveHistorySelection } from "./selection.js";

export interface HistoryPageRequest {
  perPage: number;
  cursor?: string | undefined;
}

export interface HistoryPage
  extends Page<ReturnType<typeof presentResult> & Partial<LocalKickoff>> {
  /** The cursor of the next page, or null on the last one. */
  nextCursor: string | null;
}

export async function listHistory(
  ctx: ServiceContext,
  sport: Sport,
  query: HistoryQuery,
  request: HistoryPageRequest,
): Promise<HistoryPage> {
  const zone = requireTimeZone(query.timezone);
  const selection = await resolveHistorySelection(ctx, sport, query);
  // A cursor's page number only means something at the page size it was made with.
  const queryDigest = digestOf([selection.digest, request.perPage]);
  const cursor =
    request.cursor === undefined ? undefined : decodeCursor(request.cursor, queryDigest);
  const page = cursor?.page ?? 1;
  const selected = historyRows(ctx, selection);
  const [total, rows] = await Promise.all([
    countRows(selected),
    inKeysetOrder(selected, cursor)
      .limit(request.perPage + 1)
      .execute(),
  ]);
  const items = rows.slice(0, request.perPage);
  const last = items.at(-1);
  const nextCursor =
    rows.length > request.perPage && last !== undefined
      ? encodeCursor({ ...positionOf(last), page: page + 1 }, queryDigest)
      : null;
  return {
    items: items.map((row) => withLocalKickoff(presentResult(row), zone)),
    total,
    page,
    perPage: request.perPage,
    nextCursor,
    attribution: attributionOf(items.map((row) => row.source)),
  };
}
