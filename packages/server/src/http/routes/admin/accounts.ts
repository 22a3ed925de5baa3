/** POST /admin/v1/accounts and GET /admin/v1/accounts/{id} (id or email). */
import { Type } from "@sinclair/typebox";
import {
  type AccountsContext,
  createAccount,
  findAccount,
  presentAccount,
} from "../../../accounts/accounts-service.js";
import type { App } from "../../app-type.js";
import { ok } from "../../reply.js";
import { Envelope, errorResponses } from "../../schemas/common.js";
import { Account, AccountRef, CreateAccountBody } from "./schemas.js";

export function adminAccountRoutes(app: App, accounts: AccountsContext): void {
  app.post(
    "/admin/v1/accounts",
    {
      schema: {
        hide: true,
        summary: "Create an account (plan defaults to free; limits are custom enterprise limits)",
        body: CreateAccountBody,
        response: { 201: Envelope(Account), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const account = await createAccount(accounts, request.body);
      reply.code(201);
      return ok(request, accounts.clock, account);
    },
  );

  app.get(
    "/admin/v1/accounts/:id",
    {
      schema: {
        hide: true,
        summary: "One account, by id or email",
        params: Type.Object({ id: AccountRef }),
        response: { 200: Envelope(Account), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const row = await findAccount(accounts, request.params.id);
      return ok(request, accounts.clock, presentAccount(row));
    },
  );
}
