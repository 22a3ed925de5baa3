/**
 * /dashboard/usage: the ledger's month (all keys or one) and each live key's counters. A key id
 * not of the account's own (another account's, or none at all) is a 404.
 */
import type { FastifyInstance } from "fastify";
import { listKeys } from "../../accounts/accounts-service.js";
import { principalsOf } from "../../accounts/authenticator.js";
import { notFound } from "../../errors/service-error.js";
import { monthUsage } from "../../usage/usage-reports.js";
import { csrfToken } from "../csrf.js";
import type { DashboardDeps } from "../deps.js";
import { queryText } from "../forms.js";
import { requireSignIn, sessionOf } from "../session-door.js";
import { usagePage } from "../views/usage-view.js";
import { send } from "./send.js";

export function usagePages(scope: FastifyInstance, deps: DashboardDeps): void {
  scope.get("/usage", { preHandler: requireSignIn(deps) }, async (request, reply) => {
    const session = sessionOf(request);
    const keys = await listKeys(deps.accounts, session.accountId);
    // "All keys" is an empty choice; any other key than the account's own is a 404.
    const wanted = queryText(request, "key") ?? "";
    const selected = wanted === "" ? undefined : keys.find((k) => k.id === wanted)?.id;
    if (wanted !== "" && selected === undefined) throw notFound(`key ${wanted}`);
    const scope = selected !== undefined ? { keyId: selected } : { accountId: session.accountId };
    const [usage, principals] = await Promise.all([
      monthUsage(deps.accounts.store, deps.ledger, scope, deps.accounts.clock()),
      principalsOf(deps.accounts, session.accountId),
    ]);
    const quotas = await Promise.all(
      principals
        .filter(({ key }) => key.kind === "live")
        .map(async ({ key, principal }) => {
          const counts = await deps.limiter.usage(principal);
          return {
            id: key.id,
            name: key.name,
            prefix: key.prefix,
            plan: principal.plan.name,
            perMinute: principal.plan.requestsPerMinute,
            month: counts.month,
            overagePolicy: counts.overage_policy,
            overageUnits: counts.overage_units,
            overageUnitCalls: counts.overage_unit_calls,
          };
        }),
    );
    return send(
      reply,
      usagePage({
        email: session.email,
        csrf: csrfToken(reply),
        usage,
        quotas,
        keys: keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix })),
        selectedKey: selected,
      }),
    );
  });
}
