/**
 * The admin API under /admin/v1, registered only when SCORELINE_ADMIN_TOKEN is set. Its routes
 * live in one encapsulated scope whose onRequest hook is the admin guard, so every route added
 * here (accounts, keys, the feed) requires the admin token. The /v1 API-key hook
 * skips these paths. Routes are hidden from the public OpenAPI document.
 */
import type { AccountsContext } from "../../../accounts/accounts-service.js";
import type { Clock } from "../../../lib/time.js";
import type { FeedIngestor } from "../../../live/feed-ingestor.js";
import type { App } from "../../app-type.js";
import { adminAccountRoutes } from "./accounts.js";
import { adminFeedRoutes } from "./feed.js";
import { adminGuard } from "./guard.js";
import { adminKeyRoutes } from "./keys.js";

export interface AdminDeps {
  accounts: AccountsContext;
  adminToken: string;
  /** The live feed's ingestor; POST /admin/v1/feed exists when it is given. */
  ingestor?: FeedIngestor;
  clock: Clock;
}

export function adminRoutes(app: App, deps: AdminDeps): void {
  app.register(async (scope: App) => {
    scope.addHook("onRequest", adminGuard(deps.adminToken));
    adminAccountRoutes(scope, deps.accounts);
    adminKeyRoutes(scope, deps.accounts);
    if (deps.ingestor !== undefined)
      adminFeedRoutes(scope, { ingestor: deps.ingestor, clock: deps.clock });
  });
}
