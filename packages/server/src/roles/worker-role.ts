/**
 * The `worker` role: background producers and consumers of the live path — webhook delivery
 * (always, in every worker) and the live simulator (on in demo mode, or with
 * SCORELINE_SIMULATOR=on), which runs in one worker per store: the elected one (ADR-0037).
 */
import type { Logger } from "pino";
import type { EventBus } from "../adapters/bus/event-bus.js";
import { createDeliveryAgent } from "../adapters/webhooks/delivery-agent.js";
import type { Config } from "../config/index.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { LogPruner, liveLogRetention } from "../live/log-pruner.js";
import { maxGapWorldMs } from "../sample/compress-calendar.js";
import { WorldCalendar } from "../simulator/calendar.js";
import { Simulator } from "../simulator/simulator.js";
import { SPORTS, type Sport } from "../sports/types.js";
import type { Store } from "../store/database.js";
import {
  AdvisoryLockLeadership,
  type Leadership,
  type LeadershipEvents,
  soleLeadership,
} from "../store/session-lock.js";
import { DeliveryWorker } from "../webhooks/delivery-worker.js";
import { deliverySettings, retentionMs } from "../webhooks/settings.js";
import type { RunningRole } from "./api-role.js";

/** How far ahead the sample world's schedule is kept (and its odds offered): two weeks. */
const CALENDAR_HORIZON_MS = 14 * 86_400_000;
/** Line-ups are announced an hour before kick-off (world time). */
const LINEUP_LEAD_MS = 3_600_000;

/**
 * The main host's calendar (ADR-0043): real time at speed 1. Above 1 (demos, tests) the world
 * runs that much faster and its calendar is compressed and squeezed as the sandbox's is, two
 * weeks of the world (an hour of real time at most) kept ahead.
 */
function worldCalendar(
  config: Config,
  store: Store,
  ingestor: FeedIngestor,
  logger: Logger,
): WorldCalendar {
  const speed = config.simSpeed;
  return new WorldCalendar({
    store,
    ingestor,
    sports: SPORTS,
    // Two weeks of the world ahead, at most an hour of real time: a fast demo keeps a bounded
    // schedule (at 1440× two weeks are 14 real minutes, not two months of the world).
    horizonMs: speed > 1 ? Math.min(3_600_000, CALENDAR_HORIZON_MS / speed) : CALENDAR_HORIZON_MS,
    timeScale: speed,
    ...(speed > 1 ? { maxGapMs: (sport: Sport) => maxGapWorldMs(sport) / speed } : {}),
    logger: logger.child({ component: "calendar" }),
  });
}

/** Webhook attempts in flight per worker process. */
const WORKER_CONCURRENCY = 64;

function simulatorEnabled(config: Config): boolean {
  return config.simulator === "on" || (config.simulator === "auto" && config.demo);
}

/**
 * The simulator, run only while this process leads (ADR-0037): on PostgreSQL the holder of the
 * store's advisory lock, on SQLite the one process. A new leader takes over the matches left
 * live where they are; one that loses the lock stops at once.
 */
function electedSimulator(
  config: Config,
  store: Store,
  ingestor: FeedIngestor,
  logger: Logger,
): Leadership {
  let simulator: Simulator | undefined;
  const events: LeadershipEvents = {
    onLead: async () => {
      const running = new Simulator({
        store,
        ingestor,
        speed: config.simSpeed,
        seed: config.sampleSeed,
        logger,
        calendar: worldCalendar(config, store, ingestor, logger),
        lineupLeadMs: LINEUP_LEAD_MS / config.simSpeed,
      });
      simulator = running;
      const { adopted, abandoned } = await running.adoptStale();
      if (simulator !== running) return;
      running.start();
      logger.info(
        { speed: config.simSpeed, adopted, abandoned, pid: process.pid },
        "simulator: elected; playing the calendar in real time",
      );
    },
    onLose: async () => {
      const running = simulator;
      simulator = undefined;
      await running?.stop();
      if (running !== undefined)
        logger.warn({ pid: process.pid }, "simulator: no longer elected; stopped");
    },
    onError: (error) => logger.warn({ err: error }, "simulator: leader election"),
  };
  if (store.dialect === "sqlite") return soleLeadership(events);
  return new AdvisoryLockLeadership(config.databaseUrl, "simulator", events);
}

export async function startWorkerRole(
  config: Config,
  store: Store,
  live: {
    ingestor: FeedIngestor;
    bus: EventBus;
    /** The demo world loading in the background: the simulator starts once it is whole. */
    world?: Promise<unknown>;
  },
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
  const pruner = new LogPruner({
    store,
    retention: liveLogRetention(config),
    logger: logger.child({ component: "retention" }),
  });
  pruner.start();
  const leadership = simulatorEnabled(config)
    ? electedSimulator(config, store, ingestor, logger.child({ component: "simulator" }))
    : undefined;
  let closed = false;
  if (leadership !== undefined) {
    // A world that failed to load is logged where it loads; the simulator then never starts.
    void (live.world ?? Promise.resolve()).then(
      () => {
        if (!closed) leadership.start();
      },
      () => {},
    );
  }
  return {
    name: "worker",
    url: "",
    close: async () => {
      closed = true;
      await leadership?.stop();
      await pruner.stop();
      // In-flight attempts finish (each is bounded by the 10 s timeout), then connections close.
      await deliveries.stop();
      await agent.close();
    },
  };
}
