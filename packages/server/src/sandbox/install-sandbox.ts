/**
 * What makes an app the sandbox host: keyless or sandbox-key access (sandbox-auth.ts), odds that
 * step on every `/odds` call, and accounts mirrored from the main store so a sandbox key's
 * webhook subscriptions have an owner in the sandbox store. Everything else is the real host's.
 */
import type { FastifyRequest } from "fastify";
import { Authenticator } from "../accounts/authenticator.js";
import type { Plan } from "../accounts/plans.js";
import type { RateLimiter } from "../accounts/rate-limiter.js";
import type { SandboxHost } from "../app.js";
import type { App } from "../http/app-type.js";
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { oddsWalkHook } from "./odds-walk.js";
import { installSandboxAuth } from "./sandbox-auth.js";

/** Webhook subscriptions belong to an account: a sandbox key is needed (the test receiver is open). */
function needsKey(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? "";
  return url.startsWith("/v1/webhooks") && url !== "/v1/webhooks/test";
}

export function installSandbox(
  app: App,
  store: Store,
  host: SandboxHost,
  deps: { clock: Clock; plans: Record<string, Plan>; limiter: RateLimiter },
): void {
  const authenticator = new Authenticator(
    { store: host.accountsStore, clock: deps.clock, plans: deps.plans },
    "test",
  );
  installSandboxAuth(app, { authenticator, limiter: deps.limiter, keyRequired: needsKey });
  app.addHook("preHandler", async (request) => {
    if (request.principal !== undefined && needsKey(request)) {
      await mirrorAccount(host.accountsStore, store, request.principal.accountId);
    }
  });
  const walk = oddsWalkHook({ store, ingestor: host.ingestor });
  app.addHook("onRoute", (route) => {
    if (route.url !== "/v1/:sport/odds" || route.method !== "GET") return;
    const existing =
      route.preHandler === undefined
        ? []
        : Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler];
    route.preHandler = [...existing, walk];
  });
}

/** The sandbox store gets a copy of the key's account (webhook subscriptions reference it). */
async function mirrorAccount(main: Store, sandbox: Store, accountId: string): Promise<void> {
  const known = await sandbox.db
    .selectFrom("accounts")
    .select("id")
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (known !== undefined) return;
  const account = await main.db
    .selectFrom("accounts")
    .selectAll()
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (account === undefined) return;
  await sandbox.db
    .insertInto("accounts")
    .values(account)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}
