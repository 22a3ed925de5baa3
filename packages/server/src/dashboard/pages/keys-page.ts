/** /dashboard/keys: list, create (shown once), rotate (new key, old one revoked at a chosen time), revoke. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createKey, listKeys, revokeOwnKey, rotateKey } from "../../accounts/accounts-service.js";
import { invalidParameter, ServiceError } from "../../errors/service-error.js";
import type { DashboardDeps } from "../deps.js";
import { field, queryText } from "../forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { NOTICES } from "../views/format.js";
import { type KeysPageData, keysPage } from "../views/keys-view.js";
import { send } from "./send.js";

type Extra = Pick<KeysPageData, "created" | "notice" | "error">;

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
    keysPage({ email: session.email, csrf: reply.generateCsrf(), keys, ...extra }),
  );
}

/** The rotate form's choice: `revoke_at` (UTC, from a datetime-local field) wins over `revoke_in`. */
function revocationTime(request: FastifyRequest, now: Date): Date {
  const at = field(request, "revoke_at");
  if (at !== "") {
    const parsed = Date.parse(/Z$/.test(at) ? at : `${at}Z`);
    if (Number.isNaN(parsed)) throw invalidParameter("revoke_at", "enter a date and time (UTC)");
    return new Date(parsed);
  }
  const within = field(request, "revoke_in");
  if (within === "now") return now;
  const seconds = Number(within === "" ? "86400" : within);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 30 * 86_400) {
    throw invalidParameter("revoke_in", "choose when the old key is revoked");
  }
  return new Date(now.getTime() + seconds * 1000);
}

export function keysPages(scope: FastifyInstance, deps: DashboardDeps): void {
  const signedIn = { preHandler: requireSignIn(deps) };
  const posting = { preHandler: [scope.csrfProtection, requireSignIn(deps)] };
  const recover = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ServiceError) || error.code !== "invalid_parameter") throw error;
    reply.code(400);
    return render(deps, request, reply, { error: error.message });
  };

  scope.get("/keys", signedIn, async (request, reply) =>
    render(deps, request, reply, { notice: NOTICES[queryText(request, "notice") ?? ""] }),
  );

  scope.post("/keys", posting, async (request, reply) => {
    const kind = field(request, "kind") === "test" ? "test" : "live";
    try {
      const name = field(request, "name");
      if (name.trim() === "") throw invalidParameter("name", "give the key a name");
      const created = await createKey(deps.accounts, {
        account: sessionOf(request).accountId,
        kind,
        name,
      });
      reply.code(201);
      return render(deps, request, reply, {
        created: { key: created.key, name: created.name, kind },
      });
    } catch (error) {
      return recover(request, reply, error);
    }
  });

  scope.post<{ Params: { id: string } }>("/keys/:id/rotate", posting, async (request, reply) => {
    try {
      const revokeAt = revocationTime(request, deps.accounts.clock());
      const { created } = await rotateKey(
        deps.accounts,
        sessionOf(request).accountId,
        request.params.id,
        revokeAt,
      );
      reply.code(201);
      return render(deps, request, reply, {
        created: { key: created.key, name: created.name, kind: created.kind },
        notice: `The old key is revoked ${revokeAt.getTime() <= deps.accounts.clock().getTime() ? "now" : `at ${revokeAt.toISOString().slice(0, 19).replace("T", " ")} UTC`}. Switch your clients to the new key.`,
      });
    } catch (error) {
      return recover(request, reply, error);
    }
  });

  scope.post<{ Params: { id: string } }>("/keys/:id/revoke", posting, async (request, reply) => {
    await revokeOwnKey(deps.accounts, sessionOf(request).accountId, request.params.id);
    return reply.redirect("/dashboard/keys?notice=revoked", 303);
  });
}
