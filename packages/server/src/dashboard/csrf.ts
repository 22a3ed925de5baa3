/**
 * CSRF tokens bound to the session (ADR-0051). A token is @fastify/csrf-protection's, keyed by
 * the dashboard's server secret (accounts/dashboard-secret.ts) and bound to the session cookie's
 * id through its `userInfo`: a token made for one session fails for any other, so a cookie
 * tossed in from a sibling subdomain (a CSRF secret cookie of the attacker's own) buys nothing.
 * Pages without a session bind to a fixed name, and every post a browser marks as not from this
 * origin (`Sec-Fetch-Site`: same-site, cross-site) is refused before its token is read.
 */
import csrf from "@fastify/csrf-protection";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dashboardSecret } from "../accounts/dashboard-secret.js";
import type { DashboardDeps } from "./deps.js";
import { SESSION_COOKIE } from "./session-door.js";

/** What a page without a session binds its tokens to. */
const SIGNED_OUT = "signed-out";

/** The session a request's tokens are bound to: its session cookie's id, or none. */
function sessionBinding(request: FastifyRequest): string {
  const id = request.cookies[SESSION_COOKIE];
  return id === undefined || id === "" ? SIGNED_OUT : `session:${id}`;
}

/** A token for this page's forms, bound to the request's session. */
export function csrfToken(reply: FastifyReply): string {
  return reply.generateCsrf({ userInfo: sessionBinding(reply.request) });
}

/** Refused like a bad token (html-errors.ts: a 403 page). */
function crossSite(): Error {
  return Object.assign(new Error("a form posted from another site"), {
    code: "FST_CSRF_CROSS_SITE",
    statusCode: 403,
  });
}

export async function installCsrf(scope: FastifyInstance, deps: DashboardDeps): Promise<void> {
  await scope.register(csrf, {
    sessionPlugin: "@fastify/cookie",
    cookieKey: "scoreline_csrf",
    cookieOpts: { path: "/dashboard", httpOnly: true, sameSite: "lax", secure: "auto" },
    getUserInfo: sessionBinding,
    csrfOpts: { hmacKey: await dashboardSecret(deps.accounts) },
  });
  scope.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD") return;
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin") throw crossSite();
  });
}
