/**
 * The session cookie (ADR-0031): `HttpOnly`, `SameSite=Lax`, `Path=/dashboard`, and `Secure`
 * whenever the request came over HTTPS — directly (TLS) or, with SCORELINE_TRUST_PROXY, per the
 * proxy's X-Forwarded-Proto. Pages behind the door get the signed-in account or a redirect to
 * sign in (back to the page afterwards).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { resumeSession, type Session } from "../accounts/sessions.js";
import type { DashboardDeps } from "./deps.js";

export const SESSION_COOKIE = "scoreline_session";

declare module "fastify" {
  interface FastifyRequest {
    dashboardSession?: Session;
  }
}

export function setSessionCookie(reply: FastifyReply, id: string, deps: DashboardDeps): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: "/dashboard",
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    maxAge: Math.floor(deps.sessions.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/dashboard",
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
  });
}

/** A path inside the dashboard to return to after sign-in; anything else is the keys page. */
export function safeNext(next: string | undefined): string {
  return next !== undefined &&
    /^\/dashboard(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_=&%.-]*)?$/.test(next)
    ? next
    : "/dashboard/keys";
}

/** preHandler: the session's account on the request, or a 303 to the sign-in page. */
export function requireSignIn(deps: DashboardDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await resumeSession(
      deps.accounts,
      deps.sessions,
      request.cookies[SESSION_COOKIE],
    );
    if (session === null) {
      if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply);
      const next = request.method === "GET" ? request.url : "/dashboard/keys";
      return reply.redirect(`/dashboard/sign-in?next=${encodeURIComponent(next)}`, 303);
    }
    request.dashboardSession = session;
  };
}

/** The signed-in account (only on pages behind `requireSignIn`). */
export function sessionOf(request: FastifyRequest): Session {
  const session = request.dashboardSession;
  if (session === undefined) throw new Error("dashboard page reached without a session");
  return session;
}
