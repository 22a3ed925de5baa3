/**
 * The `sandbox` role (ADR-0019): the real host's /v1 routes on their own listener over a
 * sample-data store of their own (loaded in the background once it listens unless the store
 * already holds its world, ADR-0052), kept alive by the simulator in every sport, with odds that step on every
 * call, keyless or personal sandbox keys, the test webhook receiver, sandbox webhook
 * subscriptions fed by simulated events, and the stream protocol keyless at `/v1/stream`.
 */
import type { Logger } from "pino";
import { MemoryEventBus } from "../adapters/bus/memory-bus.js";
import { createDeliveryAgent } from "../adapters/webhooks/delivery-agent.js";
import type { Config } from "../config/index.js";
import { buildSandboxHost } from "../hosts/sandbox-host.js";
import { systemClock } from "../lib/time.js";
import type { FeedIngestor } from "../live/feed-ingestor.js";
import { LogPruner, type LogRetention, liveLogRetention } from "../live/log-pruner.js";
import { maxGapWorldMs } from "../sample/compress-calendar.js";
import { planSampleLoad } from "../sample/load-sample-world.js";
import { backgroundLoad } from "../sample/world-load.js";
import { WorldCalendar } from "../simulator/calendar.js";
import { HistoryPruner } from "../simulator/history-pruner.js";
import { Simulator } from "../simulator/simulator.js";
import { SPORTS } from "../sports/types.js";
import { openStore, type Store } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { createStreamServer } from "../stream/stream-server.js";
import { DeliveryWorker } from "../webhooks/delivery-worker.js";
import { ingestorWithOutbox } from "../webhooks/ingestor-with-outbox.js";
import { deliverySettings, retentionMs } from "../webhooks/settings.js";
import type { RunningRole } from "./api-role.js";

/**
 * The sandbox's simulator on its own compressed calendar (ADR-0043): the world runs
 * SCORELINE_SANDBOX_SPEED times faster, matches included, and its gaps are squeezed.
 */
export function sandboxSimulator(
  config: Config,
  store: Store,
  ingestor: FeedIngestor,
  log: Logger,
): Simulator {
  const speed = config.sandboxSpeed;
  return new Simulator({
    store,
    ingestor,
    speed,
    seed: config.sampleSeed,
    logger: log.child({ component: "sandbox-simulator" }),
    host: "sandbox",
    lineupLeadMs: (60 * 60_000) / speed,
    calendar: new WorldCalendar({
      store,
      ingestor,
      sports: SPORTS,
      // An hour ahead: squeezed, that is already days of the world's schedule (14 world days,
      // 5.6 hours here, would hold weeks of it and fill the store ahead of time).
      horizonMs: 3_600_000,
      timeScale: speed,
      maxGapMs: (sport) => maxGapWorldMs(sport) / speed,
      logger: log.child({ component: "sandbox-calendar" }),
    }),
  });
}

/**
 * The live log's retention in the sandbox: the configured one, but feed ids for an hour at most —
 * the sandbox's one producer is its own simulator (nothing retries into it from outside), and at
 * its speed a week of ids would be millions of rows.
 */
function sandboxRetention(config: Config): LogRetention {
  const retention = liveLogRetention(config);
  return { ...retention, feedIdsMs: Math.min(retention.feedIdsMs, 3_600_000) };
}

export async function startSandboxRole(
  config: Config,
  mainStore: Store,
  logger: Logger,
): Promise<RunningRole> {
  const log = logger.child({ component: "sandbox" });
  const store = openStore(config.sandboxDatabaseUrl);
  await migrate(store);
  const speed = config.sandboxSpeed;
  // Its world loads behind the listener (ADR-0052): kept in a file by default, a restart finds
  // it there and only the simulator's catching up is left.
  const plan = await planSampleLoad(store, {
    seed: config.sampleSeed,
    now: new Date(),
    world: config.sampleWorld,
    compress: speed,
  });
  const world = backgroundLoad(store, config.sandboxDatabaseUrl, plan, log);

  // The sandbox's own live path: its events never mix with the main host's.
  const bus = new MemoryEventBus((error) =>
    log.error({ err: error }, "sandbox bus listener failed"),
  );
  // Its metrics are the `sandbox` host's series, apart from the real service's.
  const ingestor = ingestorWithOutbox(config, store, bus, systemClock, "sandbox");
  const simulator = sandboxSimulator(config, store, ingestor, log);
  const agent = createDeliveryAgent({ allowPrivate: config.webhookAllowPrivate, connections: 16 });
  const deliveries = new DeliveryWorker({
    store,
    agent,
    bus,
    settings: deliverySettings(config),
    retentionMs: retentionMs(config),
    concurrency: 16,
    logger: log,
    host: "sandbox",
  });
  deliveries.start();
  const pruner = new LogPruner({
    store,
    retention: sandboxRetention(config),
    logger: log.child({ component: "sandbox-retention" }),
  });
  const history = new HistoryPruner({
    store,
    days: config.sandboxHistoryDays,
    speed,
    logger: log.child({ component: "sandbox-history" }),
  });

  /** Set once the simulator plays (or failed to start): `/readyz` waits for it. */
  let playing = false;
  let playFailure: Error | undefined;
  const app = await buildSandboxHost({
    config,
    store,
    logger,
    ingestor,
    webhookAgent: agent,
    accountsStore: mainStore,
    // Ready once its world is whole and the simulator has played its first tick: the sandbox
    // promises matches live at every moment.
    readiness: [
      {
        name: "sample_world",
        check: async () => {
          await world.check();
          if (playFailure !== undefined) throw playFailure;
        },
        pending: () =>
          world.pending() ?? (playing ? undefined : "loaded; the simulator is starting"),
      },
    ],
  });
  const stream = await createStreamServer({
    store,
    bus,
    logger: log.child({ component: "sandbox-stream" }),
    clock: systemClock,
    authenticate: false,
    basePath: "/v1/stream",
    host: "sandbox",
  });
  app.server.on("upgrade", (request, socket, head) => stream.handleUpgrade(request, socket, head));
  const address = await app.listen({ host: config.host, port: config.sandboxPort });
  logger.info({ role: "sandbox", url: address }, `sandbox listening on ${address}`);

  // Once its world is whole, the simulator takes over where the world stood.
  let closed = false;
  let starting: Promise<void> | undefined;
  world.begin();
  world.done.then(
    () => {
      if (closed) return;
      starting = startPlaying().catch((error: unknown) => {
        playFailure = error instanceof Error ? error : new Error(String(error));
        log.error({ err: error }, "sandbox: the simulator failed to start");
      });
    },
    (error: unknown) =>
      log.error({ err: error }, "sandbox: its world failed to load; the simulator does not start"),
  );
  const startPlaying = async () => {
    await simulator.adoptStale();
    if (closed) return;
    await simulator.tick(new Date());
    if (closed) return;
    simulator.start();
    pruner.start();
    history.start();
    playing = true;
  };
  return {
    name: "sandbox",
    url: address,
    close: async () => {
      closed = true;
      await world.stop();
      // Stopped first: its first tick, if still under way, ends at its next step.
      await simulator.stop();
      await starting?.catch(() => {});
      await pruner.stop();
      await history.stop();
      await stream.close();
      await app.close();
      await deliveries.stop();
      await agent.close();
      await bus.close();
      await store.close();
    },
  };
}
