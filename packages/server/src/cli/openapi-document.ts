/**
 * The OpenAPI document of a host, built as its role builds it over an in-memory store with the
 * default configuration, never listening (openapi-command.ts loads this when it runs).
 */
import { MemoryEventBus } from "../adapters/bus/memory-bus.js";
import { loadConfig } from "../config/index.js";
import { buildApiHost } from "../hosts/api-host.js";
import { buildSandboxHost } from "../hosts/sandbox-host.js";
import type { App } from "../http/app-type.js";
import { systemClock } from "../lib/time.js";
import { createLogger } from "../logger.js";
import { openStore, type Store } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { ingestorWithOutbox } from "../webhooks/ingestor-with-outbox.js";

export type Host = "live" | "sandbox";

export async function openApiDocument(host: Host): Promise<unknown> {
  const store = openStore("sqlite::memory:");
  try {
    await migrate(store);
    const app = await buildHost(host, store);
    try {
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
  }
}

/** The host as its role builds it, over `store`, with nothing from the environment. */
function buildHost(host: Host, store: Store): Promise<App> {
  const config = loadConfig({});
  const deps = { config, store, logger: createLogger("silent"), clock: systemClock };
  if (host === "live") return buildApiHost(deps);
  const bus = new MemoryEventBus();
  const ingestor = ingestorWithOutbox(config, store, bus, systemClock);
  return buildSandboxHost({ ...deps, ingestor, accountsStore: store });
}
