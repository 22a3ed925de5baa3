/**
 * Bulk export of a whole history selection as NDJSON or CSV text, produced batch by batch so
 * memory stays constant however large the selection. The HTTP route and `scoreline export
 * history` both consume `exportChunks`.
 */
import type { ServiceContext, Sport } from "../context.js";
import { attributionOf } from "../data-sources.js";
import { requireTimeZone, withLocalKickoff } from "../local-times.js";
import { presentResult } from "../presenters/fixture.js";
import { DEFAULT_BATCH_SIZE, historyBatches } from "./batches.js";
import { csvHeader, csvRow, type ExportItem } from "./csv.js";
import type { ExportFormat } from "./export-formats.js";
import { databaseLineBatches, databaseWritesLines } from "./ndjson-lines.js";
import {
  type HistoryQuery,
  type HistorySelection,
  historyRows,
  resolveHistorySelection,
} from "./selection.js";

export { type ExportFormat, isExportFormat } from "./export-formats.js";

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  ndjson: "application/x-ndjson",
  csv: "text/csv; charset=utf-8",
};

export function exportFilename(sport: Sport, format: ExportFormat): string {
  return `${sport}-history.${format}`;
}

export interface HistoryExport {
  selection: HistorySelection;
  /** What the licences of the selection's data ask users to see, when any does. */
  attribution: string | undefined;
  /** Text chunks of about a hundred rows each (the CSV header rides on the first). */
  chunks: AsyncGenerator<string>;
}

/** Validates the query (every mistake throws before any output), then exports lazily. */
export async function exportHistory(
  ctx: ServiceContext,
  sport: Sport,
  query: HistoryQuery,
  format: ExportFormat,
  batchSize = DEFAULT_BATCH_SIZE,
): Promise<HistoryExport> {
  const zone = requireTimeZone(query.timezone);
  const selection = await resolveHistorySelection(ctx, sport, query);
  const sources = await historyRows(ctx, selection)
    .clearSelect()
    .select("f.source")
    .distinct()
    .execute();
  return {
    selection,
    attribution: attributionOf(sources.map((row) => row.source)),
    chunks: exportChunks(ctx, selection, format, zone, batchSize),
  };
}

/**
 * Rows per text chunk: small enough that a chunk (about 70 KB of NDJSON) stays below V8's
 * large-object size and dies young, large enough that per-write overhead does not matter.
 */
const CHUNK_ROWS = 100;

async function* exportChunks(
  ctx: ServiceContext,
  selection: HistorySelection,
  format: ExportFormat,
  /** A time zone's local kickoffs are written by this process, not by the database. */
  zone: string | undefined,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<string> {
  if (format === "ndjson" && zone === undefined && databaseWritesLines(selection.sport)) {
    for await (const lines of databaseLineBatches(ctx, selection, batchSize)) {
      for (let start = 0; start < lines.length; start += CHUNK_ROWS) {
        yield `${lines.slice(start, start + CHUNK_ROWS).join("\n")}\n`;
      }
    }
    return;
  }
  const line = format === "csv" ? csvRow : ndjsonLine;
  let chunk = format === "csv" ? csvHeader(zone !== undefined) : "";
  for await (const rows of historyBatches(ctx, selection, batchSize)) {
    for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
      const end = Math.min(start + CHUNK_ROWS, rows.length);
      for (let i = start; i < end; i++) {
        const row = rows[i];
        if (row !== undefined) chunk += line(withLocalKickoff(presentResult(row), zone));
      }
      yield chunk;
      chunk = "";
    }
  }
  if (chunk !== "") yield chunk;
}

function ndjsonLine(item: ExportItem): string {
  return `${JSON.stringify(item)}\n`;
}
