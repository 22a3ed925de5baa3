/**
 * The webhooks pages' forms: a subscription (to create or to change) and a test event. Bounds
 * follow the REST API's (http/schemas/webhooks.ts); the verbs check the rest (the URL, the
 * leagues).
 */
import { type Static, Type } from "@sinclair/typebox";
import { EVENT_TYPES } from "../../events/domain-event.js";
import { SPORTS } from "../../sports/types.js";
import { Checkboxes, StringEnum } from "./form-fields.js";

const Event = StringEnum(EVENT_TYPES, `choose one of: ${EVENT_TYPES.join(", ")}`);

/** Room for the REST API's longest lists (100 leagues, 500 matches) with their separators. */
const LEAGUES_TEXT_MAX = 100 * (100 + 2);
const MATCHES_TEXT_MAX = 500 * (64 + 2);

export const WebhookForm = Type.Object({
  /** Trimmed before the check. */
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: "enter the endpoint's URL, e.g. https://example.com/hooks/scoreline",
  }),
  /** Trimmed before the check; empty: none. */
  description: Type.Optional(
    Type.String({ maxLength: 500, description: "keep the description to 500 characters" }),
  ),
  events: Checkboxes(Event, {
    maxItems: EVENT_TYPES.length,
    description: `choose at least one event: ${EVENT_TYPES.join(", ")}`,
  }),
  /** Empty: every sport. */
  sport: Type.Optional(StringEnum(["", ...SPORTS], "choose a sport from the list, or every sport")),
  leagues: Type.Optional(
    Type.String({
      maxLength: LEAGUES_TEXT_MAX,
      description: "list at most 100 competition ids or slugs, separated by commas",
    }),
  ),
  matches: Type.Optional(
    Type.String({
      maxLength: MATCHES_TEXT_MAX,
      description: "list at most 500 fixture ids, separated by commas",
    }),
  ),
  /** Percent, trimmed before the check; empty: 5. */
  threshold: Type.Optional(
    Type.Union([Type.Literal(""), Type.Number({ exclusiveMinimum: 0, maximum: 100 })], {
      description: "the odds threshold must be a number of percent, above 0 and at most 100",
    }),
  ),
});

export type WebhookFields = Static<typeof WebhookForm>;

export const TestEventForm = Type.Object({
  /** Empty or absent: match.goal. */
  event: Type.Optional(
    StringEnum(["", ...EVENT_TYPES], `choose one of: ${EVENT_TYPES.join(", ")}`),
  ),
});
