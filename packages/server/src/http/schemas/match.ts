/** Response schemas hanging off one fixture: match events and lineups. */
import { Type } from "@sinclair/typebox";
import { Document, Id, Nullable, Timestamp } from "./common.js";

export const MatchEvent = Type.Object({
  event_id: Id,
  fixture_id: Id,
  sequence: Type.Integer({ minimum: 1 }),
  type: Type.String(),
  period: Nullable(Type.String()),
  minute: Nullable(Type.Integer()),
  team_id: Nullable(Id),
  team: Nullable(Type.String()),
  player_id: Nullable(Id),
  player: Nullable(Type.String()),
  related_player_id: Nullable(Id),
  related_player: Nullable(Type.String()),
  detail: Document,
  score: Nullable(Document),
  state: Type.String({ enum: ["active", "retracted"] }),
  created_at: Timestamp,
  updated_at: Timestamp,
});

const LineupPlayer = Type.Object(
  {
    player_id: Id,
    name: Type.String(),
    position: Nullable(Type.String()),
    shirt_number: Nullable(Type.Integer()),
  },
  { additionalProperties: true },
);

const TeamLineup = Nullable(
  Type.Object({
    team_id: Id,
    team: Type.String(),
    formation: Nullable(Type.String()),
    coach: Nullable(Type.String()),
    starters: Type.Array(LineupPlayer),
    substitutes: Type.Array(LineupPlayer),
    updated_at: Timestamp,
  }),
);

export const Lineups = Type.Object({
  fixture_id: Id,
  available: Type.Boolean(),
  home: TeamLineup,
  away: TeamLineup,
});
