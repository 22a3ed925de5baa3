/**
 * The `worker` role: background producers and consumers of the live path. Today that is the live
 * simulator (on in demo mode, or with SCORELINE_SIMULATOR=on); webhook delivery joins it.
 */
import type { Logger } from "pino";
import type { Config } from "../config/index.js";
import type { FeedIngestor } from "../live/ingestor.js";
import { Simulator } from "../simulator/simulator.js";
import type { Store } from "../store/database.js";
import type { RunningRole } from "./api-role.js";

export function simulatorEnabled(config: Config): boolean {
  return config.simulator === "on" || (config.simulator === "auto" && config.demo);
}

export async function startWorkerRole(
  config: Config,
  store: Store,
  ingestor: FeedIngestor,
  logger: Logger,
): Promise<RunningRole> {
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
    },
  };
}
