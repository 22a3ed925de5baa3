/**
 * Two `scoreline serve --roles worker` processes on one PostgreSQL store: exactly one runs the
 * simulator (the holder of the store's advisory lock, ADR-0037); after `kill -9` of that one
 * the other takes over within a bound, and the matches that were live go on — adopted where
 * they were, none abandoned by the handover.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { isoSeconds } from "../../src/lib/time.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { openStore, type Store } from "../../src/store/database.js";
import { ServeProcess } from "../helpers/cli.js";
import { realClock } from "../helpers/clock.js";
import { freshUrl, unavailable } from "../helpers/stores.js";
import { waitFor } from "../helpers/wait.js";

/** How long a takeover may take on a loaded machine (the follower retries every second). */
const TAKEOVER_BOUND_MS = 10_000;

describe("one simulator per store", { skip: unavailable("postgres") }, () => {
  let url: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  const workers: ServeProcess[] = [];
  const env = () => ({
    DATABASE_URL: url,
    SCORELINE_DEMO: "1",
    SCORELINE_SIMULATOR: "on",
    SCORELINE_SIM_SPEED: "120",
    SCORELINE_LOG_LEVEL: "info",
  });
  before(() => {
    ({ url, cleanup } = freshUrl("postgres"));
  });
  after(async () => {
    await Promise.all(workers.map((worker) => worker.kill("SIGKILL")));
    await store?.close();
    await cleanup?.();
  });

  test("one worker leads; after kill -9 the other takes over and the matches go on", async (t) => {
    const first = ServeProcess.start(env(), ["serve", "--roles", "worker"]);
    workers.push(first);
    // The first seeds the demo data, then leads (nobody else campaigns yet).
    await first.waitForLog(/^simulator: elected/);
    const second = ServeProcess.start(env(), ["serve", "--roles", "worker"]);
    workers.push(second);
    await second.waitForLog(/^scoreline is serving/);
    store = openStore(url, { poolSize: 2 });
    // Both campaign (a lock connection each); one holds the lock, and only it said it leads.
    const schema = new URL(url).searchParams.get("schema") ?? "";
    await waitFor(async () => (await campaigners(store, schema)).total === 2, {
      what: "both workers' lock connections",
    });
    assert.equal((await campaigners(store, schema)).holders, 1);
    assert.equal(electedLines(second), 0, "the second worker does not run a simulator");

    // Matches kick off at their kick-off (ADR-0043): whatever the time of day, two are brought
    // to now through the feed, as a producer rescheduling them would.
    await kickOffNow(store, 2);
    const live = await waitForLive(store);
    const before = new Map(live.map((f) => [f.id, f.minute ?? 0]));
    const killedAt = performance.now();
    await first.kill("SIGKILL");
    const elected = await second.waitForLog(/^simulator: elected/, TAKEOVER_BOUND_MS * 3);
    const takeoverMs = performance.now() - killedAt;
    assert.ok(takeoverMs < TAKEOVER_BOUND_MS, `took over after ${Math.round(takeoverMs)} ms`);
    assert.equal(elected.abandoned, 0, "no match abandoned by the handover");
    assert.ok(Number(elected.adopted) >= 1, "the live matches were adopted");
    t.diagnostic(
      `takeover after ${Math.round(takeoverMs)} ms; ${String(elected.adopted)} matches adopted of ${before.size} live`,
    );

    // Every match live at the kill goes on: it finishes or its clock moves on; none abandoned.
    await waitFor(
      async () => {
        const now = await fixtures(store, [...before.keys()]);
        return now.every(
          (f) => f.status === "finished" || (f.minute ?? 0) > (before.get(f.id) ?? 0),
        );
      },
      { timeoutMs: 60_000, what: "every adopted match to go on" },
    );
    const after = await fixtures(store, [...before.keys()]);
    assert.deepEqual(
      after.filter((f) => f.status === "abandoned").map((f) => f.id),
      [],
      "no match was abandoned",
    );
  });
});

function electedLines(worker: ServeProcess): number {
  return worker.lines.filter((l) => /^simulator: elected/.test(String(l.msg))).length;
}

/** The workers' lock connections, and how many hold an advisory lock. */
async function campaigners(
  store: Store,
  schema: string,
): Promise<{ total: number; holders: number }> {
  const rows = await sql<{ pid: number; holds: boolean }>`
    select a.pid, exists (
      select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and l.granted
    ) as holds
    from pg_stat_activity a
    where a.application_name = ${`scoreline-simulator-leader:${schema}`.slice(0, 63)}
  `.execute(store.db);
  return { total: rows.rows.length, holders: rows.rows.filter((r) => r.holds).length };
}

/** Moves `count` scheduled football fixtures' kick-off to now with `fixture` messages. */
async function kickOffNow(store: Store, count: number): Promise<void> {
  const rows = await store.db
    .selectFrom("fixtures")
    .select(["id", "competition_id", "season_id", "home_team_id", "away_team_id"])
    .where("sport", "=", "football")
    .where("status", "=", "scheduled")
    .orderBy("kickoff")
    .limit(count)
    .execute();
  assert.equal(rows.length, count);
  const ingestor = new FeedIngestor({ store, bus: new MemoryEventBus(), clock: realClock });
  const report = await ingestor.ingestMessages(
    rows.map((row) => ({
      type: "fixture",
      sport: "football",
      data: {
        id: row.id,
        competition_id: row.competition_id,
        season_id: row.season_id,
        kickoff: isoSeconds(new Date()),
        home_team_id: row.home_team_id,
        away_team_id: row.away_team_id,
      },
    })),
  );
  assert.equal(report.applied, count, JSON.stringify(report.results));
}

async function waitForLive(store: Store) {
  let live: Array<{ id: string; minute: number | null }> = [];
  await waitFor(
    async () => {
      live = await store.db
        .selectFrom("fixtures")
        .select(["id", "minute"])
        .where("status", "=", "live")
        .execute();
      return live.length > 0;
    },
    { timeoutMs: 60_000, what: "a live match" },
  );
  return live;
}

async function fixtures(store: Store, ids: readonly string[]) {
  return store.db
    .selectFrom("fixtures")
    .select(["id", "status", "minute"])
    .where("id", "in", ids)
    .execute();
}
