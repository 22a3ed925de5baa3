/**
 * POST /admin/v1/keys (the only answer that carries the key text), GET /admin/v1/keys?account=
 * and POST /admin/v1/keys/{id}/revoke (now, or `at` a chosen time).
 */
import { Type } from "@sinclair/typebox";
import {
  type AccountsContext,
  createKey,
  listKeys,
  revokeKey,
} from "../../../accounts/accounts-service.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses, Id } from "../../schemas/common.js";
import { AccountRef, CreatedKey, CreateKeyBody, Key, RevokeKeyBody } from "./schemas.js";

export function adminKeyRoutes(app: App, accounts: AccountsContext): void {
  app.post(
    "/admin/v1/keys",
    {
      schema: {
        hide: true,
        summary: "Create a key (a new account is made for it when `account` is absent)",
        body: CreateKeyBody,
        response: { 201: Envelope(CreatedKey), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await createKey(accounts, {
        account: body.account,
        plan: body.plan,
        kind: body.sandbox ? "test" : "live",
        name: body.name,
        expiresAt: body.expires_at === undefined ? undefined : new Date(body.expires_at),
      });
      reply.code(201);
      return ok(request, accounts.clock, created);
    },
  );

  app.get(
    "/admin/v1/keys",
    {
      schema: {
        hide: true,
        summary: "List keys (never their text), optionally of one account (id or email)",
        querystring: Type.Object({ account: Type.Optional(AccountRef) }),
        response: { 200: Envelope(Type.Array(Key)), ...errorResponses(401, 404) },
      },
    },
    async (request) => ok(request, accounts.clock, await listKeys(accounts, request.query.account)),
  );

  app.post(
    "/admin/v1/keys/:id/revoke",
    {
      schema: {
        hide: true,
        summary: "Revoke a key now, or at a chosen time (it works until then)",
        params: Type.Object({ id: Id }),
        body: RevokeKeyBody,
        response: { 200: Envelope(Key), ...errorResponses(400, 401, 404) },
      },
      // A bare POST (no body) revokes now.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const at = request.body.at;
      const key = await revokeKey(
        accounts,
        request.params.id,
        at === undefined ? undefined : new Date(at),
      );
      return ok(request, accounts.clock, key);
    },
  );
}
