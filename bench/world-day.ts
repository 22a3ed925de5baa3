/**
 * The demo's storage over its living world (issue 18, ADR-0043, ADR-0044): a demo-seeded SQLite
 * file played by the simulator and its calendar on an injected clock, with the live-log pruner
 * run every simulated hour at the roles' default retention (60 minutes of domain events; feed ids
 * 7 days on the main host, an hour in the sandbox).
 *
 * - Main host: 24 simulated hours at real speed. History is kept by design, so the file grows.
 * - Sandbox: real hours of its compressed world (speed 60), with its history pruner run every
 *   real minute as the role does, sampled every half real hour, to show where its size levels off.
 *
 * The world is the demo's default, `full`; `WORLD_DAY_WORLD=core` measures the smaller one.
 * `WORLD_DAY_SANDBOX_HOURS` (default 4) is how many real hours the sandbox plays and
 * `WORLD_DAY_HISTORY_DAYS` (default 14) the world days it keeps — below the product's minimum of
 * 7 too, so that a short run can show the pruner at work. `WORLD_DAY_PART=main` or `sandbox` runs
 * one part. The baseline is the seeded file itself.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { MemoryEventBus } from "../packages/server/src/adapters/bus/memory-bus.js";
import { FeedIngestor } from "../packages/server/src/live/feed-ingestor.js";
import { pruneLiveLog } from "../packages/server/src/live/log-pruner.js";
import { maxGapWorldMs } from "../packages/server/src/sample/compress-calendar.js";
import type { SampleWorld } from "../packages/server/src/sample/generate.js";
import { seedDemoData } from "../packages/server/src/sample/load-sample-world.js";
import { WorldCalendar } from "../packages/server/src/simulator/calendar.js";
import {
  historyCutoff,
  pruneWorldHistory,
} from "../packages/server/src/simulator/history-pruner.js";
import { Simulator } from "../packages/server/src/simulator/simulator.js";
import { SPORTS } from "../packages/server/src/sports/types.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";

const SEED = 20261121;
const START = new Date("2026-11-21T00:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The roles' defaults: the sandbox keeps feed ids an hour, the main host a week. */
const retention = (sandbox: boolean) => ({
  eventLogMs: HOUR,
  feedIdsMs: sandbox ? HOUR : 7 * 24 * HOUR,
});
const TABLES = ["fixtures", "match_events", "lineups", "odds", "domain_events", "feed_messages"];
const SANDBOX_SPEED = 60;
/** Real minutes between the sandbox's samples. */
const SAMPLE_EVERY_MINUTES = 30;

function worldFromEnv(): SampleWorld {
  const raw = process.env.WORLD_DAY_WORLD ?? "full";
  if (raw !== "full" && raw !== "core")
    throw new Error(`WORLD_DAY_WORLD: full or core, not ${raw}`);
  return raw;
}

function positiveFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!(value > 0)) throw new Error(`${name}: a positive number, not ${raw}`);
  return value;
}

async function counts(store: Store): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await store.db
      .selectFrom(table as "fixtures")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** Bytes in pages that hold data: deleted rows free pages the file keeps and reuses. */
async function usedBytes(store: Store): Promise<number> {
  const pragma = async (name: string) => {
    const { rows } = await sql<
      Record<string, number>
    >`SELECT * FROM ${sql.raw(`pragma_${name}`)}`.execute(store.db);
    return Number(Object.values(rows[0] ?? {})[0] ?? 0);
  };
  return (
    ((await pragma("page_count")) - (await pragma("freelist_count"))) * (await pragma("page_size"))
  );
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const int = (n: number) => n.toLocaleString("en-US");
const liveLog = (c: Record<string, number>) => (c.domain_events ?? 0) + (c.feed_messages ?? 0);

interface Played {
  store: Store;
  file: string;
  simulator: Simulator;
  /** Advances the world one step of `stepMinutes` real minutes. */
  step: () => Promise<void>;
  now: () => Date;
  close: () => Promise<void>;
}

/** A demo-seeded, vacuumed file with its simulator and calendar, as the role at `speed` has. */
async function openWorld(world: SampleWorld, speed: number, stepMinutes: number): Promise<Played> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-world-"));
  const file = join(dir, "world.db");
  const store = openStore(`sqlite:${file}`);
  await migrate(store);
  let now = new Date(START);
  const sandbox = speed > 1;
  await seedDemoData(store, { seed: SEED, now, world, ...(sandbox ? { compress: speed } : {}) });
  await sql`VACUUM`.execute(store.db);
  const ingestor = new FeedIngestor({ store, bus: new MemoryEventBus(), clock: () => now });
  const calendar = new WorldCalendar({
    store,
    ingestor,
    sports: SPORTS,
    // As the roles do: two weeks on the main host, an hour ahead in the sandbox.
    horizonMs: sandbox ? HOUR : 14 * 24 * HOUR,
    timeScale: speed,
    ...(sandbox ? { maxGapMs: (sport) => maxGapWorldMs(sport) / speed } : {}),
  });
  const simulator = new Simulator({
    store,
    ingestor,
    speed,
    seed: SEED,
    calendar,
    lineupLeadMs: HOUR / speed,
  });
  return {
    store,
    file,
    simulator,
    now: () => now,
    step: async () => {
      await simulator.tick(now);
      now = new Date(now.getTime() + stepMinutes * MINUTE);
    },
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** 24 simulated hours on the main host, ticking every 5 minutes. */
async function mainHostDay(world: SampleWorld): Promise<string> {
  const stepMinutes = 5;
  const played = await openWorld(world, 1, stepMinutes);
  const { store, file, simulator } = played;
  try {
    const startSize = statSync(file).size;
    const before = await counts(store);
    let maxLog = 0;
    const started = performance.now();
    for (let i = 0; i < (24 * 60) / stepMinutes; i++) {
      if (i % (60 / stepMinutes) === 0) {
        await pruneLiveLog(store, retention(false), played.now());
        maxLog = Math.max(maxLog, liveLog(await counts(store)));
      }
      await played.step();
    }
    await pruneLiveLog(store, retention(false), played.now());
    const after = await counts(store);
    const endSize = statSync(file).size;
    const grew = TABLES.map((t) => `${t} +${int((after[t] ?? 0) - (before[t] ?? 0))}`).join(", ");
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    return [
      "| world | seeded file (baseline) | after 24 h | grew | matches finished | live log at most (events + feed ids) | rows added | took |",
      "|---|---|---|---|---|---|---|---|",
      `| main host, ${world}, 24 simulated hours (speed 1) | ${mb(startSize)} | ${mb(endSize)} | ` +
        `${mb(endSize - startSize)} | ${int(simulator.stats.finished)} | ${int(maxLog)} | ${grew} | ${seconds} s |`,
    ].join("\n");
  } finally {
    await played.close();
  }
}

/** The sandbox's compressed world for `hours` real hours, its history pruned every real minute. */
async function sandboxHours(
  world: SampleWorld,
  hours: number,
  historyDays: number,
): Promise<string> {
  const stepMinutes = 0.25;
  const played = await openWorld(world, SANDBOX_SPEED, stepMinutes);
  const { store, file, simulator } = played;
  const rows = [
    `Sandbox, ${world} world, speed ${SANDBOX_SPEED}, history ${historyDays} world days ` +
      `(${((historyDays * 24) / SANDBOX_SPEED).toFixed(1)} real hours):`,
    "",
    "| real time | world days | file | data pages | fixtures | match_events | lineups | odds | live log | matches finished | history pruned (fixtures, seasons) | took |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  const pruned = { fixtures: 0, seasons: 0 };
  const started = performance.now();
  const sample = async (minutes: number) => {
    const c = await counts(store);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const row =
      `| ${(minutes / 60).toFixed(1)} h | ${((minutes * SANDBOX_SPEED) / 1440).toFixed(1)} | ` +
      `${mb(statSync(file).size)} | ${mb(await usedBytes(store))} | ${int(c.fixtures ?? 0)} | ` +
      `${int(c.match_events ?? 0)} | ${int(c.lineups ?? 0)} | ${int(c.odds ?? 0)} | ${int(liveLog(c))} | ` +
      `${int(simulator.stats.finished)} | ${int(pruned.fixtures)}, ${pruned.seasons} | ${seconds} s |`;
    // Each row on stderr as it comes: a run of real hours takes a quarter of an hour or more.
    process.stderr.write(`world-day sandbox: ${row}\n`);
    rows.push(row);
  };
  try {
    const perMinute = 1 / stepMinutes;
    const ticks = hours * 60 * perMinute;
    for (let i = 0; i <= ticks; i++) {
      if (i % perMinute === 0) {
        // As the role: the live log and the history window, each once a real minute.
        await pruneLiveLog(store, retention(true), played.now());
        const cut = historyCutoff(played.now(), historyDays, SANDBOX_SPEED);
        const result = await pruneWorldHistory(store, cut);
        pruned.fixtures += result.fixtures;
        pruned.seasons += result.seasons;
        if (i % (SAMPLE_EVERY_MINUTES * perMinute) === 0) await sample(i * stepMinutes);
      }
      if (i < ticks) await played.step();
    }
    return rows.join("\n");
  } finally {
    await played.close();
  }
}

export async function worldDayBench(): Promise<string> {
  const world = worldFromEnv();
  const hours = positiveFromEnv("WORLD_DAY_SANDBOX_HOURS", 4);
  const historyDays = positiveFromEnv("WORLD_DAY_HISTORY_DAYS", 14);
  const part = process.env.WORLD_DAY_PART ?? "both";
  const out: string[] = [];
  if (part !== "sandbox") out.push(await mainHostDay(world));
  if (part !== "main") out.push(await sandboxHours(world, hours, historyDays));
  return `${out.join("\n\n")}\n`;
}
