/** The product side of stream-fanout: store, bus, feed ingestor and stream server in one process. */
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import type { DomainEvent } from "../../packages/server/src/events/domain-event.js";
import { answerParent } from "../lib/ipc.js";
import { oneLiveFixture } from "../lib/live-fixture.js";
import { ownCpu } from "../lib/process-cpu.js";
import { collectGarbage, liveEvent } from "./server-side.js";
import { sleep, wallNow } from "./settings.js";

/** The product: store, bus, feed ingestor and stream server in one process, as the stream role. */
export async function serverRole(dir: string): Promise<void> {
  const [
    { createAccount, createKey },
    { Authenticator },
    { loadPlans },
    { MemoryEventBus },
    { FeedIngestor },
    { createLogger },
    { openStore },
    { migrate },
    { listenStream },
    { createStreamServer },
  ] = await Promise.all([
    import("../../packages/server/src/accounts/accounts-service.js"),
    import("../../packages/server/src/accounts/authenticator.js"),
    import("../../packages/server/src/config/plans.js"),
    import("../../packages/server/src/adapters/bus/memory-bus.js"),
    import("../../packages/server/src/live/feed-ingestor.js"),
    import("../../packages/server/src/logger.js"),
    import("../../packages/server/src/store/database.js"),
    import("../../packages/server/src/store/migrate.js"),
    import("../../packages/server/src/stream/listen.js"),
    import("../../packages/server/src/stream/stream-server.js"),
  ]);
  const store = openStore(`sqlite:${join(dir, "stream.db")}`);
  await migrate(store);
  const clock = () => new Date();
  const plans = loadPlans(undefined);
  const ctx = { store, clock, plans };
  const account = await createAccount(ctx, {
    email: "bench@scoreline.example",
    plan: "enterprise",
    limits: { websocket_connections: 20_000 },
  });
  const { key } = await createKey(ctx, { kind: "live", account: account.id });
  const bus = new MemoryEventBus();
  const ingestor = new FeedIngestor({ store, bus, clock });
  const logFile = createWriteStream(join(dir, "stream.log"));
  const stream = await createStreamServer({
    store,
    bus,
    clock,
    logger: createLogger("info", logFile),
    authenticator: new Authenticator(ctx, "live"),
  });
  const listener = await listenStream(stream, { host: "127.0.0.1", port: 0 });

  // Registered after the stream server's: runs once the event is queued on every socket.
  let template: DomainEvent | undefined;
  /** Live-event messages ingested so far (their ids and `detail.n`). */
  let serial = 0;
  let onDispatched: ((event: DomainEvent) => void) | undefined;
  bus.subscribe((event) => {
    if (event.type !== "match.live.event") return;
    template = event;
    onDispatched?.(event);
  });
  const setUp = await ingestor.ingestMessages([...oneLiveFixture(), liveEvent(0, 0)]);
  if (setUp.rejected > 0) throw new Error(JSON.stringify(setUp.results));

  answerParent(
    { url: listener.url, key },
    {
      memory: async (args) => {
        if (args.gc !== false) await collectGarbage();
        const m = process.memoryUsage();
        return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, stats: stream.stats() };
      },
      cpu: () => ownCpu(),
      latency: async (args) => {
        const rate = Number(args.rate);
        const total = rate * Number(args.seconds);
        const calledAt = new Map<number, number>();
        const queuedMs: number[] = [];
        onDispatched = (event) => {
          const n = (event.payload.detail as { n?: number } | undefined)?.n;
          const at = n === undefined ? undefined : calledAt.get(n);
          if (at !== undefined) queuedMs.push(performance.now() - at);
        };
        const pending: Promise<{ applied: number }>[] = [];
        const cpu = process.cpuUsage();
        const begin = performance.now();
        for (let i = 1; i <= total; i++) {
          const wait = begin + (i * 1000) / rate - performance.now();
          if (wait > 1) await sleep(wait);
          const n = ++serial;
          calledAt.set(n, performance.now());
          pending.push(ingestor.ingestMessages([liveEvent(n, wallNow())]));
        }
        const reports = await Promise.all(pending);
        const used = process.cpuUsage(cpu);
        const wall = performance.now() - begin;
        onDispatched = undefined;
        return {
          sent: total,
          applied: reports.reduce((n, r) => n + r.applied, 0),
          queuedMs,
          busy: (used.user + used.system) / 1000 / wall,
        };
      },
      burst: async (args) => {
        if (template === undefined) throw new Error("no live event to copy");
        const events = Number(args.events);
        const perTick = Number(args.perTick);
        const base = template;
        let position = stream.stats().position;
        const start = wallNow();
        for (let i = 0; i < events; i += perTick) {
          const batch: DomainEvent[] = [];
          for (let k = i; k < Math.min(events, i + perTick); k++) {
            position++;
            batch.push({
              ...base,
              position,
              sequence: base.sequence + k + 1,
              payload: { ...base.payload, sequence: base.sequence + k + 1, detail: { n: k } },
            });
          }
          await bus.publish(batch);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { start };
      },
      close: async () => {
        await listener.close();
        await store.close();
        logFile.end();
      },
    },
  );
}
