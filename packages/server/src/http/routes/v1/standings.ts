/** GET /v1/{sport}/standings?league=… — computed from results by the sport's rules. */
import { Type } from "@sinclair/typebox";
import { invalidParameter } from "../../../errors/service-error.js";
import { attributionOf } from "../../../services/data-sources.js";
import { getStandings } from "../../../services/standings.js";
import { aliased } from "../../aliases.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, SeasonText, SportParams } from "../../schemas/common.js";
import { StandingsRow } from "../../schemas/fixtures.js";
import type { RouteDeps } from "./deps.js";
import { READS } from "./reads.js";

const StandingsQuery = Type.Object({
  league: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Competition slug or id (required); when no competition has that exact slug or id, a league alias such as `mlb`, `nba`, `nfl`, `epl`, `premier-league`, `ipl` or `ufc`. An unknown league is a 400 whose message names the closest slugs and aliases",
    }),
  ),
  competition_id: Type.Optional(Type.String({ minLength: 1, description: "Alias of league" })),
  season: Type.Optional(SeasonText),
  group: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        "Only the teams of one group (conference, division, pool), by name (`Eastern`, `AFC East`; case and accents ignored): positions and games behind are then within the group",
    }),
  ),
});

export function standingsRoutes(app: App, deps: RouteDeps): void {
  app.get(
    "/v1/:sport/standings",
    {
      config: { cache: true, cacheClass: "table", reads: READS.standings },
      schema: {
        operationId: "getStandings",
        summary: "League table",
        description:
          "Computed from finished results by the sport's rules (points or win percentage with games behind, tie-breakers, form; net run rate in cricket), with point deductions. Rows carry their group (conference, division); `group` narrows the table to one. `league` is required; `season` defaults to the current one.",
        tags: ["standings"],
        params: SportParams,
        querystring: StandingsQuery,
        response: {
          200: Envelope(Type.Array(StandingsRow), {
            meta: {
              competition_id: Type.String(),
              competition: Type.String(),
              season: Type.String(),
              group: Type.Optional(Type.String()),
              attribution: Type.Optional(
                Type.String({ description: "What the data's licence asks users to see" }),
              ),
            },
          }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const league = aliased(request.query, "league", "competition_id");
      if (league === undefined) throw invalidParameter("league", "league is required");
      const table = await getStandings(deps, request.params.sport, {
        league,
        season: request.query.season,
        group: request.query.group,
      });
      const attribution = attributionOf([table.competition.source]);
      return ok(request, deps.clock, table.rows, {
        sport: request.params.sport,
        extra: {
          competition_id: table.competition.id,
          competition: table.competition.name,
          season: table.season.name,
          ...(request.query.group !== undefined ? { group: request.query.group } : {}),
          ...(attribution !== undefined ? { attribution } : {}),
        },
      });
    },
  );
}
