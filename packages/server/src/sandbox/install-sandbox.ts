/**
 * The sandbox host's door: keyless or sandbox-key access (sandbox-auth.ts), and accounts mirrored
 * from the main store so a sandbox key's webhook subscriptions have an owner in the sandbox store.
 */
import type { FastifyRequest } from "fastify";
import { mirrorAccount } from "../accounts/account-mirror.js";
import { Authenticator } from "../accounts/authenticator.js";
import type { RateLimiter } from "../accounts/rate-limiter.js";
import type { Plan } from "../config/plans.js";
import type { App } from "../http/app-type.js";
import type { Clock } from "../lib/time.js";
import type { Store } from "../store/database.js";
import { installSandboxAuth } from "./sandbox-auth.js";

/** Webhook subscriptions belong to an account: a sandbox key is needed (the test receiver is open). */
function needsKey(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? "";
  return url.startsWith("/v1/webhooks") && url !== "/v1/webhooks/test";
}

export interface SandboxDoorDeps {
  /** The sandbox's own sample-data store. */
  store: Store;
  /** The main store: where accounts and their sandbox keys live. */
  accountsStore: Store;
  clock: Clock;
  plans: Readonly<Record<string, Plan>>;
  limiter: RateLimiter;
}

export function installSandboxDoor(app: App, deps: SandboxDoorDeps): void {
  const authenticator = new Authenticator(
    { store: deps.accountsStore, clock: deps.clock, plans: deps.plans },
    "test",
  );
  installSandboxAuth(app, { authenticator, limiter: deps.limiter, keyRequired: needsKey });
  app.addHook("preHandler", async (request) => {
    if (request.principal !== undefined && needsKey(request)) {
      await mirrorAccount(deps.accountsStore, deps.store, request.principal.accountId);
    }
  });
}
