/**
 * POST /admin/v1/feed: the live feed's way in (ADR-0020). The body is one JSON message, a
 * JSON array of them, or NDJSON, whatever the Content-Type says; the answer reports every message
 * by index (applied, duplicate, or rejected with field and reason). A body that cannot be read
 * at all is a 400; otherwise the answer is 200 and `data.rejected` counts the refusals.
 */
import { Type } from "@sinclair/typebox";
import { invalidParameter } from "../../../errors/service-error.js";
import type { Clock } from "../../../lib/time.js";
import type { FeedIngestor } from "../../../live/feed-ingestor.js";
import { FeedBodyError, parseFeedText } from "../../../live/parse-feed.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses } from "../../schemas/common.js";

/** A feed body may carry many messages; the rest of the API keeps Fastify's 1 MiB limit. */
const FEED_BODY_LIMIT = 32 * 1024 * 1024;

const ItemResult = Type.Object({
  index: Type.Integer(),
  id: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([
    Type.Literal("applied"),
    Type.Literal("duplicate"),
    Type.Literal("rejected"),
  ]),
  events: Type.Optional(Type.Integer()),
  error: Type.Optional(
    Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() }),
  ),
});

const FeedReport = Type.Object({
  received: Type.Integer(),
  applied: Type.Integer(),
  duplicates: Type.Integer(),
  rejected: Type.Integer(),
  events: Type.Integer({ description: "domain events the applied messages produced" }),
  results: Type.Array(ItemResult),
});

export function adminFeedRoutes(app: App, deps: { ingestor: FeedIngestor; clock: Clock }): void {
  app.register(async (scope: App) => {
    // Every body is read as text here: NDJSON and JSON share one parser (parse-feed.ts).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: FEED_BODY_LIMIT },
      (_req, body, done) => {
        done(null, body);
      },
    );
    scope.post(
      "/admin/v1/feed",
      {
        bodyLimit: FEED_BODY_LIMIT,
        schema: {
          hide: true,
          summary: "Ingest feed messages (JSON object, JSON array or NDJSON)",
          response: { 200: Envelope(FeedReport), ...errorResponses(400, 401, 413) },
        },
      },
      async (request) => {
        const text = typeof request.body === "string" ? request.body : "";
        let items: ReturnType<typeof parseFeedText>;
        try {
          items = parseFeedText(text);
        } catch (error) {
          if (error instanceof FeedBodyError) throw invalidParameter("body", error.message);
          throw error;
        }
        return ok(request, deps.clock, await deps.ingestor.ingest(items));
      },
    );
  });
}
