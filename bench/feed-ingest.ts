/**
 * Live feed ingestion. A store with 100 live football fixtures takes 20,000 live-event messages
 * (goals, cards, substitutions, corners of play) through the FeedIngestor in bodies of 500 —
 * what POST /admin/v1/feed does after parsing — on SQLite and on PostgreSQL. Baseline in the same
 * run: the same rows (match event, fixture update, domain event, feed message id) written by the
 * raw driver with prepared statements, one transaction per 500, no validation and no state
 * machine — the floor any ingestion path has to stand on.
 *
 * Prices: 10,000 `odds` messages (five bookmakers' match-result prices on each of the 100 fixtures,
 * moving by a few per cent each time, so most fire `odds.changed` and some `odds.moved`) through
 * the same ingestor, bodies of 500 — the load a live odds feed puts on it.
 *
 * Latency: single messages at a steady 500/s (one ingest call each, as a producer posting one
 * message at a time would), timed from the call to the event arriving at a bus subscriber, on the
 * memory bus and on Redis.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import type { EventBus } from "../packages/server/src/adapters/bus/event-bus.js";
import { MemoryEventBus } from "../packages/server/src/adapters/bus/memory-bus.js";
import { RedisEventBus } from "../packages/server/src/adapters/bus/redis-bus.js";
import { FeedIngestor } from "../packages/server/src/live/feed-ingestor.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";
import { perSecond, seconds } from "./lib/format.js";
import { median, quantile } from "./lib/stats.js";

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const FIXTURES = 100;
const MESSAGES = 20_000;
const BODY = 500;
const RUNS = 3;
const LATENCY_RATE = 500;
const LATENCY_SECONDS = 6;
const NOW = new Date("2026-11-21T15:30:00Z");
const clock = () => NOW;

const PRICE_MESSAGES = 10_000;
const BOOKMAKERS = 5;
const EVENT_MIX = ["goal", "yellow_card", "substitution", "goal", "missed_penalty", "var_review"];

export async function feedIngestBench(): Promise<string> {
  const lines: string[] = [];
  lines.push(
    `Throughput: ${MESSAGES.toLocaleString("en")} live-event messages over ${FIXTURES} live fixtures, bodies of ${BODY}, median of ${RUNS}.`,
    "",
    "| store | FeedIngestor | msgs/s | raw driver baseline | msgs/s | ratio |",
    "|---|---:|---:|---:|---:|---:|",
  );
  lines.push(await throughputRow("SQLite", sqliteTarget));
  if (PG_URL) lines.push(await throughputRow("PostgreSQL", postgresTarget));
  else lines.push("| PostgreSQL | skipped: set BENCH_DATABASE_URL | | | | |");

  lines.push(
    "",
    `Prices: ${PRICE_MESSAGES.toLocaleString("en")} odds messages (${BOOKMAKERS} bookmakers' match-result prices on each of ${FIXTURES} fixtures, moving), bodies of ${BODY}, median of ${RUNS}.`,
    "",
    "| store | FeedIngestor | msgs/s |",
    "|---|---:|---:|",
  );
  for (const [name, make] of [
    ["SQLite", sqliteTarget],
    ["PostgreSQL", postgresTarget],
  ] as const) {
    if (name === "PostgreSQL" && !PG_URL) {
      lines.push("| PostgreSQL | skipped: set BENCH_DATABASE_URL | |");
      continue;
    }
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await timeProduct(make, priceMessages));
    const p = median(runs);
    lines.push(`| ${name} | ${seconds(p)} | ${perSecond(PRICE_MESSAGES, p)} |`);
  }

  lines.push(
    "",
    `Latency, accepted → on the bus: one message per call at ${LATENCY_RATE}/s for ${LATENCY_SECONDS} s, SQLite store.`,
    "",
    "| bus | messages | p50 | p99 | max |",
    "|---|---:|---:|---:|---:|",
  );
  lines.push(await latencyRow("memory", () => new MemoryEventBus()));
  if (REDIS_URL) {
    lines.push(
      await latencyRow(
        "Redis",
        () => new RedisEventBus(REDIS_URL, { prefix: `bench:${randomBytes(4).toString("hex")}:` }),
      ),
    );
  } else {
    lines.push("| Redis | skipped: set BENCH_REDIS_URL | | | |");
  }
  return `${lines.join("\n")}\n`;
}

interface Target {
  store: Store;
  /** Writes the baseline's rows for one body of messages. */
  raw(body: ReadonlyArray<RawEvent>): Promise<void>;
  dispose(): Promise<void>;
}

interface RawEvent {
  id: string;
  fixture: number;
  sequence: number;
  type: string;
  minute: number;
}

async function throughputRow(name: string, make: () => Promise<Target>): Promise<string> {
  const product: number[] = [];
  const raw: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    product.push(await timeProduct(make));
    raw.push(await timeRaw(make));
  }
  const p = median(product);
  const r = median(raw);
  return `| ${name} | ${seconds(p)} | ${perSecond(MESSAGES, p)} | ${seconds(r)} | ${perSecond(MESSAGES, r)} | ${(r / p).toFixed(2)} |`;
}

async function timeProduct(
  make: () => Promise<Target>,
  workload: () => unknown[] = () => eventMessages(MESSAGES),
): Promise<number> {
  const target = await make();
  try {
    const ingestor = new FeedIngestor({ store: target.store, bus: new MemoryEventBus(), clock });
    await setUp(ingestor);
    const messages = workload();
    const t = performance.now();
    for (let i = 0; i < messages.length; i += BODY) {
      const report = await ingestor.ingestMessages(messages.slice(i, i + BODY));
      if (report.rejected > 0)
        throw new Error(JSON.stringify(report.results.find((r) => r.status === "rejected")));
    }
    return performance.now() - t;
  } finally {
    await target.dispose();
  }
}

async function timeRaw(make: () => Promise<Target>): Promise<number> {
  const target = await make();
  try {
    await setUp(new FeedIngestor({ store: target.store, bus: new MemoryEventBus(), clock }));
    const sequences = new Array<number>(FIXTURES).fill(2);
    const rows: RawEvent[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const fixture = i % FIXTURES;
      sequences[fixture] = (sequences[fixture] ?? 0) + 1;
      rows.push({
        id: `raw-${i}`,
        fixture,
        sequence: sequences[fixture] ?? 0,
        type: EVENT_MIX[i % EVENT_MIX.length] ?? "goal",
        minute: 1 + (i % 90),
      });
    }
    const t = performance.now();
    for (let i = 0; i < rows.length; i += BODY) await target.raw(rows.slice(i, i + BODY));
    return performance.now() - t;
  } finally {
    await target.dispose();
  }
}

/** A competition, 200 teams, 100 fixtures, all kicked off. */
async function setUp(ingestor: FeedIngestor): Promise<void> {
  const sport = "football";
  const messages: unknown[] = [
    {
      type: "competition",
      sport,
      data: {
        id: "bench-league",
        name: "Bench League",
        country_code: "ZZ",
        country_name: "Benchland",
        season: {
          id: "bench-2026",
          name: "2026",
          start_date: "2026-01-01",
          end_date: "2026-12-31",
        },
      },
    },
  ];
  for (let t = 0; t < FIXTURES * 2; t++) {
    messages.push({
      type: "team",
      sport,
      data: { id: `team-${t}`, name: `Bench Team ${t}`, competition_id: "bench-league" },
    });
  }
  for (let f = 0; f < FIXTURES; f++) {
    messages.push({
      type: "fixture",
      sport,
      data: {
        id: `fx-${f}`,
        competition_id: "bench-league",
        kickoff: "2026-11-21T15:00:00Z",
        home_team_id: `team-${2 * f}`,
        away_team_id: `team-${2 * f + 1}`,
      },
    });
    messages.push({ type: "status", sport, data: { fixture_id: `fx-${f}`, status: "live" } });
  }
  const report = await ingestor.ingestMessages(messages);
  if (report.rejected > 0) throw new Error("bench set-up rejected a message");
}

function eventMessages(count: number, offset = 0): unknown[] {
  const out: unknown[] = [];
  for (let i = offset; i < offset + count; i++) {
    out.push({
      id: `bench-${i}`,
      type: "event",
      sport: "football",
      data: {
        fixture_id: `fx-${i % FIXTURES}`,
        type: EVENT_MIX[i % EVENT_MIX.length],
        team: i % 2 === 0 ? "home" : "away",
        minute: 1 + (i % 90),
        detail: { n: i },
      },
    });
  }
  return out;
}

/** Each bookmaker's match-result prices on each fixture, again and again, a few per cent apart. */
function priceMessages(): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < PRICE_MESSAGES; i++) {
    const fixture = i % FIXTURES;
    const bookmaker = Math.floor(i / FIXTURES) % BOOKMAKERS;
    const round = Math.floor(i / (FIXTURES * BOOKMAKERS));
    // The home price walks 2.0 → 2.3 → 2.0 in steps of 3 %: every message changes it.
    const home = 2 * 1.03 ** (round % 10 < 5 ? round % 5 : 5 - (round % 5));
    out.push({
      id: `bench-odds-${i}`,
      type: "odds",
      sport: "football",
      data: {
        fixture_id: `fx-${fixture}`,
        bookmaker: `book-${bookmaker}`,
        bookmaker_name: `Book ${bookmaker}`,
        market: "1x2",
        prices: { home: Number(home.toFixed(2)), draw: 3.4, away: Number((7 - home).toFixed(2)) },
      },
    });
  }
  return out;
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-bench-feed-"));
  const path = join(dir, "feed.db");
  const store = openStore(`sqlite:${path}`);
  await migrate(store);
  const db = new SQLite(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  const insertEvent = db.prepare(
    "insert into match_events (id, sport, fixture_id, sequence, type, period, minute, team_id, player_id, related_player_id, detail, score, state, created_at, updated_at) values (?, 'football', ?, ?, ?, '1st_half', ?, null, null, null, '{}', '{\"home\":1,\"away\":0}', 'active', ?, ?)",
  );
  const updateFixture = db.prepare(
    'update fixtures set score = \'{"home":1,"away":0}\', home_score = 1, away_score = 0, minute = ?, sequence = ?, updated_at = ? where id = ?',
  );
  const insertDomain = db.prepare(
    "insert into domain_events (id, type, sport, fixture_id, competition_id, sequence, payload, created_at) values (?, 'match.live.event', 'football', ?, 'bench-league', ?, ?, ?)",
  );
  const insertMessage = db.prepare(
    "insert into feed_messages (id, type, sport, applied_at) values (?, 'event', 'football', ?)",
  );
  const stamp = "2026-11-21T15:30:00Z";
  const write = db.transaction((body: ReadonlyArray<RawEvent>) => {
    for (const e of body) {
      const fixture = `fx-${e.fixture}`;
      insertEvent.run(e.id, fixture, e.sequence, e.type, e.minute, stamp, stamp);
      updateFixture.run(e.minute, e.sequence, stamp, fixture);
      insertDomain.run(
        `dev-${e.id}`,
        fixture,
        e.sequence,
        JSON.stringify({
          event: "match.live.event",
          fixture_id: fixture,
          type: e.type,
          minute: e.minute,
        }),
        stamp,
      );
      insertMessage.run(e.id, stamp);
    }
  });
  return {
    store,
    raw: async (body) => write(body),
    dispose: async () => {
      db.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(): Promise<Target> {
  if (!PG_URL) throw new Error("no PostgreSQL");
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const url = new URL(PG_URL);
  url.searchParams.set("schema", schema);
  const store = openStore(url.toString());
  await migrate(store);
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`set search_path to ${schema}`);
  const stamp = "2026-11-21T15:30:00Z";
  return {
    store,
    raw: async (body) => {
      await client.query("begin");
      for (const e of body) {
        const fixture = `fx-${e.fixture}`;
        await client.query({
          name: "raw-event",
          text: "insert into match_events (id, sport, fixture_id, sequence, type, period, minute, team_id, player_id, related_player_id, detail, score, state, created_at, updated_at) values ($1, 'football', $2, $3, $4, '1st_half', $5, null, null, null, '{}', '{\"home\":1,\"away\":0}', 'active', $6, $6)",
          values: [e.id, fixture, e.sequence, e.type, e.minute, stamp],
        });
        await client.query({
          name: "raw-fixture",
          text: 'update fixtures set score = \'{"home":1,"away":0}\', home_score = 1, away_score = 0, minute = $1, sequence = $2, updated_at = $3 where id = $4',
          values: [e.minute, e.sequence, stamp, fixture],
        });
        await client.query({
          name: "raw-domain",
          text: "insert into domain_events (id, type, sport, fixture_id, competition_id, sequence, payload, created_at) values ($1, 'match.live.event', 'football', $2, 'bench-league', $3, $4, $5)",
          values: [
            `dev-${e.id}`,
            fixture,
            e.sequence,
            JSON.stringify({
              event: "match.live.event",
              fixture_id: fixture,
              type: e.type,
              minute: e.minute,
            }),
            stamp,
          ],
        });
        await client.query({
          name: "raw-message",
          text: "insert into feed_messages (id, type, sport, applied_at) values ($1, 'event', 'football', $2)",
          values: [e.id, stamp],
        });
      }
      await client.query("commit");
    },
    dispose: async () => {
      await client.end();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
      await store.close();
    },
  };
}

async function latencyRow(name: string, makeBus: () => EventBus): Promise<string> {
  const target = await sqliteTarget();
  const bus = makeBus();
  try {
    await bus.ready();
    const ingestor = new FeedIngestor({ store: target.store, bus, clock });
    await setUp(ingestor);
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    bus.subscribe((event) => {
      if (event.type !== "match.live.event") return;
      const n = (event.payload.detail as { n?: number } | undefined)?.n;
      const started = n === undefined ? undefined : sentAt.get(n);
      if (started !== undefined) latencies.push(performance.now() - started);
    });
    const total = LATENCY_RATE * LATENCY_SECONDS;
    const messages = eventMessages(total, 1_000_000);
    const interval = 1000 / LATENCY_RATE;
    const begin = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < total; i++) {
      const due = begin + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      sentAt.set(1_000_000 + i, performance.now());
      pending.push(ingestor.ingestMessages([messages[i]]));
    }
    await Promise.all(pending);
    await new Promise((r) => setTimeout(r, 200));
    latencies.sort((a, b) => a - b);
    const at = (q: number) => quantile(latencies, q);
    return `| ${name} | ${latencies.length.toLocaleString("en")} of ${total.toLocaleString("en")} | ${at(0.5).toFixed(2)} ms | ${at(0.99).toFixed(2)} ms | ${(latencies.at(-1) ?? Number.NaN).toFixed(2)} ms |`;
  } finally {
    await bus.close();
    await target.dispose();
  }
}
