/**
 * The account dashboard at /dashboard (ADR-0032), served by the api role: server-rendered HTML
 * over the same service verbs as the REST API and the CLI. Forms are urlencoded, carry a CSRF
 * token bound to the session (csrf.ts, ADR-0051) checked before anything else, and have a
 * TypeBox schema each (schemas/); a form that makes something redirects to a page that shows
 * the result once (flash-messages.ts); answers carry a strict CSP, and HSTS over HTTPS; errors
 * are HTML pages, a refused form shown again with its message (html-errors.ts). The routes stay
 * out of the OpenAPI document.
 */
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { assetRoutes, faviconRoute } from "./assets.js";
import { installCsrf } from "./csrf.js";
import type { DashboardDeps } from "./deps.js";
import { installHtmlErrors } from "./html-errors.js";
import { authPages } from "./pages/auth-pages.js";
import { keysPages } from "./pages/keys-page.js";
import { linkPages } from "./pages/link-pages.js";
import { planPages } from "./pages/plan-page.js";
import { usagePages } from "./pages/usage-page.js";
import { webhookActions } from "./pages/webhook-actions.js";
import { webhookPages } from "./pages/webhooks-page.js";
import { installSecurityHeaders } from "./security-headers.js";

export async function installDashboard(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  faviconRoute(app);
  await app.register(
    async (plain) => {
      const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
      scope.addHook("onRoute", (route) => {
        route.schema = { ...(route.schema ?? {}), hide: true };
      });
      await scope.register(cookie);
      await scope.register(formbody, { bodyLimit: 65_536 });
      installSecurityHeaders(scope);
      installHtmlErrors(scope);
      await installCsrf(scope, deps);
      assetRoutes(scope);
      authPages(scope, deps);
      linkPages(scope, deps);
      keysPages(scope, deps);
      usagePages(scope, deps);
      webhookPages(scope, deps);
      webhookActions(scope, deps);
      planPages(scope, deps);
    },
    { prefix: "/dashboard" },
  );
}
