/**
 * /dashboard/keys: list, create, rotate (new key, old one revoked at a chosen time), revoke. A
 * new key is shown once, by the page the form redirects to (flash-messages.ts), so reloading it
 * makes and shows nothing. An account that has made no call yet gets a getting-started panel.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { createKey, listKeys, revokeOwnKey, rotateKey } from "../../accounts/accounts-service.js";
import { csrfToken } from "../csrf.js";
import type { DashboardApp } from "../dashboard-app.js";
import type { DashboardDeps } from "../deps.js";
import { keyFlashes, redirectWithFlash } from "../flash-messages.js";
import { queryText } from "../forms.js";
import { formErrors } from "../html-errors.js";
import { ButtonForm, IdParams } from "../schemas/form-fields.js";
import { CreateKeyForm, type RotateKeyFields, RotateKeyForm } from "../schemas/key-forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { NOTICES } from "../views/format.js";
import { type KeysPageData, keysPage } from "../views/keys-view.js";
import { send } from "./send.js";
import { linkBase } from "./signing-in.js";

type Extra = Pick<KeysPageData, "created" | "notice" | "error">;

/** The rotate form's default: the old key lives 24 more hours. */
const DEFAULT_REVOKE_IN = 86_400;

async function render(
  deps: DashboardDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: Extra,
) {
  const session = sessionOf(request);
  const keys = await listKeys(deps.accounts, session.accountId);
  return send(
    reply,
    keysPage({
      email: session.email,
      csrf: csrfToken(reply),
      keys,
      origin: linkBase(deps, request).origin,
      ...extra,
    }),
  );
}

/** The rotate form's choice: `revoke_at` (UTC, from a datetime-local field) wins over `revoke_in`. */
function revocationTime(form: RotateKeyFields, now: Date): Date {
  const at = form.revoke_at ?? "";
  // The schema admits only times Date.parse reads; a day the month lacks rolls over (02-31: 03-03).
  if (at !== "") return new Date(Date.parse(/Z$/.test(at) ? at : `${at}Z`));
  const within = form.revoke_in ?? DEFAULT_REVOKE_IN;
  return within === "now" ? now : new Date(now.getTime() + within * 1000);
}

export function keysPages(scope: DashboardApp, deps: DashboardDeps): void {
  const signedIn = { preHandler: requireSignIn(deps) };
  // The CSRF token and the session are checked before the form's schema.
  const posting = { preValidation: [scope.csrfProtection, requireSignIn(deps)] };
  const showKeys = formErrors((request, reply, problem) =>
    render(deps, request, reply, { error: problem.message }),
  );

  scope.get("/keys", signedIn, async (request, reply) => {
    const created = await keyFlashes(deps, request);
    const notice = created.findLast((flash) => flash.notice !== undefined)?.notice;
    return render(deps, request, reply, {
      created,
      notice: notice ?? NOTICES[queryText(request, "notice") ?? ""],
    });
  });

  scope.post(
    "/keys",
    { ...posting, schema: { body: CreateKeyForm }, errorHandler: showKeys },
    async (request, reply) => {
      const kind = request.body.kind ?? "live";
      const created = await createKey(deps.accounts, {
        account: sessionOf(request).accountId,
        kind,
        name: request.body.name,
      });
      return redirectWithFlash(deps, request, reply, "/dashboard/keys", {
        kind: "key",
        key: created.key,
        name: created.name,
        keyKind: kind,
      });
    },
  );

  scope.post(
    "/keys/:id/rotate",
    { ...posting, schema: { params: IdParams, body: RotateKeyForm }, errorHandler: showKeys },
    async (request, reply) => {
      const now = deps.accounts.clock();
      const revokeAt = revocationTime(request.body, now);
      const { created } = await rotateKey(
        deps.accounts,
        sessionOf(request).accountId,
        request.params.id,
        revokeAt,
      );
      const at = `${revokeAt.toISOString().slice(0, 19).replace("T", " ")} UTC`;
      return redirectWithFlash(deps, request, reply, "/dashboard/keys", {
        kind: "key",
        key: created.key,
        name: created.name,
        keyKind: created.kind,
        notice: `The old key is revoked ${revokeAt.getTime() <= now.getTime() ? "now" : `at ${at}`}. Switch your clients to the new key.`,
      });
    },
  );

  scope.post(
    "/keys/:id/revoke",
    { ...posting, schema: { params: IdParams, body: ButtonForm } },
    async (request, reply) => {
      await revokeOwnKey(deps.accounts, sessionOf(request).accountId, request.params.id);
      return reply.redirect("/dashboard/keys?notice=revoked", 303);
    },
  );
}
