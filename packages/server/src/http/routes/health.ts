/**
 * Liveness and readiness. `/healthz`: the process answers. `/readyz`: every dependency the node
 * uses answers — the store (its schema current) and, when configured, Redis (ADR-0025, ADR-0036);
 * otherwise 503 `service_unavailable` with Retry-After, naming what is down. While the demo world
 * still loads, 200 with the status "loading" and what is left (ADR-0052).
 */

import { ServiceError } from "../../errors/service-error.js";
import { ping, type Store } from "../../store/database.js";
import { isMigrated } from "../../store/migrate.js";
import type { App } from "../app-type.js";

/** A dependency beside the database: resolves when it answers now (each check bounds its wait). */
export interface ReadinessCheck {
  /** The name `/readyz` reports (`redis`); checks of one name are one dependency. */
  name: string;
  check(): Promise<void>;
  /**
   * Work still under way that does not keep the node from answering — the demo world loading
   * (ADR-0052): reported in place of "ok", with the status "loading" and 200.
   */
  pending?(): string | undefined;
}

export function healthRoutes(
  app: App,
  store: Store,
  /** Read at every request, so checks added after the routes count too. */
  checks: readonly ReadinessCheck[] = [],
): void {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request) => {
    const database = async () => {
      await ping(store);
      if (!(await isMigrated(store))) throw new Error("migrations pending");
    };
    const all = [{ name: "database", check: database }, ...checks];
    const outcomes = await Promise.allSettled(all.map((dependency) => dependency.check()));
    const report: Record<string, string> = {};
    outcomes.forEach((outcome, i) => {
      const name = all[i]?.name ?? "unknown";
      if (outcome.status === "fulfilled") {
        report[name] ??= "ok";
        return;
      }
      report[name] = "unavailable";
      request.log.warn({ err: outcome.reason, dependency: name }, "not ready");
    });
    const down = Object.keys(report).filter((name) => report[name] !== "ok");
    if (down.length > 0) {
      const names = down.map((name) => (name === "database" ? "the database" : name)).join(", ");
      throw new ServiceError(
        "service_unavailable",
        `not ready: ${names} ${down.length === 1 ? "is" : "are"} unavailable`,
        {
          retryAfterSeconds: 5,
        },
      );
    }
    let loading = false;
    for (const dependency of checks) {
      const pending = dependency.pending?.();
      if (pending === undefined) continue;
      report[dependency.name] = pending;
      loading = true;
    }
    return { status: loading ? "loading" : "ok", checks: report };
  });
}
