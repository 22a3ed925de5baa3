/** Query schema of GET /v1/{sport}/history/matches: fixture filters, a season range, a cursor. */
import { Type } from "@sinclair/typebox";
import { PageQuery, SeasonText } from "./common.js";
import { FixtureFilterQuery, TimeZoneQuery } from "./fixtures.js";

const HISTORY_FORMATS = ["json", "ndjson", "csv"] as const;

export const HistoryQuery = Type.Object({
  ...FixtureFilterQuery,
  ...TimeZoneQuery,
  season_from: Type.Optional(SeasonText),
  season_to: Type.Optional(SeasonText),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 512,
      description: "Opaque: pagination.next_cursor of the previous page",
    }),
  ),
  per_page: PageQuery.per_page,
  page: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: "1 or absent: history pages by cursor (follow pagination.next_cursor)",
    }),
  ),
  format: Type.Optional(
    Type.String({
      enum: [...HISTORY_FORMATS],
      description:
        "json (paged envelope, default), or a bulk export of the whole selection: ndjson or csv",
    }),
  ),
});
