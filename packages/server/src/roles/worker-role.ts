/**
 * The `worker` role: background producers and consumers of the live path — webhook delivery
 * (always) and the live simulator (on in demo mode, or with SCORELINE_SIMULATOR=on).
 */
import type { Logger } from "pino";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { createDeliveryAgent } from "../adapters/webhooks/delivery-agent.js";
import type { Config } from "../config/index.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { Simulator } from "../simulator/simulator.js";
import type { Store } from "../store/database.js";
import { DeliveryWorker } from "../webhooks/delivery-worker.js";
import { deliverySettings, retentionMs } from "../webhooks/settings.js";
import type { RunningRole } from "./api-role.js";

/** Webhook attempts in flight per worker process. */
const WORKER_CONCURRENCY = 64;

function simulatorEnabled(config: Config): boolean {
  return config.simulator === "on" || (config.simulator === "auto" && config.demo);
}

export async function startWorkerRole(
  config: Config,
  store: Store,
  live: { ingestor: FeedIngestor; bus: EventBus },
  logger: Logger,
): Promise<RunningRole> {
  const { ingestor, bus } = live;
  const agent = createDeliveryAgent({
    allowPrivate: config.webhookAllowPrivate,
    // As many connections per receiver as attempts in flight: a queued attempt must not
    // spend its 10 s waiting for a connection.
    connections: WORKER_CONCURRENCY,
  });
  const deliveries = new DeliveryWorker({
    store,
    agent,
    bus,
    settings: deliverySettings(config),
    concurrency: WORKER_CONCURRENCY,
    retentionMs: retentionMs(config),
    logger: logger.child({ component: "webhooks" }),
  });
  deliveries.start();
  let simulator: Simulator | undefined;
  if (simulatorEnabled(config)) {
    simulator = new Simulator({
      store,
      ingestor,
      speed: config.simSpeed,
      seed: config.sampleSeed,
      logger: logger.child({ component: "simulator" }),
    });
    const abandoned = await simulator.abandonStale();
    if (abandoned > 0)
      logger.info({ abandoned }, "simulator: abandoned matches a previous run left live");
    simulator.start();
    logger.info({ speed: config.simSpeed }, "simulator: running live matches in every sport");
  }
  return {
    name: "worker",
    url: "",
    close: async () => {
      await simulator?.stop();
      // In-flight attempts finish (each is bounded by the 10 s timeout), then connections close.
      await deliveries.stop();
      await agent.close();
    },
  };
}
