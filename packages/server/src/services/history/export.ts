/**
 * Bulk export of a whole history selection as NDJSON or CSV text, produced batch by batch so
 * memory stays constant however large the selection. The HTTP route and `scoreline export
 * history` both consume `exportChunks`.
 */
import type { ServiceContext, Sport } from "../context.js";
import { presentResult } from "../presenters/fixture.js";
import { DEFAULT_BATCH_SIZE, historyBatches } from "./batches.js";
import { csvHeader, csvRow } from "./csv.js";
import { type HistoryQuery, type HistorySelection, resolveHistorySelection } from "./selection.js";

export const EXPORT_FORMATS = ["ndjson", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  ndjson: "application/x-ndjson",
  csv: "text/csv; charset=utf-8",
};

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export function exportFilename(sport: Sport, format: ExportFormat): string {
  return `${sport}-history.${format}`;
}

export interface HistoryExport {
  selection: HistorySelection;
  /** Text chunks, one per batch (the CSV header rides on the first). */
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
  const selection = await resolveHistorySelection(ctx, sport, query);
  return { selection, chunks: exportChunks(ctx, selection, format, batchSize) };
}

export async function* exportChunks(
  ctx: ServiceContext,
  selection: HistorySelection,
  format: ExportFormat,
  batchSize = DEFAULT_BATCH_SIZE,
): AsyncGenerator<string> {
  const line = format === "csv" ? csvRow : ndjsonLine;
  let prefix = format === "csv" ? csvHeader() : "";
  for await (const rows of historyBatches(ctx, selection, batchSize)) {
    let chunk = prefix;
    prefix = "";
    for (const row of rows) chunk += line(presentResult(row));
    yield chunk;
  }
  if (prefix !== "") yield prefix;
}

function ndjsonLine(item: ReturnType<typeof presentResult>): string {
  return `${JSON.stringify(item)}\n`;
}
