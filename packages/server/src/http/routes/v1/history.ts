/**
 * GET /v1/{sport}/history/matches: finished matches, oldest first, paged by an opaque cursor;
 * or, with `Accept: application/x-ndjson` or `format=ndjson|csv`, the whole selection streamed
 * as one download in constant memory.
 */
import { Readable } from "node:stream";
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import { successEnvelope } from "../../../envelope/envelope.js";
import { invalidParameter } from "../../../errors/service-error.js";
import type { Sport } from "../../../services/context.js";
import {
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
  exportFilename,
  exportHistory,
  isExportFormat,
} from "../../../services/history/export.js";
import { listHistory } from "../../../services/history/matches.js";
import type { HistoryQuery as ServiceQuery } from "../../../services/history/selection.js";
import { requireTimeZone } from "../../../services/local-times.js";
import type { App } from "../../app-type.js";
import { Envelope, errorResponses, SportParams } from "../../schemas/common.js";
import { Result, TimeZoneMeta } from "../../schemas/fixtures.js";
import { HistoryQuery } from "../../schemas/history.js";
import type { RouteDeps } from "./deps.js";
import { fixtureQueryOf } from "./fixture-query.js";

const NDJSON = "application/x-ndjson";

export function historyRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/history/matches",
    {
      config: { cacheClass: "archive", entitlement: "history" },
      schema: {
        operationId: "listHistoryMatches",
        summary: "Finished matches, oldest first, paged by cursor; or a bulk export",
        description:
          "Ordered by kickoff, then fixture_id. Follow pagination.next_cursor (null on the last page). " +
          "With Accept: application/x-ndjson or format=ndjson|csv, the whole selection is streamed " +
          "as one download (no paging). History covers finished, awarded and walkover matches. " +
          "With timezone, dates are that zone's days and each match (and CSV row) carries kickoff_local.",
        tags: ["history"],
        params: SportParams,
        querystring: HistoryQuery,
        response: {
          200: Envelope(Type.Array(Result), { cursor: true, meta: TimeZoneMeta }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const sport = request.params.sport;
      if (q.page !== undefined && q.page !== 1) {
        throw invalidParameter(
          "page",
          "history pages by cursor: pass pagination.next_cursor as cursor (page may only be 1)",
        );
      }
      const query: ServiceQuery = {
        ...fixtureQueryOf(q),
        season_from: q.season_from,
        season_to: q.season_to,
      };
      reply.header("Vary", "Accept");
      const format = exportFormatOf(q.format, request.headers.accept);
      if (format !== undefined) return sendExport(request, reply, deps, sport, query, format);
      const perPage = q.per_page ?? 25;
      const zone = requireTimeZone(q.timezone);
      const page = await listHistory(deps, sport, query, { perPage, cursor: q.cursor });
      const extra = {
        ...(page.attribution !== undefined ? { attribution: page.attribution } : {}),
        ...(zone !== undefined ? { timezone: zone } : {}),
      };
      return successEnvelope(
        page.items,
        request.id,
        deps.clock(),
        { sport, extra },
        { page: page.page, perPage: page.perPage, total: page.total, nextCursor: page.nextCursor },
      );
    },
  );
}

/** `format` wins; without it, an Accept naming NDJSON asks for the export. */
function exportFormatOf(
  format: string | undefined,
  accept: string | undefined,
): ExportFormat | undefined {
  if (format !== undefined) return isExportFormat(format) ? format : undefined;
  return accept?.toLowerCase().includes(NDJSON) ? "ndjson" : undefined;
}

/**
 * Streams the export. The first batch is read before any header is sent, so a failing query
 * still gets the error envelope; a failure later aborts the response (logged), so a client
 * never mistakes a truncated download for a complete one.
 */
async function sendExport(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: RouteDeps,
  sport: Sport,
  query: ServiceQuery,
  format: ExportFormat,
): Promise<FastifyReply> {
  const { chunks, attribution } = await exportHistory(deps, sport, query, format);
  // An export has no envelope: the credit its data's licence asks for rides in a header.
  if (attribution !== undefined) reply.header("Scoreline-Attribution", encodeURI(attribution));
  const first = await chunks.next();
  async function* body(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    try {
      yield* chunks;
    } catch (error) {
      request.log.error({ err: error }, "history export failed after the response started");
      throw error;
    }
  }
  return reply
    .type(EXPORT_CONTENT_TYPES[format])
    .header("Content-Disposition", `attachment; filename="${exportFilename(sport, format)}"`)
    .send(Readable.from(body(), { objectMode: false }));
}
