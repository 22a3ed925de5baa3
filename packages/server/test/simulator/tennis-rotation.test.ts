/**
 * The rolling calendar's tennis weeks (issue 18): a tour holds each tournament once a season
 * (the Challenger circuits go round their cities, then hold a city's second event; the main tour
 * never holds a two-week event's second week as another edition), and a new edition's first
 * round is drawn afresh from its entry list with the seeds kept apart — not the template's
 * pairings again — and priced by the draw's pricing step.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { MemoryEventBus } from "../../src/adapters/bus/memory-bus.js";
import { FeedIngestor } from "../../src/live/feed-ingestor.js";
import { Rng } from "../../src/sample/rng.js";
import { WorldCalendar } from "../../src/simulator/calendar.js";
import { type Entrant, seededDraw } from "../../src/simulator/tennis-first-round.js";
import { parseJson } from "../../src/store/json-columns.js";
import { seededWorld } from "../helpers/app.js";
import { TEST_NOW } from "../helpers/clock.js";
import { createTestStore, type TestStore } from "../helpers/stores.js";

const DAY_MS = 86_400_000;
const FIRST_ROUND = "Round of 32";

/** Seeds 1…2^k each in a block of their own of `size / 2^k` lines, for every such k. */
function assertSeedsApart(draw: readonly Entrant[], seeds: number): void {
  const lineOf = new Map(draw.map((e, line) => [e.ranking, line]));
  assert.equal(lineOf.get(1), 0, "seed 1 heads the draw");
  if (seeds >= 2) assert.equal(lineOf.get(2), draw.length - 1, "seed 2 is at the bottom");
  for (let blocks = 2; blocks <= seeds; blocks *= 2) {
    const block = draw.length / blocks;
    const used = new Set<number>();
    for (let seed = 1; seed <= blocks; seed++) {
      const b = Math.floor((lineOf.get(seed) ?? -1) / block);
      assert.ok(!used.has(b), `seeds 1–${blocks} are in different blocks of ${block}`);
      used.add(b);
    }
  }
}

describe("tennis first-round draw", () => {
  it("places every entrant once, seeds apart, no two seeds meeting in the first round", () => {
    const draws = fc.record({
      size: fc.constantFrom(4, 8, 16, 32, 64),
      lot: fc.string(),
      offset: fc.integer({ min: 0, max: 300 }),
    });
    fc.assert(
      fc.property(draws, ({ size, lot, offset }) => {
        // Rankings `offset + 1…`: the seeds are the best ranked of the field, whatever they are.
        const entrants = Array.from({ length: size }, (_, i) => ({
          teamId: `t${(i * 7) % size}`,
          ranking: offset + 1 + ((i * 5) % size),
        }));
        const draw = seededDraw(entrants, new Rng(lot)).map((e) => ({
          ...e,
          ranking: (e.ranking ?? 0) - offset,
        }));
        assert.deepEqual(draw.map((e) => e.teamId).sort(), entrants.map((e) => e.teamId).sort());
        const seeds = size / 4;
        assertSeedsApart(draw, seeds);
        for (let m = 0; m < size / 2; m++) {
          const pair = [draw[2 * m]?.ranking ?? 0, draw[2 * m + 1]?.ranking ?? 0];
          assert.ok(Math.min(...pair) > seeds || Math.max(...pair) > seeds, "seed v seed");
        }
      }),
      { seed: 18, numRuns: 200 },
    );
  });

  it("draws differently for different editions", () => {
    const entrants = Array.from({ length: 32 }, (_, i) => ({ teamId: `t${i}`, ranking: i + 1 }));
    const a = seededDraw(entrants, new Rng("edition-a")).map((e) => e.teamId);
    const b = seededDraw(entrants, new Rng("edition-b")).map((e) => e.teamId);
    assert.notDeepEqual(a, b);
    assert.deepEqual(
      seededDraw(entrants, new Rng("edition-a")).map((e) => e.teamId),
      a,
    );
  });
});

interface Match {
  id: string;
  competition: string;
  name: string;
  circuit: string;
  kickoff: number;
  home: string;
  away: string;
}

/** Each edition's first-round matches (a competition's first round within four days). */
function editionsOf(matches: readonly Match[]): Match[][] {
  const editions: Match[][] = [];
  const sorted = [...matches].sort(
    (a, b) => a.competition.localeCompare(b.competition) || a.kickoff - b.kickoff,
  );
  for (const match of sorted) {
    const current = editions.at(-1);
    const head = current?.[0];
    if (head?.competition === match.competition && match.kickoff - head.kickoff < 4 * DAY_MS) {
      current?.push(match);
    } else editions.push([match]);
  }
  return editions;
}

describe("tennis weeks of the rolling calendar", () => {
  let t: TestStore;
  let matches: Match[];
  let unpriced: string[];
  const rankings = new Map<string, number>();

  before(async () => {
    t = await createTestStore("sqlite", seededWorld("full"));
    const bus = new MemoryEventBus();
    const clock = () => new Date(TEST_NOW);
    const ingestor = new FeedIngestor({ store: t.store, bus, clock });
    const calendar = new WorldCalendar({
      store: t.store,
      ingestor,
      sports: ["tennis"],
      horizonMs: 30 * 7 * DAY_MS,
      timeScale: 1,
    });
    // Three editions per circuit a check: enough checks to fill thirty weeks.
    for (let i = 0; i < 14; i++) await calendar.extend(new Date(TEST_NOW));
    const rows = await t.store.db
      .selectFrom("fixtures as f")
      .innerJoin("competitions as c", "c.id", "f.competition_id")
      .select(["f.id", "f.competition_id", "c.name", "c.rules", "f.kickoff", "f.home_team_id"])
      .select(["f.away_team_id", "f.status"])
      .where("f.sport", "=", "tennis")
      .where("f.round", "=", FIRST_ROUND)
      .execute();
    matches = rows.map((r) => ({
      id: r.id,
      competition: r.competition_id,
      name: r.name,
      circuit: String(parseJson<Record<string, unknown>>(r.rules)?.circuit ?? "tour"),
      kickoff: Date.parse(r.kickoff),
      home: r.home_team_id ?? "",
      away: r.away_team_id ?? "",
    }));
    const soon = new Date(TEST_NOW.getTime() + 14 * DAY_MS).toISOString();
    const open = await t.store.db
      .selectFrom("fixtures as f")
      .select("f.id")
      .where("f.sport", "=", "tennis")
      .where("f.status", "=", "scheduled")
      .where("f.kickoff", "<=", soon)
      .where("f.home_team_id", "is not", null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("odds as o").select("o.fixture_id").whereRef("o.fixture_id", "=", "f.id"),
          ),
        ),
      )
      .execute();
    unpriced = open.map((r) => r.id);
    const players = await t.store.db
      .selectFrom("players")
      .select(["team_id", "detail"])
      .where("sport", "=", "tennis")
      .execute();
    for (const p of players) {
      const ranking = parseJson<{ ranking?: number }>(p.detail)?.ranking;
      if (p.team_id !== null && ranking !== undefined) rankings.set(p.team_id, ranking);
    }
  });
  after(async () => await t?.dispose());

  it("fills thirty weeks on every circuit", () => {
    const editions = editionsOf(matches);
    const circuits = new Set(editions.map((e) => e[0]?.circuit));
    assert.equal(circuits.size, 9);
    for (const circuit of circuits) {
      const count = editions.filter((e) => e[0]?.circuit === circuit).length;
      assert.ok(count >= 28, `${circuit}: ${count} editions`);
    }
  });

  it("holds no tournament twice in a season (a calendar year)", () => {
    const seen = new Map<string, number>();
    for (const edition of editionsOf(matches)) {
      const head = edition[0] as Match;
      const key = `${head.name} ${new Date(head.kickoff).getUTCFullYear()}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const twice = [...seen].filter(([, n]) => n > 1).map(([key]) => key);
    assert.deepEqual(twice, []);
  });

  it("draws each edition's first round afresh, seeds 1 and 2 in different halves", () => {
    // The calendar's editions (the generator's end within two weeks of the start).
    const copied = TEST_NOW.getTime() + 15 * DAY_MS;
    const editions = editionsOf(matches).filter(
      (e) => e.length === 16 && (e[0]?.kickoff ?? 0) > copied,
    );
    for (const circuit of new Set(editions.map((e) => e[0]?.circuit))) {
      const ofCircuit = editions.filter((e) => e[0]?.circuit === circuit);
      const pairings = ofCircuit.map((e) =>
        e
          .map((m) => [m.home, m.away].sort().join("|"))
          .sort()
          .join(","),
      );
      // A Challenger circuit's 32 players enter every week: only a fresh draw changes pairings.
      assert.ok(new Set(pairings).size > ofCircuit.length / 2, `${circuit}: pairings repeat`);
    }
    for (const edition of editions) {
      const lines = [...edition]
        .sort((a, b) => a.kickoff - b.kickoff || a.id.localeCompare(b.id))
        .flatMap((m) => [m.home, m.away]);
      const byRank = [...lines].sort((a, b) => (rankings.get(a) ?? 1e9) - (rankings.get(b) ?? 1e9));
      const half = (id: string | undefined) => Math.floor(lines.indexOf(id ?? "") / 16);
      assert.notEqual(half(byRank[0]), half(byRank[1]), `${edition[0]?.name}: top two apart`);
    }
  });

  it("prices every drawn match in the odds horizon", () => {
    assert.deepEqual(unpriced, []);
  });
});
