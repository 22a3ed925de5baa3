/**
 * The sandbox host assembled in-process the way `roles/sandbox-role.ts` assembles it — a
 * sample-data store of its own, the main store holding accounts and their sandbox keys, a
 * MemoryEventBus, a FeedIngestor writing the webhook outbox, the Simulator, `buildSandboxHost`
 * and, optionally, a DeliveryWorker and the keyless stream on a real listening port — with one
 * difference: every part reads the same injectable clock, and the simulator is not started on a
 * timer: the test drives it with `tick()`.
 */
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Agent } from "undici";
import {
  type AccountsContext,
  createAccount,
  createKey,
} from "../../src/accounts/accounts-service.js";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { createDeliveryAgent } from "../../src/adapters/webhooks/delivery-agent.js";
import { type Config, loadConfig } from "../../src/config/index.js";
import { loadPlans } from "../../src/config/plans.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { buildSandboxHost } from "../../src/hosts/sandbox-host.js";
import type { App } from "../../src/http/app-type.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { createLogger } from "../../src/logger.js";
import { sandboxSimulator } from "../../src/roles/sandbox-role.js";
import { seedDemoData } from "../../src/sample/load-sample-world.js";
import type { Simulator } from "../../src/simulator/simulator.js";
import { openStore, type Store } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrate.js";
import { createStreamServer, type StreamServer } from "../../src/stream/stream-server.js";
import { DeliveryWorker } from "../../src/webhooks/delivery-worker.js";
import { webhookOutbox } from "../../src/webhooks/outbox.js";
import { deliverySettings, retentionMs } from "../../src/webhooks/settings.js";
import { type ManualClock, manualClock } from "../helpers/clock.js";
import { createTestStore, type TestDialect, type TestStore } from "../helpers/stores.js";

export interface SandboxOptions {
  /**
   * The sandbox store's dialect. SQLite is in memory, like the role's default
   * (`SCORELINE_SANDBOX_DATABASE_URL=sqlite::memory:`); PostgreSQL gets a schema of its own.
   */
  dialect?: TestDialect;
  /** The main store's dialect (accounts, keys); the sandbox's by default. */
  mainDialect?: TestDialect;
  /** Seed of the sample dataset, or false for an empty sandbox store (no simulator at start). */
  seed?: number | false;
  /** Where the clock starts (and the sample data is anchored); the real time by default. */
  now?: Date;
  /** Configuration environment (e.g. SCORELINE_WEBHOOK_ALLOW_PRIVATE, SCORELINE_SIM_SPEED). */
  env?: Record<string, string>;
  /** Listen on 127.0.0.1 (a free port) with the keyless stream at `/v1/stream`. */
  listen?: boolean;
  /** Run a DeliveryWorker over the sandbox store, as the role does. */
  deliveries?: boolean;
}

export interface CreatedKey {
  key: string;
  id: string;
  accountId: string;
}

export interface Sandbox {
  app: App;
  config: Config;
  /** The clock the test moves by hand; every part of the sandbox reads it. */
  clock: ManualClock;
  /** The sandbox's own store (sample data, sandbox webhook subscriptions). */
  store: Store;
  /** The main store: accounts and their keys. */
  main: Store;
  /** The accounts service's context over the main store (the sandbox clock, the plans). */
  accounts: AccountsContext;
  bus: MemoryEventBus;
  /** Every event published on the sandbox bus, in order. */
  events: DomainEvent[];
  /** What bus listeners threw (the stream, the worker's wake-up); expected to stay empty. */
  busErrors: unknown[];
  ingestor: FeedIngestor;
  simulator: Simulator;
  agent: Agent;
  worker: DeliveryWorker | undefined;
  stream: StreamServer | undefined;
  /** `http://127.0.0.1:port` when listening. */
  url: string | undefined;
  /** Moves the clock on by `ms` and runs one simulator step at the new time. */
  tick(ms: number): Promise<Date>;
  /**
   * A key of `kind` (a sandbox `test` key by default) in the main store, on `account` or on a
   * new account of `plan`.
   */
  createKey(plan?: string, kind?: "test" | "live", account?: string): Promise<CreatedKey>;
  /** inject with an optional key (`Authorization: Bearer`). */
  inject(options: InjectOptions & { key?: string }): Promise<LightMyRequestResponse>;
  get(url: string, key?: string): Promise<LightMyRequestResponse>;
  dispose(): Promise<void>;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const dialect = options.dialect ?? "sqlite";
  // The core sample world (ADR-0044) unless the test asks for another.
  const config = loadConfig({ SCORELINE_SAMPLE_WORLD: "core", ...options.env });
  const clock = manualClock(options.now ?? new Date());
  const logger = createLogger("silent");
  const stores: TestStore[] = [];
  const sandboxStore = dialect === "sqlite" ? await memoryStore() : await createTestStore(dialect);
  stores.push(sandboxStore);
  const mainStore = await createTestStore(options.mainDialect ?? dialect);
  stores.push(mainStore);
  const store = sandboxStore.store;
  const seed = options.seed ?? config.sampleSeed;
  if (seed !== false) {
    const seeded = await seedDemoData(store, {
      seed,
      now: clock(),
      compress: config.sandboxSpeed,
      world: config.sampleWorld,
    });
    assert.ok(seeded !== null, "the sandbox store was empty and got the sample dataset");
  }

  const busErrors: unknown[] = [];
  const bus = new MemoryEventBus((error) => busErrors.push(error));
  const events: DomainEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const ingestor = new FeedIngestor({
    store,
    bus,
    clock: clock,
    settings: { oddsMoveThreshold: config.oddsMoveThreshold },
    sinks: [webhookOutbox(clock, config.webhookRetrySchedule)],
  });
  // The role's simulator, on the sandbox's compressed calendar.
  const simulator = sandboxSimulator(config, store, ingestor, logger);
  if (seed !== false) {
    // What the role does at start (it then starts the timer; here the test ticks).
    await simulator.adoptStale(clock());
    await simulator.tick(clock());
  }
  const agent = createDeliveryAgent({ allowPrivate: config.webhookAllowPrivate, connections: 16 });
  let worker: DeliveryWorker | undefined;
  if (options.deliveries) {
    worker = new DeliveryWorker({
      store,
      agent,
      bus,
      clock: clock,
      settings: deliverySettings(config),
      retentionMs: retentionMs(config),
      concurrency: 16,
    });
    worker.start();
  }
  const app = await buildSandboxHost({
    config,
    store,
    logger,
    clock: clock,
    ingestor,
    webhookAgent: agent,
    accountsStore: mainStore.store,
  });
  let stream: StreamServer | undefined;
  let url: string | undefined;
  if (options.listen) {
    const server = await createStreamServer({
      store,
      bus,
      logger,
      clock: clock,
      authenticate: false,
      basePath: "/v1/stream",
    });
    stream = server;
    app.server.on("upgrade", (request, socket, head) =>
      server.handleUpgrade(request, socket, head),
    );
    url = await app.listen({ host: "127.0.0.1", port: 0 });
  }

  const accounts: AccountsContext = {
    store: mainStore.store,
    clock: clock,
    plans: loadPlans(config.plansFile),
  };
  const inject = (request: InjectOptions & { key?: string }) => {
    const { key, ...rest } = request;
    const headers = { ...((rest.headers ?? {}) as Record<string, string>) };
    if (key !== undefined) headers.authorization = `Bearer ${key}`;
    return app.inject({ ...rest, headers });
  };
  return {
    app,
    config,
    clock,
    store,
    main: mainStore.store,
    accounts,
    bus,
    events,
    busErrors,
    ingestor,
    simulator,
    agent,
    worker,
    stream,
    url,
    tick: async (ms) => {
      const now = clock.advance(ms);
      await simulator.tick(now);
      return now;
    },
    createKey: async (plan = "free", kind = "test", account = undefined) => {
      const accountId =
        account ??
        (
          await createAccount(accounts, {
            email: `sandbox-${randomBytes(6).toString("hex")}@example.com`,
            plan,
          })
        ).id;
      const created = await createKey(accounts, { account: accountId, kind });
      return { key: created.key, id: created.id, accountId };
    },
    inject,
    get: (url, key) => inject({ method: "GET", url, ...(key !== undefined ? { key } : {}) }),
    dispose: async () => {
      await simulator.stop();
      await stream?.close();
      await app.close();
      await worker?.stop();
      await agent.close();
      await bus.close();
      for (const s of stores) await s.dispose();
    },
  };
}

/** A migrated SQLite store in memory (what the sandbox role opens by default). */
async function memoryStore(): Promise<TestStore> {
  const url = "sqlite::memory:";
  const store = openStore(url);
  await migrate(store);
  return { store, url, dispose: () => store.close() };
}

/**
 * The response headers' names, lower-case and sorted, without the Access-Control-* ones: the
 * sandbox allows any origin and the real host none by default (docs/api.md#cors).
 */
export function headerNames(response: LightMyRequestResponse): string[] {
  return (
    Object.keys(response.headers)
      .map((name) => name.toLowerCase())
      .filter((name) => !name.startsWith("access-control-"))
      // Whether the read cache took part depends on the moment, not the shape: an answer made
      // while the process's own write transaction is open (the usage ledger's flush) is neither
      // kept nor reused, and carries no X-Cache (ADR-0034).
      .filter((name) => name !== "x-cache")
      .sort()
  );
}

/** Asserts a 200 and returns `data` of the envelope. */
export function dataOf<T = unknown>(response: LightMyRequestResponse, what = "the call"): T {
  assert.equal(response.statusCode, 200, `${what}: ${response.body.slice(0, 500)}`);
  return (response.json() as { data: T }).data;
}
