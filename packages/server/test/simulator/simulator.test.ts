/**
 * The sample world's calendar played in real time by the simulator, over a simulated day on an
 * injected clock (no sleeping): the full world is dense (ADR-0044: a match live in every sport
 * at every moment but horse racing, whose races go off at least every 15 minutes, and combat
 * sports), every fixture kicks off at its kick-off and not before, none is
 * played twice, past fixtures are finished, standings only count matches whose kick-off has
 * passed, line-ups are out before kick-off and name the players the events name, scores are the
 * fold of their events, the schedule is kept two weeks ahead, and a simulator restarted on the
 * day's store as it stood after a busy tick resumes the matches left live where they stood and
 * plays on exactly as the uninterrupted day did (the same seed, the same matches, the same ends).
 *
 * The day is on SQLite, in the full world; PostgreSQL plays a few hours of the core world with
 * the same checks.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import type { SampleWorld } from "../../src/sample/generate.js";
import { WorldCalendar } from "../../src/simulator/calendar.js";
import { Simulator } from "../../src/simulator/simulator.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import { type ScoreEvent, type Side, SPORTS, type Sport } from "../../src/sports/types.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { DIALECTS, type TestDialect, unavailable } from "../helpers/stores.js";
import { assertBusMatchesLog, eventLog } from "../live/feed-helpers.js";

const SEED = 7;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The clock moves ten minutes a tick. */
const STEP_MS = 10 * MINUTE;
const DAY_TICKS = (24 * HOUR) / STEP_MS;
/** PostgreSQL's run and the restart check: a few hours. */
const SHORT_TICKS = (4 * HOUR) / STEP_MS;
const HORIZON_MS = 14 * 24 * HOUR;
const TEAM_SPORTS: readonly Sport[] = [
  "football",
  "basketball",
  "american-football",
  "cricket",
  "baseball",
  "esports",
];

interface Stamped {
  event: DomainEvent;
  /** The clock when the bus carried it. */
  at: number;
}

interface Run {
  t: TestApp;
  ingestor: FeedIngestor;
  sim: Simulator;
  calendar: WorldCalendar;
  events: Stamped[];
  now: Date;
  /** Each scheduled fixture's kick-off when the run began. */
  scheduledAtStart: Map<string, { sport: Sport; kickoff: number }>;
  /** Matches live per sport after each tick. */
  liveBySport: Map<Sport, number[]>;
}

/** A run's store saved between two ticks, and the simulator's live matches then. */
interface Snapshot {
  file: string;
  now: Date;
  live: string[];
}

async function startRun(
  dialect: TestDialect,
  world: SampleWorld,
  from?: { snapshot: Snapshot; now: Date },
): Promise<Run> {
  const bus = new MemoryEventBus();
  const now = new Date(from?.now ?? TEST_NOW);
  const run = { events: [], now, liveBySport: new Map() } as unknown as Run;
  bus.subscribe((event) => run.events.push({ event, at: run.now.getTime() }));
  const clock = () => new Date(run.now);
  run.t = await createTestApp(dialect, {
    seed: true,
    clock,
    bus,
    world,
    ...(from ? { snapshot: from.snapshot.file } : {}),
  });
  run.ingestor = new FeedIngestor({ store: run.t.store, bus, clock });
  newSimulator(run);
  const rows = await run.t.store.db
    .selectFrom("fixtures")
    .select(["id", "sport", "kickoff"])
    .where("status", "=", "scheduled")
    .execute();
  run.scheduledAtStart = new Map(
    rows.map((r) => [r.id, { sport: r.sport as Sport, kickoff: Date.parse(r.kickoff) }]),
  );
  return run;
}

/** A simulator (and calendar) as a worker starting now would make. */
function newSimulator(run: Run): void {
  const { store } = run.t;
  run.calendar = new WorldCalendar({
    store,
    ingestor: run.ingestor,
    sports: SPORTS,
    horizonMs: HORIZON_MS,
    timeScale: 1,
  });
  run.sim = new Simulator({
    store,
    ingestor: run.ingestor,
    speed: 1,
    seed: SEED,
    calendar: run.calendar,
  });
}

async function tickRun(run: Run, count: number, each?: (tick: number) => Promise<void>) {
  for (let i = 0; i < count; i++) {
    await run.sim.tick(run.now);
    const live = await run.t.store.db
      .selectFrom("fixtures")
      .select(["sport", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "=", "live")
      .groupBy("sport")
      .execute();
    const counts = new Map(live.map((r) => [r.sport as Sport, Number(r.n)]));
    for (const sport of SPORTS) {
      run.liveBySport.set(sport, [...(run.liveBySport.get(sport) ?? []), counts.get(sport) ?? 0]);
    }
    await each?.(i);
    run.now = new Date(run.now.getTime() + STEP_MS);
  }
}

/** Saves the run's SQLite store as it stands between two ticks (a consistent copy). */
async function snapshot(run: Run, dir: string): Promise<Snapshot> {
  const file = join(dir, "snapshot.db");
  await sql`vacuum into ${file}`.execute(run.t.store.db);
  return { file, now: new Date(run.now), live: [...run.sim.live] };
}

async function get(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

const ofType = (events: readonly Stamped[], type: string) =>
  events.filter((e) => e.event.type === type);

/** The sport module's fold of a fixture's active events, as `/fixtures/{id}/events` lists them. */
async function checkFinished(t: TestApp, sport: Sport, id: string) {
  const module = SPORT_MODULES[sport];
  const fixture = (await get(t, `/v1/${sport}/fixtures/${id}`)).data;
  assert.equal(fixture.status, "finished", `${sport} ${id}`);
  assert.equal(fixture.period, null, `${sport} ${id}: a finished fixture has no period`);
  assert.equal(fixture.minute, null, `${sport} ${id}: a finished fixture has no minute`);
  const events = (await get(t, `/v1/${sport}/fixtures/${id}/events`)).data as Array<{
    type: string;
    period: string | null;
    minute: number | null;
    team_id: string | null;
    player_id: string | null;
    detail: Record<string, unknown>;
    state: string;
  }>;
  assert.ok(events.length > 0, `${sport} ${id} has events`);
  let score = module.emptyScore();
  for (const event of events) {
    if (event.state !== "active") continue;
    const team: Side | null =
      event.team_id === null
        ? null
        : event.team_id === fixture.home_team_id
          ? "home"
          : event.team_id === fixture.away_team_id
            ? "away"
            : assert.fail(`${sport} ${id}: event team ${event.team_id} plays in neither side`);
    const scoreEvent: ScoreEvent = {
      type: event.type,
      team,
      period: event.period,
      minute: event.minute,
      detail: event.detail,
    };
    if (score !== null) score = module.applyEvent(score, scoreEvent);
  }
  assert.deepEqual(fixture.score, score, `${sport} ${id}: stored score is the fold of its events`);
  assert.ok(fixture.result, `${sport} ${id} has a result`);
  if (score !== null) {
    assert.equal(fixture.result.outcome, module.outcome(score), `${sport} ${id}: outcome`);
  }
  assert.ok(module.decidedBy.includes(fixture.result.decided_by), fixture.result.decided_by);
  return { fixture, events };
}

/**
 * Each football and basketball league table of the current season against the fixtures: no team
 * has played more matches than it has fixtures whose kick-off has passed.
 */
async function checkStandings(run: Run): Promise<void> {
  const { store } = run.t;
  const tables = await store.db
    .selectFrom("competitions")
    .select(["id", "sport", "slug", "current_season_id"])
    .where("sport", "in", ["football", "basketball"])
    .where("type", "=", "league")
    .execute();
  const now = run.now.toISOString();
  for (const table of tables) {
    const body = await get(run.t, `/v1/${table.sport}/standings?league=${table.slug}`);
    const passed = await store.db
      .selectFrom("fixtures")
      .select(["home_team_id", "away_team_id"])
      .where("competition_id", "=", table.id)
      .where("season_id", "=", table.current_season_id)
      .where("kickoff", "<=", now)
      .execute();
    const due = new Map<string, number>();
    for (const f of passed) {
      for (const team of [f.home_team_id, f.away_team_id]) {
        if (team !== null) due.set(team, (due.get(team) ?? 0) + 1);
      }
    }
    for (const row of body.data as Array<{ team_id: string; played: number }>) {
      assert.ok(
        row.played <= (due.get(row.team_id) ?? 0),
        `${table.slug}: ${row.team_id} played ${row.played}, kick-offs passed ${due.get(row.team_id) ?? 0}`,
      );
    }
  }
}

describe("the calendar in real time on sqlite: a simulated day", () => {
  let run: Run;
  /** The day's store after its first busy tick: where the restart check starts. */
  let saved: Snapshot | undefined;
  const dir = mkdtempSync(join(tmpdir(), "scoreline-day-"));
  before(async () => {
    run = await startRun("sqlite", "full");
    await tickRun(run, DAY_TICKS, async (tick) => {
      // The first busy moment: at least three matches live.
      if (saved === undefined && run.sim.live.length >= 3) saved = await snapshot(run, dir);
      if (tick % 12 === 6) await checkStandings(run);
    });
  });
  after(async () => {
    await run?.t.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test("every fixture whose kick-off came during the day was played, nothing refused", () => {
    assert.equal(run.sim.stats.rejected, 0);
    assert.equal(run.calendar.stats.rejected, 0);
    const started = new Set(ofType(run.events, "match.started").map((e) => e.event.fixtureId));
    const end = TEST_NOW.getTime() + DAY_TICKS * STEP_MS - STEP_MS;
    const sports = new Set<Sport>();
    for (const [id, { sport, kickoff }] of run.scheduledAtStart) {
      if (kickoff > end) continue;
      sports.add(sport);
      assert.ok(started.has(id), `${sport} ${id} (kick-off ${new Date(kickoff).toISOString()})`);
    }
    assert.ok(sports.size >= 7, `matches in ${[...sports].join(", ")}`);
    const finished = new Set(ofType(run.events, "match.finished").map((e) => e.event.sport));
    for (const sport of sports) {
      if (sport !== "golf") assert.ok(finished.has(sport), `${sport}: nothing finished`);
    }
  });

  test("the calendar is dense: a match live in every sport at every moment, a race every 15 minutes", async () => {
    const hour = (tick: number) => new Date(TEST_NOW.getTime() + tick * STEP_MS).toISOString();
    // A race is live for about two minutes, with gaps between races: racing is held to its own
    // measure (ADR-0044). Combat sports have cards on around the clock, a bout always on.
    for (const sport of SPORTS.filter((s) => s !== "horse-racing")) {
      const counts = run.liveBySport.get(sport) ?? [];
      assert.equal(counts.length, DAY_TICKS);
      const idle = counts.flatMap((n, tick) => (n === 0 ? [hour(tick)] : []));
      assert.deepEqual(idle, [], `${sport}: nothing live at these moments`);
    }
    const { store } = run.t;
    const races = await store.db
      .selectFrom("fixtures")
      .select("kickoff")
      .where("sport", "=", "horse-racing")
      .where("kickoff", ">=", TEST_NOW.toISOString())
      .where("kickoff", "<", run.now.toISOString())
      .orderBy("kickoff")
      .execute();
    const starts = races.map((r) => Date.parse(r.kickoff));
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] as number));
    assert.ok(starts.length > 90, `${starts.length} races in the day`);
    assert.ok(Math.max(...gaps) <= 15 * MINUTE, `a gap of ${Math.max(...gaps) / MINUTE} min`);
    const bouts = ofType(run.events, "match.started").filter(
      (e) => e.event.sport === "combat-sports",
    );
    assert.ok(bouts.length >= 8, `${bouts.length} bouts on a Saturday`);
  });

  test("every fixture kicks off at its kick-off, not before, and only once", async () => {
    const seen = new Set<string>();
    const kickoffs = await run.t.store.db
      .selectFrom("fixtures")
      .select(["id", "kickoff"])
      .execute();
    const kickoffOf = new Map(kickoffs.map((f) => [f.id, Date.parse(f.kickoff)]));
    for (const { event, at } of ofType(run.events, "match.started")) {
      const id = event.fixtureId as string;
      assert.ok(!seen.has(id), `${id} started twice`);
      seen.add(id);
      const kickoff = kickoffOf.get(id) as number;
      assert.ok(at >= kickoff, `${id} started ${(kickoff - at) / MINUTE} min before its kick-off`);
      // One already under way when the run began joins at its first tick, at its minute.
      const due = Math.max(kickoff, TEST_NOW.getTime());
      assert.ok(at < due + STEP_MS, `${id} started ${(at - kickoff) / MINUTE} min late`);
      const planned = run.scheduledAtStart.get(id);
      if (planned !== undefined) assert.equal(kickoff, planned.kickoff, `${id} was rescheduled`);
    }
    assert.ok(seen.size >= 40, `${seen.size} matches played`);
  });

  test("past fixtures are finished: nothing is left scheduled after its kick-off", async () => {
    const left = await run.t.store.db
      .selectFrom("fixtures")
      .select(["id", "sport", "kickoff"])
      .where("status", "in", ["scheduled", "live"])
      .where("kickoff", "<=", new Date(run.now.getTime() - 12 * HOUR).toISOString())
      .where("sport", "!=", "golf")
      .execute();
    assert.deepEqual(left, []);
  });

  test("every finished fixture: score = fold of its events, no period or minute left", async () => {
    for (const { event } of ofType(run.events, "match.finished")) {
      await checkFinished(run.t, event.sport as Sport, event.fixtureId as string);
    }
  });

  test("line-ups are announced before kick-off and name every player the events name", async () => {
    const started = ofType(run.events, "match.started").filter((e) =>
      TEAM_SPORTS.includes(e.event.sport as Sport),
    );
    assert.ok(started.length >= 20);
    const announced = new Map<string, number>();
    for (const { event, at } of ofType(run.events, "fixture.updated")) {
      const changes = event.payload.changes as string[] | undefined;
      if (changes?.includes("lineups") && !announced.has(event.fixtureId as string)) {
        announced.set(event.fixtureId as string, at);
      }
    }
    for (const { event, at } of started) {
      const id = event.fixtureId as string;
      const sport = event.sport as Sport;
      type Side = {
        starters: Array<{ player_id: string }>;
        substitutes: Array<{ player_id: string }>;
      };
      const data = (await get(run.t, `/v1/${sport}/fixtures/${id}/lineups`)).data as {
        home: Side | null;
        away: Side | null;
      };
      assert.ok(data.home !== null && data.away !== null, `${sport} ${id}: both line-ups`);
      const lineups = [data.home, data.away];
      const announcedAt = announced.get(id);
      // Fixtures kicking off within the first hour were announced at the run's first tick.
      if (announcedAt !== undefined) assert.ok(announcedAt <= at, `${id}: line-up after kick-off`);
      const named = new Set(
        lineups.flatMap((l) => [...l.starters, ...l.substitutes].map((p) => p.player_id)),
      );
      const events = (await get(run.t, `/v1/${sport}/fixtures/${id}/events`)).data as Array<{
        player_id: string | null;
        related_player_id: string | null;
      }>;
      for (const e of events) {
        for (const player of [e.player_id, e.related_player_id]) {
          if (player !== null)
            assert.ok(named.has(player), `${sport} ${id}: ${player} not in a line-up`);
        }
      }
    }
  });

  test("standings count only matches whose kick-off has passed", async () => {
    await checkStandings(run);
  });

  test("the schedule is kept two weeks ahead in every competition", async () => {
    const { store } = run.t;
    const rows = await store.db
      .selectFrom("fixtures")
      .select(["competition_id", "sport", (eb) => eb.fn.max("kickoff").as("last")])
      .groupBy(["competition_id", "sport"])
      .execute();
    const horizon = run.now.getTime() + HORIZON_MS - 24 * HOUR;
    const bySport = new Map<string, number>();
    for (const row of rows) {
      const last = Date.parse(row.last as string);
      bySport.set(row.sport, Math.max(bySport.get(row.sport) ?? 0, last));
      // Tennis holds one tournament a week in turn: the tour as a whole is kept ahead.
      if (row.sport === "tennis") continue;
      assert.ok(last >= horizon, `${row.competition_id}: schedule ends ${row.last}`);
    }
    assert.ok((bySport.get("tennis") ?? 0) >= horizon, "the tennis tour's schedule");
    assert.ok(run.calendar.stats.editions > 0, "new editions were scheduled");
    // A season scheduled ahead is not current before its first fixture kicks off.
    const ahead = await store.db
      .selectFrom("competitions as c")
      .innerJoin("seasons as s", "s.id", "c.current_season_id")
      .select(["c.slug", "s.name", "s.start_date"])
      .where("s.start_date", ">", run.now.toISOString().slice(0, 10))
      .execute();
    assert.deepEqual(ahead, [], "current seasons that have not started");
    const seasons = await store.db
      .selectFrom("seasons")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    assert.ok(Number(seasons.n) > 24, "the calendar added seasons");
  });

  test("the bus carried exactly the durable log", async () => {
    assertBusMatchesLog(
      run.events.map((e) => e.event),
      await eventLog(run.t.store),
    );
  });

  test("a restarted simulator resumes its live matches where they stood, and ends them as the day did", async () => {
    // The process dies after the saved tick: a new simulator (and calendar) on that store takes
    // over a tick later, and must play on exactly as the uninterrupted day did.
    assert.ok(saved !== undefined, "no tick of the day had three matches live");
    const left = saved.live;
    const restarted = await startRun("sqlite", "full", {
      snapshot: saved,
      now: new Date(saved.now.getTime() + 2 * STEP_MS),
    });
    try {
      const { adopted, abandoned } = await restarted.sim.adoptStale(restarted.now);
      assert.equal(abandoned, 0);
      assert.equal(adopted, left.length);
      assert.deepEqual(new Set(restarted.sim.live), new Set(left));
      await tickRun(restarted, SHORT_TICKS / 2);
      const abandonedNow = await restarted.t.store.db
        .selectFrom("fixtures")
        .select("id")
        .where("status", "=", "abandoned")
        .execute();
      assert.deepEqual(abandonedNow, []);
      // Every match the interrupted run finished — those it resumed, and those it kicked off
      // itself from the same seed — ended as in the uninterrupted day.
      const finished = ofType(restarted.events, "match.finished").map((e) => e.event.fixtureId);
      assert.ok(
        finished.some((id) => left.includes(id as string)),
        "a resumed match finished",
      );
      assert.ok(
        finished.some((id) => !left.includes(id as string)),
        "a match kicked off after the restart finished",
      );
      for (const id of finished) {
        const row = async (r: Run) =>
          await r.t.store.db
            .selectFrom("fixtures")
            .select(["score", "result", "status"])
            .where("id", "=", id as string)
            .executeTakeFirstOrThrow();
        assert.deepEqual(await row(restarted), await row(run), `${id}`);
      }
    } finally {
      await restarted.t.dispose();
    }
  });
});

for (const dialect of DIALECTS.filter((d) => d !== "sqlite")) {
  describe(`the calendar in real time on ${dialect}: a few hours`, {
    skip: unavailable(dialect),
  }, () => {
    let run: Run;
    before(async () => {
      run = await startRun(dialect, "core");
      await tickRun(run, SHORT_TICKS);
    });
    after(async () => {
      await run?.t.dispose();
    });

    test("matches kick off at their time, once; the finished are the fold of their events", async () => {
      assert.equal(run.sim.stats.rejected, 0);
      const kickoffs = await run.t.store.db
        .selectFrom("fixtures")
        .select(["id", "kickoff"])
        .execute();
      const kickoffOf = new Map(kickoffs.map((f) => [f.id, Date.parse(f.kickoff)]));
      const started = ofType(run.events, "match.started");
      assert.ok(started.length >= 10, `${started.length} started`);
      assert.equal(new Set(started.map((e) => e.event.fixtureId)).size, started.length);
      for (const { event, at } of started) {
        const kickoff = kickoffOf.get(event.fixtureId as string) as number;
        const due = Math.max(kickoff, TEST_NOW.getTime());
        assert.ok(at >= kickoff && at < due + STEP_MS, `${event.fixtureId}`);
      }
      const finished = ofType(run.events, "match.finished");
      assert.ok(finished.length >= 5);
      for (const { event } of finished) {
        await checkFinished(run.t, event.sport as Sport, event.fixtureId as string);
      }
      await checkStandings(run);
      assertBusMatchesLog(
        run.events.map((e) => e.event),
        await eventLog(run.t.store),
      );
    });
  });
}
