/**
 * Webhook delivery. Throughput: 20,000 due deliveries in a SQLite store, sent by one
 * DeliveryWorker (64 attempts in flight, keep-alive agent, SSRF guard on with the private switch)
 * to a local receiver answering 200; each attempt is signed, sent, logged and its delivery
 * updated. Baseline in the same run: the same bodies POSTed by undici at the same concurrency to
 * the same receiver — no signing, no database.
 *
 * Latency: one live event per 5 ms (200/s) for 10 s through the FeedIngestor (the webhook outbox
 * writes the delivery in the ingest transaction), the worker woken by the bus, timed from the
 * ingest call to the receiver reading the body.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import { MemoryEventBus } from "../packages/server/src/adapters/bus/memory-bus.js";
import { createDeliveryAgent } from "../packages/server/src/adapters/webhooks/delivery-agent.js";
import { newId } from "../packages/server/src/lib/ids.js";
import { FeedIngestor } from "../packages/server/src/live/feed-ingestor.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { DeliveryWorker } from "../packages/server/src/webhooks/delivery-worker.js";
import { webhookOutbox } from "../packages/server/src/webhooks/outbox.js";
import { generateSecret } from "../packages/server/src/webhooks/secrets.js";
import { perSecond, seconds } from "./lib/format.js";
import { oneLiveFixture } from "./lib/live-fixture.js";
import { quantile } from "./lib/stats.js";

const DELIVERIES = 20_000;
const CONCURRENCY = 64;
const RATE = 200;
const SECONDS = 10;
const SETTINGS = {
  schedule: [0, 5, 300, 1800, 7200],
  disableAfterMs: 3 * 86_400_000,
  timeoutMs: 10_000,
};

export async function webhookDeliveryBench(): Promise<string> {
  const lines: string[] = [];
  const receiver = await startReceiver();
  try {
    const worker = await timeWorker(receiver.url);
    const raw = await timeRaw(receiver.url);
    lines.push(
      `Throughput: ${DELIVERIES.toLocaleString("en")} deliveries to a local receiver, ${CONCURRENCY} in flight, SQLite store.`,
      "",
      "| path | time | deliveries/s | baseline (undici POSTs, no DB) | req/s | ratio |",
      "|---|---:|---:|---:|---:|---:|",
      `| DeliveryWorker | ${seconds(worker)} | ${perSecond(DELIVERIES, worker)} | ${seconds(raw)} | ${perSecond(DELIVERIES, raw)} | ${(raw / worker).toFixed(2)} |`,
      "",
    );
    const latency = await measureLatency(receiver);
    lines.push(
      `Latency, domain event → receiver: ${RATE} events/s for ${SECONDS} s through the feed, outbox and worker.`,
      "",
      "| deliveries | p50 | p99 | max |",
      "|---:|---:|---:|---:|",
      `| ${latency.count.toLocaleString("en")} of ${(RATE * SECONDS).toLocaleString("en")} | ${latency.p50.toFixed(1)} ms | ${latency.p99.toFixed(1)} ms | ${latency.max.toFixed(1)} ms |`,
    );
  } finally {
    receiver.server.close();
  }
  return `${lines.join("\n")}\n`;
}

interface Receiver {
  server: Server;
  url: string;
  onBody?: (body: string) => void;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { server: undefined as unknown as Server, url: "" };
  receiver.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.onBody?.(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  receiver.server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => receiver.server.listen(0, "127.0.0.1", r));
  const address = receiver.server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${address.port}/hooks`;
  return receiver;
}

async function freshStore(): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-webhooks-"));
  const store = openStore(`sqlite:${join(dir, "webhooks.db")}`);
  await migrate(store);
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function subscribe(store: Store, url: string, events: string[]): Promise<void> {
  const now = new Date().toISOString();
  await store.db
    .insertInto("accounts")
    .values({
      id: "acc_bench",
      email: "bench@example.com",
      plan: "growth",
      limits: "{}",
      created_at: now,
      updated_at: now,
    })
    .execute();
  await store.db
    .insertInto("webhook_subscriptions")
    .values({
      id: "wh_bench",
      account_id: "acc_bench",
      url,
      events: JSON.stringify(events),
      sport: null,
      leagues: "[]",
      matches: "[]",
      odds_threshold: 0.05,
      description: null,
      secret: generateSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: 1,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function body(i: number): string {
  return JSON.stringify({
    event: "match.live.event",
    event_id: `dev_bench${i}`,
    sport: "football",
    fixture_id: "fx-1",
    match_id: "fx-1",
    type: "goal",
    team: "Northbridge Rovers",
    minute: i % 90,
    score: { home: 1, away: 0 },
    sequence: i,
    timestamp: "2026-11-21T15:00:00Z",
  });
}

async function timeWorker(url: string): Promise<number> {
  const { store, dispose } = await freshStore();
  const agent = createDeliveryAgent({ allowPrivate: true, connections: CONCURRENCY });
  try {
    await subscribe(store, url, ["match.live.event"]);
    const now = new Date().toISOString();
    for (let i = 0; i < DELIVERIES; i += 500) {
      await store.db
        .insertInto("webhook_deliveries")
        .values(
          Array.from({ length: Math.min(500, DELIVERIES - i) }, (_, k) => ({
            id: newId("whd"),
            subscription_id: "wh_bench",
            event_id: `dev_bench${i + k}`,
            event_type: "match.live.event",
            body: body(i + k),
            state: "pending",
            attempts: 0,
            next_attempt_at: now,
            lease_owner: null,
            lease_expires_at: null,
            last_status: null,
            last_error: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const worker = new DeliveryWorker({
      store,
      agent,
      settings: SETTINGS,
      concurrency: CONCURRENCY,
      pollMs: 20,
    });
    const t = performance.now();
    worker.start();
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const left = await store.db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "!=", "succeeded")
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
    }
    const ms = performance.now() - t;
    await worker.stop();
    return ms;
  } finally {
    await agent.close();
    await dispose();
  }
}

async function timeRaw(url: string): Promise<number> {
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
  try {
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DELIVERIES) {
          const i = next++;
          const response = await request(url, {
            method: "POST",
            dispatcher: agent,
            body: body(i),
            headers: { "content-type": "application/json" },
          });
          await response.body.text();
        }
      }),
    );
    return performance.now() - t;
  } finally {
    await agent.close();
  }
}

async function measureLatency(receiver: Receiver) {
  const { store, dispose } = await freshStore();
  const agent = createDeliveryAgent({ allowPrivate: true, connections: CONCURRENCY });
  const bus = new MemoryEventBus();
  const clock = () => new Date();
  const ingestor = new FeedIngestor({ store, bus, clock, sinks: [webhookOutbox(clock)] });
  const worker = new DeliveryWorker({
    store,
    agent,
    bus,
    settings: SETTINGS,
    concurrency: CONCURRENCY,
  });
  const sent = new Map<number, number>();
  const latencies: number[] = [];
  receiver.onBody = (text) => {
    const payload = JSON.parse(text) as { detail?: { n?: number } };
    const n = payload.detail?.n;
    const at = n === undefined ? undefined : sent.get(n);
    if (at !== undefined) latencies.push(performance.now() - at);
  };
  try {
    await subscribe(store, receiver.url, ["match.live.event"]);
    const setUp = await ingestor.ingestMessages(oneLiveFixture());
    if (setUp.rejected > 0) throw new Error("bench set-up rejected");
    worker.start();
    const total = RATE * SECONDS;
    const begin = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = begin + (i * 1000) / RATE - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      sent.set(i, performance.now());
      pending.push(
        ingestor.ingestMessages([
          {
            type: "event",
            sport: "football",
            data: {
              fixture_id: "fx-1",
              type: "yellow_card",
              team: "home",
              minute: 1 + (i % 90),
              detail: { n: i },
            },
          },
        ]),
      );
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 1000));
    await worker.stop();
  } finally {
    receiver.onBody = undefined;
    await agent.close();
    await dispose();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => quantile(latencies, q);
  return {
    count: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}
