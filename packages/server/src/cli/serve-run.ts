/**
 * What `scoreline serve` does (serve-command.ts defines the command and loads this only when it
 * runs): migrate, seed the demo data when asked and the store is empty, start the chosen roles,
 * and shut down gracefully on SIGTERM/SIGINT (in-flight requests finish).
 */
import { createDemoKey, demoSignInLink } from "../accounts/demo-key.js";
import { createEventBus } from "../adapters/bus/create-event-bus.js";
import { type Config, OPTIONS } from "../config/index.js";
import { systemClock } from "../lib/time.js";
import { createLogger, flushLogger } from "../logger.js";
import { type RunningRole, startApiRole } from "../roles/api-role.js";
import { startMetricsListener } from "../roles/metrics-listener.js";
import { startSandboxRole } from "../roles/sandbox-role.js";
import { startStreamRole } from "../roles/stream-role.js";
import { startWorkerRole } from "../roles/worker-role.js";
import { planSampleLoad } from "../sample/load-sample-world.js";
import { backgroundLoad } from "../sample/world-load.js";
import { openStore, type Store } from "../store/database.js";
import { migrate } from "../store/migrate.js";
import { repairSampleBoundary } from "../store/sample-boundary-repair.js";
import { accountSlotGroup } from "../stream/admission.js";
import { MemoryConnectionSlots } from "../stream/connection-slots.js";
import { ingestorWithOutbox } from "../webhooks/ingestor-with-outbox.js";
import { listenAddress, UsageFailure } from "./command-failure.js";
import { bannerText, reachable } from "./serve-banner.js";

const SHUTDOWN_GRACE_MS = 10_000;

/** Demo mode: a fresh one-time sign-in link to the demo account's dashboard, on every start. */
async function demoDashboardLink(
  store: Store,
  config: Config,
  apiUrl: string,
): Promise<string | undefined> {
  const ctx = { store, clock: () => new Date(), plans: config.plans };
  const link = await demoSignInLink(ctx, { origin: config.publicUrl ?? reachable(apiUrl) });
  return link ?? undefined;
}

/**
 * A listener that could not bind (the port taken, or not ours to take) as a usage failure naming
 * the port, the address and the setting that chose it; undefined for any other error.
 */
function listenFailure(error: unknown, config: Config): UsageFailure | undefined {
  const { code, port, address } = error as { code?: unknown; port?: unknown; address?: unknown };
  if (typeof port !== "number") return undefined;
  const why =
    code === "EADDRINUSE"
      ? "the port is already in use"
      : code === "EACCES"
        ? "the port needs privileges this process lacks"
        : code === "EADDRNOTAVAIL"
          ? "the address is not one of this machine's"
          : undefined;
  if (why === undefined) return undefined;
  const where = listenAddress(typeof address === "string" ? address : config.host, port);
  const setting = OPTIONS.find((spec) =>
    code === "EADDRNOTAVAIL"
      ? spec.key === "host"
      : spec.key.endsWith("Port") && config[spec.key] === port,
  );
  const choose =
    setting === undefined
      ? ""
      : `: choose another with --${setting.flag} or ${setting.env}${code === "EADDRNOTAVAIL" ? "" : " (0 picks a free port)"}`;
  return new UsageFailure(`cannot listen on ${where}: ${why}${choose}`, { cause: error });
}

export async function serve(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  const startedAt = performance.now();
  const store = openStore(config.databaseUrl);
  await migrate(store);
  // A store written before the sample world had a boundary loses what the simulator invented
  // for imported competitions (ADR-0047); nothing to do on any other.
  const repaired = await repairSampleBoundary(store.db);
  if (repaired.seasons + repaired.fixtures + repaired.relabelled > 0) {
    logger.warn(
      repaired,
      "repair: removed the seasons and fixtures the simulator had invented for imported competitions",
    );
  }
  // Demo mode: an empty store is claimed at once (and gets its key); the world itself loads in
  // the background once the roles listen (ADR-0052), and the simulator waits for it.
  const plan = config.demo
    ? await planSampleLoad(store, {
        seed: config.sampleSeed,
        now: new Date(),
        world: config.sampleWorld,
        // Above speed 1 the world runs faster, its calendar compressed as in the sandbox.
        ...(config.simSpeed > 1 ? { compress: config.simSpeed } : {}),
      })
    : null;
  // Created now, shown once in the banner when every role listens.
  const demoKey = plan?.claimed
    ? (await createDemoKey({ store, clock: () => new Date(), plans: config.plans })).key
    : undefined;
  const world = backgroundLoad(store, config.databaseUrl, plan, logger);
  world.done.catch((error: unknown) =>
    logger.error({ err: error }, "sample world: loading failed; the simulator does not start"),
  );
  // One bus and one ingestor per process: the feed route and the simulator share them.
  const bus = createEventBus(config.redisUrl, (error) =>
    logger.error({ err: error }, "event bus error"),
  );
  const ingestor = ingestorWithOutbox(config, store, bus, systemClock);
  // Without Redis, the api role's dashboard sees the stream role's connections only when both
  // run here and share the counter.
  const slots =
    config.redisUrl === undefined && config.roles.includes("stream")
      ? new MemoryConnectionSlots()
      : undefined;
  const streamConnections =
    slots && ((accountId: string) => slots.count(accountSlotGroup(accountId)));
  const roles: RunningRole[] = [];
  let metrics: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  // Signals are heard from before the first role starts: a stop asked for while a role is
  // still starting closes the roles started so far, ends the world's load (the next start
  // resumes it) and exits 0, never the signal's default (an abrupt end).
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "second signal: exiting now");
      void flushLogger(logger).finally(() => process.exit(1));
    }
    stopping = true;
    logger.info({ signal }, "shutting down gracefully");
    const force = setTimeout(() => {
      logger.error("graceful shutdown timed out; exiting");
      void flushLogger(logger).finally(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await Promise.all(roles.map((role) => role.close()));
    await world.stop();
    await metrics?.close();
    await bus.close();
    await store.close();
    logger.info("stopped");
    await flushLogger(logger);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  /** What started closes; the command fails, by the listener's setting when one could not bind. */
  const failedToStart = async (error: unknown): Promise<never> => {
    stopping = true;
    await Promise.all(roles.map((started) => started.close()));
    await world.stop();
    await bus.close();
    await store.close();
    await flushLogger(logger);
    throw listenFailure(error, config) ?? error;
  };
  /**
   * Starts a role unless stopping; one that finishes starting after a stop began is closed. One
   * that cannot start (its port taken) closes what started before it, and the command fails.
   */
  const start = async (make: () => Promise<RunningRole>): Promise<RunningRole | undefined> => {
    if (stopping) return undefined;
    let role: RunningRole;
    try {
      role = await make();
    } catch (error) {
      return await failedToStart(error);
    }
    if (stopping) {
      await role.close();
      return undefined;
    }
    roles.push(role);
    return role;
  };
  let signInLink: string | undefined;
  if (config.roles.includes("api")) {
    const api = await start(() =>
      startApiRole(config, store, logger, { bus, ingestor, streamConnections, world }),
    );
    if (api !== undefined && config.demo)
      signInLink = await demoDashboardLink(store, config, api.url);
  }
  if (config.roles.includes("stream"))
    await start(() => startStreamRole(config, store, logger, { bus }, slots));
  if (config.roles.includes("sandbox")) await start(() => startSandboxRole(config, store, logger));
  // Every listener answers now: the demo world loads behind them.
  world.begin();
  if (config.roles.includes("worker"))
    await start(() => startWorkerRole(config, store, { ingestor, bus, world: world.done }, logger));
  if (stopping) return;
  // The process's one registry, once, on a port of its own when asked (docs/operations.md).
  try {
    metrics =
      config.metricsPort === undefined
        ? undefined
        : await startMetricsListener(config, config.metricsPort, logger);
  } catch (error) {
    await failedToStart(error);
  }
  logger.info(
    { roles: roles.map((r) => r.name), ms: Math.round(performance.now() - startedAt) },
    "scoreline is serving",
  );
  await flushLogger(logger);
  const url = (name: string) => roles.find((role) => role.name === name)?.url || undefined;
  process.stdout.write(
    bannerText(
      {
        apiUrl: url("api"),
        streamUrl: url("stream"),
        sandboxUrl: url("sandbox"),
        ...(demoKey !== undefined ? { demoKey } : {}),
        ...(signInLink !== undefined ? { signInLink } : {}),
        demo: config.demo,
        loading: world.pending() !== undefined,
      },
      process.stdout.isTTY === true,
    ),
  );
}
