/** Query and response schemas of statistics leaders (ADR-0041). */
import { Type } from "@sinclair/typebox";
import { Document, Id, Nullable, SeasonText } from "./common.js";

export const LeadersQuery = Type.Object({
  stat: Type.String({
    minLength: 1,
    maxLength: 60,
    description:
      "The statistic to rank: one of the sport's `leader_stats` of this `type` in `/v1/sports` (e.g. football `goals`, basketball `points_per_game`, baseball `era`, cricket `strike_rate`)",
    examples: ["goals"],
  }),
  type: Type.Optional(
    Type.String({
      enum: ["player", "team"],
      default: "player",
      description: "Rank players or teams",
    }),
  ),
  league: Type.Optional(Type.String({ minLength: 1, description: "Competition slug or id" })),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  season: Type.Optional(SeasonText),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 10,
      description: "How many to list, 1 to 100",
    }),
  ),
});

export const LeaderEntry = Type.Object({
  rank: Type.Integer({
    description:
      "Standard competition ranking: equal values share a rank, the next one skips (1, 2, 2, 4)",
  }),
  value: Type.Number({ description: "The statistic's value, rounded as ranked" }),
  type: Type.String({ enum: ["team", "player"] }),
  player_id: Nullable(Id),
  player: Nullable(Type.String()),
  team_id: Nullable(Id),
  team: Nullable(Type.String()),
  competition_id: Id,
  competition: Type.String(),
  season: Type.String(),
  stats: Document,
});

export const LeadersMeta = {
  stat: Type.String(),
  type: Type.String({ enum: ["team", "player"] }),
  order: Type.String({ enum: ["desc", "asc"], description: "`asc`: lowest value first" }),
  qualifier: Nullable(
    Type.String({ description: "What a row needs to be ranked (rates only), or null" }),
  ),
};
