/**
 * What the door pages share: starting a session once a door opens, where mailed links point,
 * the verbs' mail and throttle, and the page for a link that no longer works.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DashboardAccountsDeps, LinkBase } from "../../accounts/dashboard-accounts.js";
import { endSession, startSession } from "../../accounts/sessions.js";
import type { DashboardDeps } from "../deps.js";
import { type FlashMessage, keepFlashMessage } from "../flash-messages.js";
import { SESSION_COOKIE, setSessionCookie } from "../session-door.js";
import { badLinkPage } from "../views/auth-views.js";
import { send } from "./send.js";

/** The account verbs with the mail they send and the throttle that limits it. */
export function withMail(deps: DashboardDeps): DashboardAccountsDeps {
  return { ...deps.accounts, mailer: deps.mailer, throttle: deps.throttle };
}

/** The origin mailed links use: SCORELINE_PUBLIC_URL, else the request's own. */
export function linkBase(deps: DashboardDeps, request: FastifyRequest): LinkBase {
  return { origin: deps.publicUrl ?? `${request.protocol}://${request.host}` };
}

/**
 * A new session for the account (ending this browser's previous one), then `next`, which shows
 * `flash` once when there is one (a new account's sandbox key).
 */
export async function signInAs(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  next: string,
  flash?: FlashMessage,
) {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous !== undefined) await endSession(deps.accounts, previous);
  const sessionId = await startSession(deps.accounts, deps.sessions, accountId);
  setSessionCookie(reply, sessionId, deps);
  if (flash !== undefined) await keepFlashMessage(deps, sessionId, flash);
  return reply.redirect(next, 303);
}

/** 400: the link has been used, has expired, or never was one. */
export function sendBadLink(reply: FastifyReply) {
  reply.code(400);
  return send(reply, badLinkPage());
}
