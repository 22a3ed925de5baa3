/**
 * The account dashboard at /dashboard (ADR-0032), served by the api role: server-rendered HTML
 * over the same service verbs as the REST API and the CLI. Forms are urlencoded and carry a CSRF
 * token (double-submit cookie, @fastify/csrf-protection); answers carry a strict CSP; errors are
 * HTML pages. The routes stay out of the OpenAPI document.
 */
import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance } from "fastify";
import { statusOf } from "../envelope/error-status.js";
import { ServiceError } from "../errors/service-error.js";
import { assetRoutes } from "./assets.js";
import type { DashboardDeps } from "./deps.js";
import { authPages } from "./pages/auth-pages.js";
import { keysPages } from "./pages/keys-page.js";
import { planPages } from "./pages/plan-page.js";
import { send } from "./pages/send.js";
import { usagePages } from "./pages/usage-page.js";
import { webhookPages } from "./pages/webhooks-page.js";
import { installSecurityHeaders } from "./security-headers.js";
import { errorPage } from "./views/error-view.js";

export async function installDashboard(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.schema = { ...(route.schema ?? {}), hide: true };
      });
      await scope.register(cookie);
      await scope.register(formbody, { bodyLimit: 65_536 });
      await scope.register(csrf, {
        sessionPlugin: "@fastify/cookie",
        cookieKey: "scoreline_csrf",
        cookieOpts: { path: "/dashboard", httpOnly: true, sameSite: "lax", secure: "auto" },
      });
      installSecurityHeaders(scope);
      installHtmlErrors(scope);
      assetRoutes(scope);
      authPages(scope, deps);
      keysPages(scope, deps);
      usagePages(scope, deps);
      webhookPages(scope, deps);
      planPages(scope, deps);
    },
    { prefix: "/dashboard" },
  );
}

function installHtmlErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | ServiceError | Error, request, reply) => {
    let status = 500;
    let message = "Something went wrong on our side; it has been logged. Try again in a moment.";
    if (error instanceof ServiceError) {
      status = statusOf(error);
      message = error.message;
      if (error.retryAfterSeconds !== undefined) {
        reply.header("Retry-After", String(error.retryAfterSeconds));
      }
    } else if (
      "code" in error &&
      typeof error.code === "string" &&
      error.code.startsWith("FST_CSRF")
    ) {
      status = 403;
      message =
        "This form has expired or did not come from this dashboard. Go back, reload the page and try again.";
    } else if (
      "statusCode" in error &&
      typeof error.statusCode === "number" &&
      error.statusCode < 500
    ) {
      status = error.statusCode;
      message = status === 415 ? "Send the form from the dashboard's pages." : error.message;
    }
    if (status >= 500) request.log.error({ err: error }, "dashboard error");
    reply.code(status);
    return send(reply, errorPage(status, message));
  });
  scope.setNotFoundHandler((_request, reply) => {
    reply.code(404);
    return send(reply, errorPage(404, "There is no dashboard page here."));
  });
}
