/** Every /v1 read route, registered explicitly in one place. */
import type { preHandlerHookHandler } from "fastify";
import type { App } from "../../app-type.js";
import { competitionRoutes } from "./competitions.js";
import type { RouteDeps } from "./deps.js";
import { fixtureRoutes } from "./fixtures.js";
import { headToHeadRoutes } from "./head-to-head.js";
import { historyRoutes } from "./history.js";
import { leaderRoutes } from "./leaders.js";
import { liveRoutes } from "./live.js";
import { matchDetailRoutes } from "./match-details.js";
import { oddsRoutes } from "./odds.js";
import { playerRoutes } from "./players.js";
import { resultRoutes } from "./results.js";
import { searchRoutes } from "./search.js";
import { sportsRoutes } from "./sports.js";
import { standingsRoutes } from "./standings.js";
import { statisticsRoutes } from "./statistics.js";
import { teamRoutes } from "./teams.js";

export interface V1RouteOptions {
  /** Runs before the odds route's handler (the sandbox host's odds walk). */
  beforeOdds?: preHandlerHookHandler | undefined;
}

export function v1Routes(app: App, deps: RouteDeps, options: V1RouteOptions = {}): void {
  sportsRoutes(app, deps);
  fixtureRoutes(app, deps);
  liveRoutes(app, deps);
  resultRoutes(app, deps);
  historyRoutes(app, deps);
  standingsRoutes(app, deps);
  statisticsRoutes(app, deps);
  leaderRoutes(app, deps);
  headToHeadRoutes(app, deps);
  matchDetailRoutes(app, deps);
  teamRoutes(app, deps);
  playerRoutes(app, deps);
  competitionRoutes(app, deps);
  oddsRoutes(app, deps, options.beforeOdds);
  searchRoutes(app, deps);
}
