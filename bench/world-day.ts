/**
 * The demo's storage over a day of its living world (issue 18, ADR-0043): a demo-seeded SQLite
 * file played by the simulator and its calendar on an injected clock — 24 simulated hours at real
 * speed on the main host, and one real hour of the sandbox's compressed world (60 simulated
 * hours) — with the live-log pruner run every simulated hour at the roles' default retention (60
 * minutes of domain events; feed ids 7 days on the main host, an hour in the sandbox). Reports the file's size at the start and the end, what
 * grew, and the live log's largest size (the part retention bounds; history — fixtures, their
 * events and line-ups — is kept by design). The baseline is the seeded file itself.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { MemoryEventBus } from "../packages/server/src/adapters/bus/memory-bus.js";
import { FeedIngestor } from "../packages/server/src/live/feed-ingestor.js";
import { pruneLiveLog } from "../packages/server/src/live/log-pruner.js";
import { maxGapWorldMs } from "../packages/server/src/sample/compress-calendar.js";
import { seedDemoData } from "../packages/server/src/sample/seed-demo.js";
import { WorldCalendar } from "../packages/server/src/simulator/calendar.js";
import { Simulator } from "../packages/server/src/simulator/simulator.js";
import { SPORTS } from "../packages/server/src/sports/types.js";
import { openStore, type Store } from "../packages/server/src/store/database.js";
import { migrate } from "../packages/server/src/store/migrate.js";

const SEED = 20261121;
const START = new Date("2026-11-21T00:00:00Z");
const HOUR = 3_600_000;
/** The roles' defaults: the sandbox keeps feed ids an hour, the main host a week. */
const retention = (sandbox: boolean) => ({
  eventLogMs: HOUR,
  feedIdsMs: sandbox ? HOUR : 7 * 24 * HOUR,
});
const TABLES = ["fixtures", "match_events", "lineups", "odds", "domain_events", "feed_messages"];

interface World {
  name: string;
  /** World seconds per real second. */
  speed: number;
  /** Real hours simulated. */
  hours: number;
  /** Real minutes per tick. */
  stepMinutes: number;
}

const WORLDS: World[] = [
  { name: "main host, 24 simulated hours (speed 1)", speed: 1, hours: 24, stepMinutes: 5 },
  {
    name: "sandbox, 1 real hour (speed 60: 60 world hours)",
    speed: 60,
    hours: 1,
    stepMinutes: 0.25,
  },
];

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

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function playWorld(world: World): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "scoreline-world-"));
  const file = join(dir, "world.db");
  const store = openStore(`sqlite:${file}`);
  try {
    await migrate(store);
    let now = new Date(START);
    await seedDemoData(store, {
      seed: SEED,
      now,
      // The world the figures in docs/PERFORMANCE.md were measured on (before ADR-0044's regions).
      world: "core",
      ...(world.speed > 1 ? { compress: world.speed } : {}),
    });
    await sql`VACUUM`.execute(store.db);
    const size = () => statSync(file).size;
    const startSize = size();
    const before = await counts(store);
    const ingestor = new FeedIngestor({ store, bus: new MemoryEventBus(), clock: () => now });
    const sandbox = world.speed > 1;
    const calendar = new WorldCalendar({
      store,
      ingestor,
      sports: SPORTS,
      // As the roles do: two weeks on the main host, an hour ahead in the sandbox.
      horizonMs: sandbox ? HOUR : 14 * 24 * HOUR,
      timeScale: world.speed,
      ...(sandbox ? { maxGapMs: (sport) => maxGapWorldMs(sport) / world.speed } : {}),
    });
    const simulator = new Simulator({
      store,
      ingestor,
      speed: world.speed,
      seed: SEED,
      calendar,
      lineupLeadMs: HOUR / world.speed,
    });
    const ticks = (world.hours * 60) / world.stepMinutes;
    const pruneEvery = Math.max(1, Math.round(HOUR / world.speed / (world.stepMinutes * 60_000)));
    let maxLog = 0;
    const started = performance.now();
    for (let i = 0; i < ticks; i++) {
      await simulator.tick(now);
      if (i % pruneEvery === 0) {
        await pruneLiveLog(store, retention(sandbox), now);
        const log = await counts(store);
        maxLog = Math.max(maxLog, (log.domain_events ?? 0) + (log.feed_messages ?? 0));
      }
      now = new Date(now.getTime() + world.stepMinutes * 60_000);
    }
    await pruneLiveLog(store, retention(sandbox), now);
    const after = await counts(store);
    const endSize = size();
    const grew = TABLES.map((t) => `${t} +${(after[t] ?? 0) - (before[t] ?? 0)}`).join(", ");
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    return (
      `| ${world.name} | ${mb(startSize)} | ${mb(endSize)} | ${mb(endSize - startSize)} | ` +
      `${simulator.stats.finished} | ${maxLog} | ${grew} | ${seconds} s |`
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function worldDayBench(): Promise<string> {
  const rows = [
    "| world | seeded file (baseline) | after | grew | matches finished | live log at most (events + feed ids) | rows added | took |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const world of WORLDS) rows.push(await playWorld(world));
  return `${rows.join("\n")}\n`;
}
