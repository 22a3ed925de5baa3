/** The `api` role: builds the app and listens on the api port. */
import { readFileSync } from "node:fs";
import type { Logger } from "pino";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { buildApp } from "../app.js";
import type { Config } from "../config/index.js";
import type { FeedIngestor } from "../live/ingestor.js";
import type { Store } from "../store/database.js";

export interface RunningRole {
  name: string;
  url: string;
  close(): Promise<void>;
}

export async function startApiRole(
  config: Config,
  store: Store,
  logger: Logger,
  live: { bus: EventBus; ingestor: FeedIngestor },
): Promise<RunningRole> {
  const https =
    config.tlsCert !== undefined && config.tlsKey !== undefined
      ? { cert: readFileSync(config.tlsCert), key: readFileSync(config.tlsKey) }
      : undefined;
  const app = await buildApp({ config, store, logger, ...live, ...(https ? { https } : {}) });
  const address = await app.listen({ host: config.host, port: config.apiPort });
  logger.info({ role: "api", url: address }, `api listening on ${address}`);
  return { name: "api", url: address, close: () => app.close() };
}
