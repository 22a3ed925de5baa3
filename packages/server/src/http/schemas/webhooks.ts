/**
 * The webhook subscription API's request and response schemas (ADR-0013): the subscription's
 * fields, create and update bodies, deliveries with their attempts, and recover.
 */
import { Type } from "@sinclair/typebox";
import { EVENT_TYPES } from "../../events/domain-event.js";
import { SPORTS } from "../../sports/types.js";
import { Document, Id, Nullable } from "./common.js";

export const EventName = Type.String({ description: `one of: ${EVENT_TYPES.join(", ")}` });
const Sport = Type.String({ description: `one of: ${SPORTS.join(", ")}` });

const Fields = {
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description:
      "https URL that receives the events; its host must not be a loopback, private or other non-public IP address or a localhost name",
  }),
  events: Type.Array(EventName, { maxItems: 8 }),
  sport: Nullable(Sport),
  leagues: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    maxItems: 100,
    description: "competition ids or slugs; empty = every league",
  }),
  matches: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    maxItems: 500,
    description: "fixture ids; empty = every match",
  }),
  odds_threshold: Type.Number({
    description: "relative price move that fires odds.moved, in (0, 1]; default 0.05",
  }),
  description: Nullable(Type.String({ maxLength: 500 })),
  enabled: Type.Boolean(),
};

export const CreateBody = Type.Object({
  url: Fields.url,
  events: Fields.events,
  sport: Type.Optional(Fields.sport),
  leagues: Type.Optional(Fields.leagues),
  matches: Type.Optional(Fields.matches),
  odds_threshold: Type.Optional(Fields.odds_threshold),
  secret: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "whsec_ + base64 of at least 24 bytes; generated when omitted",
    }),
  ),
  description: Type.Optional(Fields.description),
  enabled: Type.Optional(Fields.enabled),
});

export const UpdateBody = Type.Object({
  url: Type.Optional(Fields.url),
  events: Type.Optional(Fields.events),
  sport: Type.Optional(Fields.sport),
  leagues: Type.Optional(Fields.leagues),
  matches: Type.Optional(Fields.matches),
  odds_threshold: Type.Optional(Fields.odds_threshold),
  description: Type.Optional(Fields.description),
  enabled: Type.Optional(Fields.enabled),
  secret: Type.Optional(Type.String()),
});

export const Subscription = Type.Object({
  id: Id,
  url: Type.String(),
  events: Type.Array(Type.String()),
  sport: Nullable(Type.String()),
  leagues: Type.Array(Type.String()),
  matches: Type.Array(Type.String()),
  odds_threshold: Type.Number(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  status: Type.String({ enum: ["active", "disabled"] }),
  disabled_reason: Nullable(Type.String()),
  disabled_at: Nullable(Type.String()),
  failing_since: Nullable(Type.String()),
  secret_hint: Type.String(),
  previous_secret_expires_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export const WithSecret = Type.Intersect([
  Subscription,
  Type.Object({ secret: Type.String({ description: "shown only in this response" }) }),
]);

const Attempt = Type.Object({
  attempt: Type.Integer(),
  attempted_at: Nullable(Type.String()),
  status: Type.Integer({ description: "HTTP status; 0 for a network error or a refused address" }),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  response_body: Nullable(Type.String({ description: "the first 2 KB" })),
  next_attempt_at: Nullable(Type.String()),
  manual: Type.Boolean(),
});
export const Delivery = Type.Object({
  id: Id,
  subscription_id: Id,
  event_id: Type.String(),
  event: Type.String(),
  state: Type.String({ enum: ["pending", "succeeded", "failed"] }),
  attempts: Type.Array(Attempt),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  payload: Document,
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});

export const RecoverBody = Type.Object({
  since: Type.String({
    format: "date-time",
    description:
      "ISO 8601; failed deliveries created at or after this are sent again. In the past, and within the delivery log's retention (30 days by default).",
    examples: ["2026-11-21T10:00:00Z"],
  }),
  until: Type.Optional(
    Type.String({
      format: "date-time",
      description: "ISO 8601; only deliveries created before this (default: now)",
    }),
  ),
});
export const Recovered = Type.Object({
  subscription_id: Id,
  since: Type.String(),
  until: Type.String(),
  queued: Type.Integer({ description: "failed deliveries put back in the queue" }),
});
