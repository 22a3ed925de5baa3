/** Every /v1 read route, registered explicitly in one place. */
import type { App } from "../../app-type.js";
import type { RouteDeps } from "./deps.js";
import { fixtureRoutes } from "./fixtures.js";
import { liveRoutes } from "./live.js";
import { resultRoutes } from "./results.js";
import { sportsRoutes } from "./sports.js";
import { standingsRoutes } from "./standings.js";

export function v1Routes(app: App, deps: RouteDeps): void {
  sportsRoutes(app, deps);
  fixtureRoutes(app, deps);
  liveRoutes(app, deps);
  resultRoutes(app, deps);
  standingsRoutes(app, deps);
}
