/** `GET /v1/search`: its query and its hits. */
import { Type } from "@sinclair/typebox";
import { HIT_TYPES } from "../../services/name-search/name-index.js";
import { SPORTS } from "../../sports/types.js";
import { PageQuery } from "./common.js";

export const SearchQuery = Type.Object({
  q: Type.String({
    description:
      "What to look for: 2 to 100 characters (spaces around it do not count). Case, accents and " +
      "punctuation are ignored, and a few typos are forgiven",
    examples: ["muller", "Arsnal"],
  }),
  sport: Type.Optional(
    Type.String({ enum: [...SPORTS], description: "Only this sport (default: every sport)" }),
  ),
  type: Type.Optional(
    Type.String({
      description: `Only these kinds of hit, comma-separated: ${HIT_TYPES.join(", ")} (default: all)`,
      examples: ["team,player"],
    }),
  ),
  ...PageQuery,
});

export const SearchHit = Type.Object({
  type: Type.String({ enum: [...HIT_TYPES] }),
  id: Type.String({
    description: "The resource's id; for a venue (no resource of its own) the slug of its name",
  }),
  sport: Type.String({ enum: [...SPORTS] }),
  name: Type.String(),
  score: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      "Relevance: 1 for the whole name, above 0.7 for the start of the name or of a word, above " +
      "0.5 anywhere inside it, below 0.45 for a match with typos",
  }),
  country: Type.Optional(
    Type.String({ description: "ISO 3166 code (or a region code such as GB-ENG), when known" }),
  ),
  link: Type.String({
    description:
      "The API path of the hit's resource: a team's or player's profile, a competition's fixtures, " +
      "and for a venue its team's profile (a home ground) or the latest fixture held there",
    examples: ["/v1/football/teams/tm_4k2m9x7q1w3e5r8t"],
  }),
});
