/** Query and response schemas of head-to-head (ADR-0041). */
import { Type } from "@sinclair/typebox";
import { PageQuery, SeasonText } from "./common.js";
import { Team } from "./directory.js";
import { Fixture, Result } from "./fixtures.js";

const Side = (name: "team_a" | "team_b") =>
  Type.String({
    minLength: 1,
    maxLength: 64,
    description: `The ${name === "team_a" ? "first" : "second"} side: a team id or slug; in tennis and combat sports a competitor's team id, slug or player id. Unknown in the sport: 404 naming \`${name}\`.`,
  });

export const HeadToHeadQuery = Type.Object({
  team_a: Side("team_a"),
  team_b: Side("team_b"),
  league: Type.Optional(
    Type.String({ minLength: 1, description: "Only meetings in this competition (slug or id)" }),
  ),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  season: Type.Optional(SeasonText),
  ...PageQuery,
});

const HeadToHeadRecord = Type.Object(
  {
    played: Type.Integer({ description: "Finished meetings (finished, awarded, walkover)" }),
    team_a_wins: Type.Integer(),
    draws: Type.Integer({ description: "Drawn or tied meetings" }),
    team_b_wins: Type.Integer(),
    no_result: Type.Integer({ description: "Finished meetings without a winner or a draw" }),
    team_a_score: Type.Number({
      description: "team_a's headline score summed over the meetings: goals, points, runs, sets…",
    }),
    team_b_score: Type.Number({ description: "team_b's headline score summed likewise" }),
  },
  { description: "Computed over every finished meeting in scope, not only this page" },
);

export const HeadToHead = Type.Object({
  team_a: Team,
  team_b: Team,
  record: HeadToHeadRecord,
  upcoming: Type.Array(Fixture, {
    description: "The next (at most 10) meetings not yet played, soonest first",
  }),
  meetings: Type.Array(Result, {
    description: "Past meetings, newest first; `pagination` pages through these",
  }),
});
