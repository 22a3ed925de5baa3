/** The one way a route answers: the success envelope with the request's id and the clock. */
import type { FastifyRequest } from "fastify";
import { type SuccessMeta, successEnvelope } from "../envelope/envelope.js";
import type { Clock } from "../lib/time.js";
import type { Page } from "../services/context.js";

export function ok(request: FastifyRequest, clock: Clock, data: unknown, meta: SuccessMeta = {}) {
  return successEnvelope(data, request.id, clock(), meta);
}

export function okPage<T>(
  request: FastifyRequest,
  clock: Clock,
  page: Page<T>,
  meta: SuccessMeta = {},
) {
  const withAttribution =
    page.attribution === undefined
      ? meta
      : { ...meta, extra: { ...meta.extra, attribution: page.attribution } };
  return successEnvelope(page.items, request.id, clock(), withAttribution, {
    page: page.page,
    perPage: page.perPage,
    total: page.total,
  });
}

/** page/per_page after schema defaults. */
export function pageOf(query: { page?: number | undefined; per_page?: number | undefined }) {
  return { page: query.page ?? 1, perPage: query.per_page ?? 25 };
}
