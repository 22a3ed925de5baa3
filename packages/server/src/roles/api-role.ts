/** The `api` role: builds the real host and listens on the api port. */
import type { Logger } from "pino";
import type { EventBus } from "../adapters/bus/event-bus.js";
import type { Config } from "../config/index.js";
import { buildApiHost } from "../hosts/api-host.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import type { WorldLoad } from "../sample/world-load.js";
import type { Store } from "../store/database.js";
import { worldReadiness } from "./world-readiness.js";

export interface RunningRole {
  name: string;
  url: string;
  close(): Promise<void>;
}

export async function startApiRole(
  config: Config,
  store: Store,
  logger: Logger,
  live: {
    bus: EventBus;
    ingestor: FeedIngestor;
    streamConnections?: (accountId: string) => Promise<number>;
    /** The demo world loading in the background, reported by `/readyz`. */
    world?: WorldLoad;
  },
): Promise<RunningRole> {
  const { world, ...rest } = live;
  const readiness = world === undefined ? [] : [worldReadiness(world)];
  const app = await buildApiHost({ config, store, logger, ...rest, readiness });
  const address = await app.listen({ host: config.host, port: config.apiPort });
  logger.info({ role: "api", url: address }, `api listening on ${address}`);
  return { name: "api", url: address, close: () => app.close() };
}
