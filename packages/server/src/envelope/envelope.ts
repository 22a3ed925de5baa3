/**
 * The response envelope, produced here and nowhere else (ADR-0002): a superset of the
 * interface's shapes A and B for successes, and of both error shapes for failures.
 */

import type { ServiceError } from "../errors/service-error.js";
import { isoSeconds } from "../lib/time.js";
import { statusOf } from "./error-status.js";

export interface PageInfo {
  page: number;
  perPage: number;
  total: number;
  /** Cursor lists only: the cursor of the next page, or null at the end. */
  nextCursor?: string | null;
}

export interface SuccessMeta {
  sport?: string | undefined;
  updatedAt?: string | undefined;
  /** Extra meta fields (attribution, filters applied). */
  extra?: Record<string, unknown> | undefined;
}

export function successEnvelope(
  data: unknown,
  requestId: string,
  now: Date,
  meta: SuccessMeta = {},
  page?: PageInfo,
) {
  const body: Record<string, unknown> = { data };
  const metaBody: Record<string, unknown> = {};
  if (meta.sport !== undefined) metaBody.sport = meta.sport;
  if (Array.isArray(data)) metaBody.count = data.length;
  metaBody.generated_at = isoSeconds(now);
  metaBody.request_id = requestId;
  if (meta.updatedAt !== undefined) metaBody.updated_at = meta.updatedAt;
  if (meta.extra !== undefined) Object.assign(metaBody, meta.extra);
  if (page !== undefined) {
    metaBody.pagination = { page: page.page, per_page: page.perPage, total: page.total };
    if (page.nextCursor !== undefined) {
      (metaBody.pagination as Record<string, unknown>).next_cursor = page.nextCursor;
    }
  }
  body.meta = metaBody;
  if (page !== undefined) {
    body.pagination = {
      page: page.page,
      per_page: page.perPage,
      total_pages: Math.ceil(page.total / page.perPage),
      total_results: page.total,
      total: page.total,
      ...(page.nextCursor !== undefined ? { next_cursor: page.nextCursor } : {}),
    };
  }
  body.errors = [];
  return body;
}

export function errorEnvelope(error: ServiceError, requestId: string, now: Date) {
  const head: Record<string, unknown> = {
    code: error.code,
    message: error.message,
    status: statusOf(error),
  };
  if (error.field !== undefined) head.field = error.field;
  head.request_id = requestId;
  return {
    data: null,
    error: head,
    errors: error.details.map((d) =>
      d.field === undefined
        ? { code: d.code, message: d.message }
        : { code: d.code, message: d.message, field: d.field },
    ),
    meta: { generated_at: isoSeconds(now), request_id: requestId },
  };
}
