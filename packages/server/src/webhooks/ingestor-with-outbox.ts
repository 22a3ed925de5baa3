/**
 * The feed ingestor as every process builds it: the live settings from the configuration and the
 * webhook outbox as its transactional sink (the API's feed route, the simulator, `scoreline feed`,
 * the sandbox's own live path).
 */
import type { EventBus } from "../adapters/bus/event-bus.js";
import type { Config } from "../config/index.js";
import type { Clock } from "../lib/time.js";
import { FeedIngestor } from "../live/feed-ingestor.js";
import type { MetricsHost } from "../metrics/labels.js";
import type { Store } from "../store/database.js";
import { webhookOutbox } from "./outbox.js";

export function ingestorWithOutbox(
  config: Config,
  store: Store,
  bus: EventBus,
  clock: Clock,
  /** Which host's series its messages count in (the sandbox's own live path says so). */
  host: MetricsHost = "live",
): FeedIngestor {
  return new FeedIngestor({
    store,
    bus,
    clock,
    host,
    settings: { oddsMoveThreshold: config.oddsMoveThreshold },
    sinks: [webhookOutbox(clock, config.webhookRetrySchedule)],
  });
}
