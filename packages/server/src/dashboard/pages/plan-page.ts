/**
 * /dashboard/plan: the plan's limits and entitlements beside what each key uses now, and the
 * account's open stream connections (counted for the account, every key together).
 */
import type { FastifyInstance } from "fastify";
import { findAccount } from "../../accounts/accounts-service.js";
import { principalsOf } from "../../accounts/authenticator.js";
import { applyCustomLimits, type CustomLimits } from "../../config/plans.js";
import { parseJson } from "../../store/json-columns.js";
import { csrfToken } from "../csrf.js";
import type { DashboardDeps } from "../deps.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { planPage } from "../views/plan-view.js";
import { send } from "./send.js";

export function planPages(scope: FastifyInstance, deps: DashboardDeps): void {
  scope.get("/plan", { preHandler: requireSignIn(deps) }, async (request, reply) => {
    const session = sessionOf(request);
    const account = await findAccount(deps.accounts, session.accountId);
    const base = deps.accounts.plans[account.plan];
    if (base === undefined)
      throw new Error(`account ${account.id} is on unknown plan ${account.plan}`);
    const plan = applyCustomLimits(base, parseJson<CustomLimits>(account.limits) ?? {});
    const principals = await principalsOf(deps.accounts, session.accountId);
    const streams =
      deps.streamConnections === undefined
        ? undefined
        : await deps.streamConnections(session.accountId);
    const keys = await Promise.all(
      principals
        .filter(({ key }) => key.kind === "live")
        .map(async ({ key, principal }) => ({
          name: key.name,
          prefix: key.prefix,
          plan: principal.plan,
          monthUsed: (await deps.limiter.usage(principal)).month.used,
        })),
    );
    return send(
      reply,
      planPage({ email: session.email, csrf: csrfToken(reply), plan, keys, streams }),
    );
  });
}
