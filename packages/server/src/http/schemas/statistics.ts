/** Response and query schemas of season statistics. */
import { Type } from "@sinclair/typebox";
import { Document, Id, Nullable, PageQuery, SeasonText } from "./common.js";

export const StatisticsRow = Type.Object({
  type: Type.String({ enum: ["team", "player"] }),
  team_id: Nullable(Id),
  team: Nullable(Type.String()),
  player_id: Nullable(Id),
  player: Nullable(Type.String()),
  competition_id: Id,
  competition: Type.String(),
  season: Type.String(),
  stats: Document,
});

const CompetitionStats = Type.Object({
  competition_id: Id,
  competition: Type.String(),
  season: Type.String(),
  stats: Document,
});

export const TeamStatistics = Type.Object({
  team_id: Id,
  team: Type.String(),
  competitions: Type.Array(CompetitionStats),
});

export const PlayerStatistics = Type.Object({
  player_id: Id,
  player: Type.String(),
  team_id: Nullable(Id),
  competitions: Type.Array(
    Type.Composite([CompetitionStats, Type.Object({ team_id: Nullable(Id) })]),
  ),
});

export const StatisticsListQuery = Type.Object({
  type: Type.Optional(Type.String({ enum: ["team", "player"], default: "team" })),
  league: Type.Optional(Type.String({ minLength: 1, description: "Competition slug or id" })),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  team: Type.Optional(Type.String({ minLength: 1, description: "Team slug or id" })),
  team_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of team" })),
  season: Type.Optional(SeasonText),
  ...PageQuery,
});

export const StatisticsScopeQuery = Type.Object({
  season: Type.Optional(SeasonText),
  competition: Type.Optional(Type.String({ minLength: 1, description: "Competition slug or id" })),
});
