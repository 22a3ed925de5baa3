/**
 * Schemas shared by every route: the sport path segment, pagination, dates, and the success and
 * error envelopes (ADR-0002). The OpenAPI document is generated from these.
 */
import { type TSchema, Type } from "@sinclair/typebox";
import { SPORTS } from "../../sports/types.js";

export const Timestamp = Type.String({
  format: "date-time",
  description: "ISO 8601 UTC, second precision, e.g. 2026-11-21T10:00:00Z",
  examples: ["2026-11-21T10:00:00Z"],
});
export const DateOnly = Type.String({
  format: "date",
  description: "ISO 8601 date, e.g. 2026-11-21",
  examples: ["2026-11-21"],
});
export const Id = Type.String({ minLength: 1, maxLength: 64, description: "Opaque identifier" });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A sport-shaped JSON document (scores, statistics, profile detail). */
export const Document = Type.Object({}, { additionalProperties: true });

const SportParam = Type.Union(
  SPORTS.map((s) => Type.Literal(s)),
  { description: "Sport segment" },
);

export const SportParams = Type.Object({ sport: SportParam });
export const SportIdParams = Type.Object({ sport: SportParam, id: Id });
export const SportFixtureParams = Type.Object({ sport: SportParam, fixture_id: Id });
export const SportTeamParams = Type.Object({ sport: SportParam, team_id: Id });
export const SportPlayerParams = Type.Object({ sport: SportParam, player_id: Id });

export const PageQuery = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, default: 1, description: "Page number, 1 or more" }),
  ),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 25, description: "Page size, 1 to 100" }),
  ),
};

export const SeasonText = Type.String({
  pattern: "^\\d{4}(-\\d{4})?$",
  description: "YYYY-YYYY, or YYYY for single-year sports",
  examples: ["2026-2027", "2026"],
});

const Pagination = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total_pages: Type.Integer(),
  total_results: Type.Integer(),
  total: Type.Integer(),
});
const MetaPagination = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});

const metaFields = {
  sport: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
  generated_at: Timestamp,
  request_id: Type.String(),
  updated_at: Type.Optional(Timestamp),
  attribution: Type.Optional(
    Type.String({
      description:
        "Lists holding openly licensed data: the credit its licence asks every user to see",
    }),
  ),
};

export interface EnvelopeOptions {
  paginated?: boolean;
  cursor?: boolean;
  /** Extra `meta` fields this endpoint adds. */
  meta?: Record<string, TSchema>;
}

/** Where a resource's data came from (`sample`, `feed`, or an open dataset) and its licence. */
export const DataSourceObject = Type.Object(
  {
    id: Type.String({
      description: "`sample`, `feed`, `openfootball`, `cricsheet`, `retrosheet`…",
    }),
    name: Type.String(),
    licence: Nullable(
      Type.String({ description: "SPDX-style licence name; null for our own data" }),
    ),
    url: Nullable(Type.String()),
  },
  { description: "The data's origin, for attribution" },
);

/** The success envelope around `data`. */
export function Envelope(data: TSchema, options: EnvelopeOptions = {}) {
  const meta: Record<string, TSchema> = { ...metaFields, ...(options.meta ?? {}) };
  const body: Record<string, TSchema> = { data };
  if (options.paginated) {
    meta.pagination = MetaPagination;
    body.pagination = Pagination;
  }
  if (options.cursor) {
    const next = { next_cursor: Nullable(Type.String()) };
    meta.pagination = Type.Composite([MetaPagination, Type.Object(next)]);
    body.pagination = Type.Composite([Pagination, Type.Object(next)]);
  }
  body.meta = Type.Object(meta, { additionalProperties: true });
  body.errors = Type.Array(Type.Unknown(), { maxItems: 0 });
  return Type.Object(body);
}

const ErrorItem = Type.Object({
  code: Type.String(),
  message: Type.String(),
  field: Type.Optional(Type.String()),
});

export const ErrorEnvelope = Type.Object(
  {
    data: Type.Null(),
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      status: Type.Integer(),
      field: Type.Optional(Type.String()),
      request_id: Type.String(),
    }),
    errors: Type.Array(ErrorItem),
    meta: Type.Object({ generated_at: Timestamp, request_id: Type.String() }),
  },
  {
    $id: "ErrorEnvelope",
    description: "Every error response has this envelope; `error.code` says what went wrong",
  },
);

/** Error responses a read route documents. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) out[status] = Type.Ref("ErrorEnvelope");
  return out;
}
