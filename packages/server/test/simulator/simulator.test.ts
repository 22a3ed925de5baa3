/**
 * The live simulator driven by a test clock over the sample dataset: it keeps matches live in
 * every sport through the feed ingestor, finishes them with scores that are the sport's fold of
 * the events it sent, moves the odds with the score, is deterministic for a seed, and abandons
 * the matches a previous run left live (and only those).
 *
 * The full run is on SQLite: golf's four rounds need about 5,000 simulated minutes, which is
 * ~15 s on SQLite but over a minute on PostgreSQL (each tick is a few dozen transactions). On
 * PostgreSQL a short run checks the same invariants for the matches it finishes.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import type { DomainEvent } from "../../src/events/domain-event.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { Simulator } from "../../src/simulator/simulator.js";
import { SPORT_MODULES } from "../../src/sports/registry.js";
import {
  type Score,
  type ScoreEvent,
  type Side,
  SPORTS,
  type Sport,
} from "../../src/sports/types.js";
import { parseJson } from "../../src/store/json-columns.js";
import { createTestApp, type TestApp } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { leagueMessages, statusMsg } from "../helpers/feed-messages.js";
import { DIALECTS, type TestDialect, unavailable } from "../helpers/stores.js";
import { assertBusMatchesLog, eventLog } from "../live/feed-helpers.js";

const SEED = 42;
/** Match seconds per real second: a football match takes ~10 s, golf's tournament ~8 min. */
const SPEED = 600;
/** Real time between ticks: 30 simulated minutes. */
const STEP_MS = 3_000;
/** Enough for golf (~166 ticks) to finish; most other sports play through their whole schedule. */
const FULL_TICKS = 170;
/** The PostgreSQL run: long enough to finish matches in the quick sports. */
const SHORT_TICKS = 14;
/** Ticks replayed on a second store for the determinism check. */
const REPLAY_TICKS = 20;
/** Every third tick's live lists are read through the API (ten requests a sample). */
const SAMPLE_EVERY = 3;
/** The first ticks, in which every sample is asserted to have live matches in ≥ 5 sports. */
const LIVE_WINDOW = 60;
const HEAD_TO_HEAD = SPORTS.filter((s) => SPORT_MODULES[s].format === "head_to_head");

interface Sample {
  tick: number;
  live: Map<Sport, string[]>;
  simulator: string[];
}

/** The sports with at least one live match in a sample. */
const liveSports = (sample: Sample) =>
  [...sample.live].filter(([, ids]) => ids.length > 0).map(([sport]) => sport);

interface Run {
  t: TestApp;
  bus: MemoryEventBus;
  ingestor: FeedIngestor;
  sim: Simulator;
  /** Every event the bus carried, in order. */
  events: DomainEvent[];
  /** `events.length` after each tick. */
  marks: number[];
  /** Sampled ticks: what `/v1/{sport}/matches/live` listed, by sport, and `sim.live`. */
  samples: Sample[];
  now: Date;
}

async function startRun(dialect: TestDialect): Promise<Run> {
  const bus = new MemoryEventBus();
  const events: DomainEvent[] = [];
  bus.subscribe((event) => events.push(event));
  const run = { bus, events, marks: [], samples: [], now: new Date(TEST_NOW) } as Omit<
    Run,
    "t" | "ingestor" | "sim"
  > as Run;
  const clock = () => new Date(run.now);
  run.t = await createTestApp(dialect, { seed: true, clock, bus });
  run.ingestor = new FeedIngestor({ store: run.t.store, bus, clock });
  run.sim = new Simulator({ store: run.t.store, ingestor: run.ingestor, speed: SPEED, seed: SEED });
  return run;
}

async function get(t: TestApp, url: string) {
  const response = await t.app.inject({ method: "GET", url });
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return response.json();
}

async function liveBySport(t: TestApp): Promise<Map<Sport, string[]>> {
  const out = new Map<Sport, string[]>();
  for (const sport of SPORTS) {
    const body = await get(t, `/v1/${sport}/matches/live`);
    out.set(
      sport,
      body.data.map((m: { fixture_id: string }) => m.fixture_id),
    );
  }
  return out;
}

/**
 * Ticks `count` times, `STEP_MS` apart. Every `sampleEvery` ticks (an odd number, so both the
 * ticks that kick off and the ticks that finish are seen) the live endpoints are read.
 */
async function tickRun(run: Run, count: number, sampleEvery?: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await run.sim.tick(run.now);
    run.marks.push(run.events.length);
    if (sampleEvery !== undefined && i % sampleEvery === 0) {
      run.samples.push({ tick: i, live: await liveBySport(run.t), simulator: [...run.sim.live] });
    }
    run.now = new Date(run.now.getTime() + STEP_MS);
  }
}

const ofType = (events: readonly DomainEvent[], type: string) =>
  events.filter((e) => e.type === type);

const finishedIds = (events: readonly DomainEvent[]) =>
  ofType(events, "match.finished").map((e) => ({ sport: e.sport, id: e.fixtureId as string }));

/** The sport module's fold of a fixture's active events as `/fixtures/{id}/events` lists them. */
async function checkFinished(t: TestApp, sport: Sport, id: string) {
  const module = SPORT_MODULES[sport];
  const fixture = (await get(t, `/v1/${sport}/fixtures/${id}`)).data;
  assert.equal(fixture.status, "finished", `${sport} ${id}`);
  const events = (await get(t, `/v1/${sport}/fixtures/${id}/events`)).data as Array<{
    type: string;
    period: string | null;
    minute: number | null;
    team_id: string | null;
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
  if (score === null) {
    assert.equal(fixture.result.outcome, null);
    assert.equal(typeof fixture.result.text, "string", `${sport} ${id}: field result text`);
  } else {
    assert.equal(fixture.result.outcome, module.outcome(score), `${sport} ${id}: outcome`);
  }
  assert.equal(typeof fixture.result.decided_by, "string");
  assert.ok(module.decidedBy.includes(fixture.result.decided_by), fixture.result.decided_by);
  return fixture as { score: Score | null; result: Record<string, unknown> };
}

/** Every id of `/v1/{sport}/results` on the simulated day (all pages). */
async function resultIds(t: TestApp, sport: Sport): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const day = TEST_NOW.toISOString().slice(0, 10);
  for (let page = 1; ; page++) {
    const body = await get(t, `/v1/${sport}/results?date=${day}&per_page=100&page=${page}`);
    for (const item of body.data) out.set(item.fixture_id, item);
    if (page >= body.pagination.total_pages) return out;
  }
}

/** The football league tables (league slug and season) with fixtures still to play. */
async function leagueTables(t: TestApp): Promise<string[]> {
  const rows = await t.store.db
    .selectFrom("fixtures as f")
    .innerJoin("competitions as c", "c.id", "f.competition_id")
    .innerJoin("seasons as s", "s.id", "f.season_id")
    .select(["c.slug", "s.name as season"])
    .distinct()
    .where("f.sport", "=", "football")
    .where("c.type", "=", "league")
    .where("f.status", "=", "scheduled")
    .execute();
  return rows.map((r) => `${r.slug}|${r.season}`).sort();
}

/** `played` summed over each league table: two per finished league fixture. */
async function playedTotals(t: TestApp, tables: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const key of tables) {
    const [slug, season] = key.split("|");
    const body = await get(t, `/v1/football/standings?league=${slug}&season=${season}`);
    const played = body.data.reduce((sum: number, row: { played: number }) => sum + row.played, 0);
    out.set(key, played);
  }
  return out;
}

/**
 * Stops `run`'s simulator mid-match (drops it), puts a fixture live through the feed with
 * producer ids of its own, and checks that a new simulator abandons exactly the dropped one's.
 */
async function checkAbandonStale(run: Run) {
  const { store } = run.t;
  const left = [...run.sim.live];
  assert.ok(left.length >= 3, `${left.length} matches left live`);
  // A match live from another producer: not the simulator's to abandon.
  const feedFixture = "fx-feed-live-1";
  const fed = await run.ingestor.ingestMessages([
    ...leagueMessages("football", feedFixture),
    statusMsg("football", feedFixture, "live"),
  ]);
  assert.equal(fed.applied, fed.received, JSON.stringify(fed.results));
  const abandonedBefore = await store.db
    .selectFrom("fixtures")
    .select("id")
    .where("status", "=", "abandoned")
    .execute();

  const mark = run.events.length;
  const restarted = new Simulator({ store, ingestor: run.ingestor, speed: SPEED, seed: SEED });
  assert.equal(await restarted.abandonStale(), left.length);

  const rows = await store.db
    .selectFrom("fixtures")
    .select(["id", "status"])
    .where("status", "in", ["live", "abandoned"])
    .execute();
  const was = new Set(abandonedBefore.map((r) => r.id));
  assert.deepEqual(
    new Set(rows.filter((r) => r.status === "abandoned" && !was.has(r.id)).map((r) => r.id)),
    new Set(left),
  );
  assert.deepEqual(
    rows.filter((r) => r.status === "live").map((r) => r.id),
    [feedFixture],
  );
  const updates = run.events
    .slice(mark)
    .filter((e) => e.type === "fixture.updated" && e.payload.status === "abandoned");
  assert.deepEqual(new Set(updates.map((e) => e.fixtureId)), new Set(left));
  for (const e of updates) assert.equal(e.payload.reason, "the simulator restarted mid-match");
  // Nothing else left to abandon.
  assert.equal(await restarted.abandonStale(), 0);
}

/** Every fixture the run finished: the fold of its events, its outcome, listed in /results. */
async function checkAllFinished(run: Run, sports: readonly Sport[]) {
  const bySport = new Map<Sport, string[]>();
  for (const { sport, id } of finishedIds(run.events)) {
    bySport.set(sport, [...(bySport.get(sport) ?? []), id]);
  }
  for (const sport of sports) {
    const ids = bySport.get(sport) ?? [];
    assert.ok(ids.length > 0, `${sport}: nothing finished`);
    const results = await resultIds(run.t, sport);
    for (const id of ids) {
      const fixture = await checkFinished(run.t, sport, id);
      const listed = results.get(id);
      assert.ok(listed, `${sport} ${id} is not in /results`);
      assert.deepEqual(listed.result, fixture.result);
      assert.deepEqual(
        listed.final_score,
        fixture.score === null ? null : { home: fixture.score.home, away: fixture.score.away },
      );
    }
  }
}

/** Sequences go up by exactly one per fixture, whatever the fixture had before the run. */
function assertSequences(events: readonly DomainEvent[]) {
  const last = new Map<string, number>();
  for (const event of events) {
    const fixture = event.fixtureId ?? "";
    const previous = last.get(fixture);
    if (previous !== undefined) {
      assert.equal(event.sequence, previous + 1, `sequence of ${event.type} for ${fixture}`);
    }
    last.set(fixture, event.sequence);
  }
}

describe("simulator on sqlite: a long run over the sample dataset", () => {
  let run: Run;
  let replay: Run | undefined;
  let tables: string[];
  let playedBefore: Map<string, number>;
  before(async () => {
    run = await startRun("sqlite");
    tables = await leagueTables(run.t);
    playedBefore = await playedTotals(run.t, tables);
    await tickRun(run, FULL_TICKS, SAMPLE_EVERY);
  });
  after(async () => {
    await run?.t.dispose();
    await replay?.t.dispose();
  });

  test("starts and finishes matches in all ten sports, with nothing rejected", () => {
    const { stats } = run.sim;
    assert.equal(stats.rejected, 0);
    const started = ofType(run.events, "match.started");
    const finished = ofType(run.events, "match.finished");
    assert.equal(stats.started, started.length);
    assert.equal(stats.finished, finished.length);
    for (const sport of SPORTS) {
      const s = started.filter((e) => e.sport === sport).length;
      const f = finished.filter((e) => e.sport === sport).length;
      assert.ok(s >= 1 && f >= 1, `${sport}: ${s} started, ${f} finished`);
      assert.ok(f <= s, `${sport}: finished only what it started`);
    }
    // Each fixture starts and finishes at most once; every finished one had started in this run.
    const startedIds = new Set(started.map((e) => e.fixtureId));
    assert.equal(startedIds.size, started.length);
    const finishedSet = new Set(finished.map((e) => e.fixtureId));
    assert.equal(finishedSet.size, finished.length);
    for (const id of finishedSet) assert.ok(startedIds.has(id), `${id} finished without starting`);
    // What is still running is exactly what started and did not finish.
    assert.deepEqual(
      new Set(run.sim.live),
      new Set([...startedIds].filter((id) => !finishedSet.has(id))),
    );
  });

  test("the bus carried exactly the durable log, with per-fixture sequences", async () => {
    assertBusMatchesLog(run.events, await eventLog(run.t.store));
    assertSequences(run.events);
  });

  test("there are always live matches: ≥ 5 sports live at every sample, as the simulator says", () => {
    assert.equal(run.samples.length, Math.ceil(FULL_TICKS / SAMPLE_EVERY));
    for (const sample of run.samples) {
      const listed = [...sample.live.values()].flat();
      // The API's live lists are exactly the simulator's running matches (nothing else is live).
      assert.deepEqual(new Set(listed), new Set(sample.simulator), `tick ${sample.tick}`);
      assert.equal(listed.length, new Set(listed).size, `tick ${sample.tick}: listed twice`);
      for (const [sport, ids] of sample.live) {
        assert.ok(ids.length <= 2, `tick ${sample.tick}: ${ids.length} live in ${sport}`);
      }
      if (sample.tick >= LIVE_WINDOW) continue;
      const sports = liveSports(sample);
      assert.ok(sports.length >= 5, `tick ${sample.tick}: live only in ${sports.join(", ")}`);
    }
    // The first tick kicks off two matches in every sport.
    const first = run.samples[0];
    assert.equal(first?.tick, 0);
    for (const sport of SPORTS) assert.equal(first.live.get(sport)?.length, 2, sport);
  });

  test("there are always live matches for the whole run (rematches once schedules run out)", () => {
    for (const sample of run.samples) {
      const sports = liveSports(sample);
      assert.ok(sports.length >= 5, `tick ${sample.tick}: live only in ${sports.join(", ")}`);
    }
  });

  test("every finished fixture: score = fold of its events, outcome, listed in results", async () => {
    await checkAllFinished(run, SPORTS);
  });

  test("the bus's match.finished agrees with the store (final score text and result)", async () => {
    for (const event of ofType(run.events, "match.finished")) {
      const row = await run.t.store.db
        .selectFrom("fixtures")
        .select(["score", "result"])
        .where("id", "=", event.fixtureId as string)
        .executeTakeFirstOrThrow();
      const module = SPORT_MODULES[event.sport];
      assert.deepEqual(event.payload.result, parseJson(row.result));
      if (module.format === "head_to_head") {
        assert.equal(event.payload.final_score, module.scoreText(parseJson<Score>(row.score)));
      }
    }
  });

  test("football league tables: played grew by exactly 2 per finished league fixture", async () => {
    assert.ok(tables.length > 0);
    const after = await playedTotals(run.t, tables);
    const expected = new Map<string, number>();
    let league = 0;
    for (const { sport, id } of finishedIds(run.events)) {
      if (sport !== "football") continue;
      const f = (await get(run.t, `/v1/football/fixtures/${id}`)).data;
      const key = `${f.competition_slug}|${f.season}`;
      if (!playedBefore.has(key)) continue; // a cup: no table
      league++;
      expected.set(key, (expected.get(key) ?? 0) + 2);
    }
    assert.ok(league > 0, "some finished football fixtures are league fixtures");
    for (const [key, before] of playedBefore) {
      assert.equal(after.get(key), before + (expected.get(key) ?? 0), key);
    }
  });

  test("odds move with the score: odds.changed and odds.moved in every sport with prices", async () => {
    const played = [...new Set(ofType(run.events, "match.started").map((e) => e.fixtureId))];
    const priced = await run.t.store.db
      .selectFrom("odds")
      .select("sport")
      .distinct()
      .where("fixture_id", "in", played as string[])
      .where("market", "in", ["1x2", "moneyline"])
      .execute();
    const sports = priced.map((r) => r.sport as Sport);
    assert.ok(sports.length >= 6, `prices in ${sports.join(", ")}`);
    for (const sport of sports) {
      assert.ok(HEAD_TO_HEAD.includes(sport), `${sport} has match-winner prices`);
      const changed = run.events.filter((e) => e.type === "odds.changed" && e.sport === sport);
      const moved = run.events.filter((e) => e.type === "odds.moved" && e.sport === sport);
      assert.ok(changed.length > 0, `${sport}: no odds.changed`);
      assert.ok(moved.length > 0, `${sport}: no odds.moved`);
      for (const e of changed) assert.equal(e.payload.is_live, true);
      for (const e of moved) {
        assert.ok(Math.abs(e.payload.change as number) >= 0.05, `${sport}: ${e.payload.change}`);
      }
    }
    for (const sport of ["golf", "horse-racing"] as const) {
      assert.equal(
        run.events.filter((e) => e.sport === sport && e.type.startsWith("odds.")).length,
        0,
      );
    }
  });

  test("football: a goal that breaks a level score shortens the scorer's price", () => {
    const priceOf = (e: DomainEvent, selection: string) =>
      (e.payload.prices as Array<{ selection: string; price: number }>).find(
        (p) => p.selection === selection,
      )?.price;
    const byFixture = new Map<string, DomainEvent[]>();
    for (const e of run.events) {
      if (e.sport !== "football" || e.fixtureId === null) continue;
      byFixture.set(e.fixtureId, [...(byFixture.get(e.fixtureId) ?? []), e]);
    }
    const cases = { home: 0, away: 0 };
    const failures: string[] = [];
    for (const [fixture, events] of byFixture) {
      // Per bookmaker: the last quote and where it was.
      const last = new Map<string, { event: DomainEvent; index: number }>();
      for (const [i, e] of events.entries()) {
        if (e.type !== "odds.changed") continue;
        const bookmaker = e.payload.bookmaker as string;
        const previous = last.get(bookmaker);
        last.set(bookmaker, { event: e, index: i });
        if (previous === undefined) continue;
        // Exactly one goal between this book's two quotes, from level: the move is that goal's
        // (the time between quotes, a level score running down, works the other way).
        const goals = events.slice(previous.index + 1, i).filter((g) => g.type === "match.goal");
        const goal = goals.length === 1 ? goals[0] : undefined;
        const side = goal?.payload.side;
        const score = goal?.payload.score as { home: number; away: number } | undefined;
        if ((side !== "home" && side !== "away") || score === undefined) continue;
        const other = side === "home" ? "away" : "home";
        if (score[side] !== score[other] + 1) continue;
        const before = priceOf(previous.event, side);
        const now = priceOf(e, side);
        if (before === undefined || now === undefined) continue;
        cases[side]++;
        if (!(now < before)) failures.push(`${fixture} ${bookmaker} ${side}: ${before} → ${now}`);
      }
    }
    assert.ok(cases.home >= 10 && cases.away >= 10, JSON.stringify(cases));
    assert.deepEqual(failures, []);
  });

  test("deterministic: the same seed and ticks on a fresh store give the same events and scores", async () => {
    replay = await startRun("sqlite");
    await tickRun(replay, REPLAY_TICKS);
    const count = run.marks[REPLAY_TICKS - 1] ?? -1;
    assert.equal(replay.events.length, count);
    const shape = (e: DomainEvent) => {
      const { event_id: _id, ...payload } = e.payload;
      return { type: e.type, fixture: e.fixtureId, sequence: e.sequence, payload };
    };
    assert.deepEqual(replay.events.map(shape), run.events.slice(0, count).map(shape));
    const finished = finishedIds(replay.events);
    assert.ok(finished.length >= 20);
    for (const { id } of finished) {
      const score = async (r: Run) =>
        await r.t.store.db
          .selectFrom("fixtures")
          .select(["score", "result"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
      assert.deepEqual(await score(replay), await score(run));
    }
    assert.equal(replay.sim.stats.rejected, 0);
    assert.equal(replay.sim.stats.finished, finished.length);
  });

  test("abandonStale: a restarted simulator abandons exactly the matches left live", async () => {
    await checkAbandonStale(run);
  });

  test("a sport that has played all its scheduled fixtures plays a rematch", async () => {
    const { store } = run.t;
    const scheduled = await store.db
      .selectFrom("fixtures")
      .select("id")
      .where("sport", "=", "combat-sports")
      .where("status", "=", "scheduled")
      .execute();
    assert.equal(scheduled.length, 0, "combat sports played their whole schedule");
    const sim = new Simulator({
      store,
      ingestor: run.ingestor,
      speed: SPEED,
      seed: SEED,
      sports: ["combat-sports"],
    });
    const mark = run.events.length;
    await sim.tick(run.now);
    assert.equal(sim.stats.started, 2);
    assert.equal(ofType(run.events.slice(mark), "match.started").length, 2);
  });
});

for (const dialect of DIALECTS.filter((d) => d !== "sqlite")) {
  describe(`simulator on ${dialect}: a short run`, { skip: unavailable(dialect) }, () => {
    let run: Run;
    before(async () => {
      run = await startRun(dialect);
      await tickRun(run, SHORT_TICKS, 1);
    });
    after(async () => {
      await run?.t.dispose();
    });

    test("matches start in every sport and finish in several, nothing rejected", () => {
      assert.equal(run.sim.stats.rejected, 0);
      const started = new Set(ofType(run.events, "match.started").map((e) => e.sport));
      assert.deepEqual(started, new Set(SPORTS));
      const finished = new Set(ofType(run.events, "match.finished").map((e) => e.sport));
      assert.ok(finished.size >= 8, [...finished].join(", "));
      assertSequences(run.events);
      for (const sample of run.samples) {
        const listed = [...sample.live.values()].flat();
        assert.deepEqual(new Set(listed), new Set(sample.simulator), `tick ${sample.tick}`);
        const sports = liveSports(sample);
        assert.ok(sports.length >= 5, `tick ${sample.tick}: live only in ${sports.join(", ")}`);
      }
    });

    test("every finished fixture: score = fold of its events, outcome, listed in results", async () => {
      const sports = SPORTS.filter((sport) =>
        run.events.some((e) => e.type === "match.finished" && e.sport === sport),
      );
      await checkAllFinished(run, sports);
    });

    test("abandonStale: a restarted simulator abandons exactly the matches left live", async () => {
      await checkAbandonStale(run);
    });
  });
}
