/**
 * What a page shows once after a form made something (post/redirect/get, ADR-0051): the form's
 * handler keeps a flash for its session and the page it redirects to (accounts/flashes.ts); that
 * page's next view takes it. Reloading the page, or going back to it, shows nothing again and
 * makes nothing.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { keepFlash, takeFlashes } from "../accounts/flashes.js";
import type { DashboardDeps } from "./deps.js";
import { SESSION_COOKIE } from "./session-door.js";

export type FlashMessage =
  /** A new API key (created, rotated, or the sandbox key of a new account): the keys page. */
  | { kind: "key"; key: string; name: string; keyKind: string; notice?: string | undefined }
  /** A webhook's new signing secret (created, or rotated): that webhook's page. */
  | { kind: "webhook-secret"; webhookId: string; secret: string; notice: string };

/** Where a message is shown. */
function pageOf(message: FlashMessage): string {
  return message.kind === "key" ? "keys" : `webhook:${message.webhookId}`;
}

/** Keeps the message for the session `sessionId`'s next view of its page. */
export async function keepFlashMessage(
  deps: DashboardDeps,
  sessionId: string,
  message: FlashMessage,
): Promise<void> {
  await keepFlash(deps.accounts, sessionId, pageOf(message), JSON.stringify(message));
}

/** Redirects (303) a signed-in form's answer to `path`, the page where `message` shows once. */
export async function redirectWithFlash(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  message: FlashMessage,
) {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId === undefined) throw new Error("a flash without a session");
  await keepFlashMessage(deps, sessionId, message);
  return reply.redirect(path, 303);
}

/** The keys page's flashes (new keys), oldest first, taken. */
export async function keyFlashes(deps: DashboardDeps, request: FastifyRequest) {
  const messages = await take(deps, request, "keys");
  return messages.filter((m): m is Extract<FlashMessage, { kind: "key" }> => m.kind === "key");
}

/** A webhook page's newest flash (its new signing secret), taken with any older ones. */
export async function webhookFlash(deps: DashboardDeps, request: FastifyRequest, id: string) {
  const messages = await take(deps, request, `webhook:${id}`);
  return messages
    .filter(
      (m): m is Extract<FlashMessage, { kind: "webhook-secret" }> => m.kind === "webhook-secret",
    )
    .at(-1);
}

async function take(deps: DashboardDeps, request: FastifyRequest, page: string) {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId === undefined) return [];
  const texts = await takeFlashes(deps.accounts, sessionId, page);
  return texts.map((text) => JSON.parse(text) as FlashMessage);
}
