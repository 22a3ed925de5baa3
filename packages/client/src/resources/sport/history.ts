/**
 * `client.<sport>.history`: every finished match, as cursor-followed pages (`list`) or as one
 * streamed download (`export`), read in constant memory.
 */
import type { ExportPromise } from "../../core/export-stream.js";
import { exportOf } from "../../core/export-stream.js";
import type { CursorPage, PagePromise } from "../../core/pagination.js";
import type { RequestOptions } from "../../core/transport.js";
import type { HistoryExportParams, HistoryListParams, HistoryMatch } from "../../types.js";
import { SportResource } from "../resource.js";

export class History extends SportResource {
  /**
   * `GET /v1/{sport}/history/matches`, oldest first; iteration follows `next_cursor`. With
   * `timezone`, the dates are that zone's days and each match carries `kickoff_local`.
   */
  list(
    params?: HistoryListParams,
    options?: RequestOptions,
  ): PagePromise<CursorPage<HistoryMatch>, HistoryMatch> {
    return this.cursorPaged(`${this.base}/history/matches`, params, options);
  }

  /**
   * The whole selection in one download. NDJSON (the default) yields one match record at a time;
   * CSV yields the text lines, the header first. An export counts as one request. With
   * `timezone`, each record (each CSV line) also carries `kickoff_local` and `timezone`.
   */
  export(
    params?: HistoryExportParams & { format?: "ndjson" },
    options?: RequestOptions,
  ): ExportPromise<HistoryMatch>;
  export(
    params: HistoryExportParams & { format: "csv" },
    options?: RequestOptions,
  ): ExportPromise<string>;
  export(
    params: HistoryExportParams & { format?: "ndjson" | "csv" } = {},
    options?: RequestOptions,
  ): ExportPromise<HistoryMatch> | ExportPromise<string> {
    const format = params.format ?? "ndjson";
    const raw = this.transport.request(
      {
        method: "GET",
        path: `${this.base}/history/matches`,
        query: { ...params, format },
        accept: format === "csv" ? "text/csv" : "application/x-ndjson",
        stream: true,
      },
      options,
    );
    return format === "csv" ? exportOf<string>(raw, false) : exportOf<HistoryMatch>(raw, true);
  }
}
