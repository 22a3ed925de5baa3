/**
 * `include` (ADR-0042): what the single fixture and the team profile can embed under
 * `included`, each part exactly the data of the endpoint it saves a call to.
 */
import { Type } from "@sinclair/typebox";
import { FIXTURE_INCLUDES, TEAM_INCLUDES } from "../../services/includes.js";
import { Player, TeamDetail } from "./directory.js";
import { FixtureDetail, LocalKickoffQuery } from "./fixtures.js";
import { Lineups, MatchEvent } from "./match.js";
import { OddsEntry } from "./odds.js";
import { TeamStatistics } from "./statistics.js";

/** A comma-separated list of names, each once or more; anything else is a 400 naming them. */
function includeParam(names: readonly string[], embeds: string) {
  const name = `(${names.join("|")})`;
  return Type.Optional(
    Type.String({
      pattern: `^${name}(,${name})*$`,
      maxLength: 200,
      description: `a comma-separated list of ${names.join(", ")} (${embeds})`,
      examples: [names.slice(0, 2).join(",")],
    }),
  );
}

export const FixtureDetailQuery = Type.Object({
  include: includeParam(
    FIXTURE_INCLUDES,
    "each embedded under `included`: the data of /lineups, /events and /odds for this fixture, and statistics of its two teams; odds need a plan with odds",
  ),
  ...LocalKickoffQuery,
});

export const TeamDetailQuery = Type.Object({
  include: includeParam(
    TEAM_INCLUDES,
    "embedded under `included`: squad is every player of the team as /players?team_id= lists them",
  ),
});

const SideStatistics = Type.Union([TeamStatistics, Type.Null()], {
  description:
    "What /statistics/team/{team_id}?competition=…&season=… answers for this fixture's competition and season; null without a team (field sports)",
});

const FixtureIncluded = Type.Object(
  {
    lineups: Type.Optional(Lineups),
    events: Type.Optional(Type.Array(MatchEvent)),
    odds: Type.Optional(
      Type.Array(OddsEntry, { description: "As /odds?match_id= answers, in decimal prices" }),
    ),
    statistics: Type.Optional(Type.Object({ home: SideStatistics, away: SideStatistics })),
  },
  { description: "Only with `include`: the parts asked for" },
);

export const FixtureDetailWithIncludes = Type.Composite([
  FixtureDetail,
  Type.Object({ included: Type.Optional(FixtureIncluded) }),
]);

export const TeamDetailWithIncludes = Type.Composite([
  TeamDetail,
  Type.Object({
    included: Type.Optional(
      Type.Object(
        { squad: Type.Optional(Type.Array(Player)) },
        { description: "Only with `include`: the parts asked for" },
      ),
    ),
  }),
]);
