/**
 * Liveness and readiness. `/healthz`: the process answers. `/readyz`: the store answers and its
 * schema is current; otherwise 503 `service_unavailable` with Retry-After.
 */

import { ServiceError } from "../../errors/service-error.js";
import { ping, type Store } from "../../store/database.js";
import { isMigrated } from "../../store/migrate.js";
import type { App } from "../app-type.js";

export function healthRoutes(app: App, store: Store): void {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request) => {
    try {
      await ping(store);
      if (!(await isMigrated(store))) throw new Error("migrations pending");
    } catch (error) {
      request.log.warn({ err: error }, "not ready");
      throw new ServiceError("service_unavailable", "not ready: the database is unavailable", {
        retryAfterSeconds: 5,
      });
    }
    return { status: "ok", checks: { database: "ok" } };
  });
}
