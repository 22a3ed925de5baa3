/**
 * Golf as the generator and the live simulator's flow play it obeys a tour's rules (issue 18):
 * fields of the size the tour's rules state, the cut after 36 holes to the top 65 and ties, each
 * round's end stamped on its own day when its last group is in, finished tournaments out of any
 * period, outright books of 20–40 % per bookmaker with no arbitrage across books, and golfers'
 * season statistics that are the sums of their tournaments.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { GenContext } from "../../src/sample/context.js";
import { Rng } from "../../src/sample/rng.js";
import { type GolfEntry, generateGolf } from "../../src/sample/sports/golf.js";
import { golfFlow } from "../../src/simulator/flows/golf.js";
import type { RecordOf } from "../../src/store/dataset.js";
import {
  anchorsOver,
  assertOutrightBooks,
  fieldFlowFixture,
  finishedFixtures,
  generatedOnce,
  seeds,
} from "./property-helpers.js";

type Fixture = RecordOf<"fixtures">;

/** Anchors over two years, so that seasons turn over mid-dataset now and then. */
const anchors = anchorsOver(2);
const RUNS = { seed: 42, numRuns: 8 };
const DAY = 86_400_000;

/** The generated golf data of a seed and anchor, made once for the properties that share it. */
const generate = generatedOnce(generateGolf);

interface TourRules {
  field_size: { min: number; max: number };
  cut: { after_round: number; top: number; ties: boolean };
}

const entriesOf = (f: Fixture) => f.participants as GolfEntry[];
const finished = (ctx: GenContext) => finishedFixtures(ctx.dataset);
const rulesOf = (ctx: GenContext, f?: Fixture) =>
  (f === undefined
    ? ctx.dataset.competitions[0]?.rules
    : ctx.dataset.competitions.find((c) => c.id === f.competition_id)?.rules) as TourRules;
const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

describe("golf rules", () => {
  it("fields are the rules' size; the top 65 and ties after 36 holes make the cut", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const ctx = generate(seed, anchor);
        assert.deepEqual(rulesOf(ctx).cut, { after_round: 2, top: 65, ties: true });
        for (const f of ctx.dataset.fixtures) {
          const rules = rulesOf(ctx, f);
          const size = entriesOf(f).length;
          assert.ok(
            size >= rules.field_size.min && size <= rules.field_size.max,
            `${f.id}: ${size}`,
          );
        }
        for (const f of finished(ctx)) {
          const rules = rulesOf(ctx, f);
          const entries = entriesOf(f);
          const playing = entries.filter((e) => e.status !== "withdrawn");
          const halfway = playing.map((e) => sum(e.rounds.slice(0, 2))).sort((a, b) => a - b);
          const line = halfway[rules.cut.top - 1] ?? Number.POSITIVE_INFINITY;
          for (const e of playing) {
            const made = sum(e.rounds.slice(0, 2)) <= line;
            assert.equal(e.status, made ? "active" : "cut", `${f.id}: ${e.name}`);
            assert.equal(e.rounds.length, made ? 4 : 2, `${f.id}: ${e.name}`);
          }
          const made = playing.filter((e) => e.status === "active").length;
          assert.ok(made >= rules.cut.top && made <= 100, `${f.id}: ${made} made the cut`);
          assert.equal(entries.filter((e) => e.position === 1).length, 1, f.id);
        }
      }),
      RUNS,
    );
  });

  it("each round ends on its own day when the last group is in; a finished event has no period", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const ctx = generate(seed, anchor);
        for (const f of finished(ctx)) {
          assert.equal(f.period, null, f.id);
          assert.equal(f.minute, null, f.id);
          const events = ctx.dataset.match_events.filter((e) => e.fixture_id === f.id);
          const ends = events.filter((e) => e.type === "round_end");
          assert.deepEqual(
            ends.map((e) => e.period),
            ["round_1", "round_2", "round_3", "round_4"],
          );
          const first = Date.parse(f.kickoff);
          ends.forEach((e, n) => {
            const at = Date.parse(e.created_at);
            const day = first + n * DAY;
            // After a full round of the last group out, and before dark (7 am first tee time).
            assert.ok(
              at > day + 5 * 3_600_000 && at < day + 14 * 3_600_000,
              `${f.id}: ${e.created_at}`,
            );
            // On the round's own day where the course is: the first tee time is 7 am local.
            const local = 7 * 3_600_000 - (first % DAY);
            const date = (ms: number) => new Date(ms + local).toISOString().slice(0, 10);
            assert.equal(date(at), date(day));
          });
          // Thursday–Friday's crowded field finishes later than the weekend's smaller one.
          const minutes = ends.map((e) => (e.minute ?? 0) % 1440);
          assert.ok((minutes[0] ?? 0) > (minutes[2] ?? 0), `${f.id}: ${minutes}`);
          assert.equal(f.updated_at, events.at(-1)?.created_at, f.id);
        }
      }),
      RUNS,
    );
  });

  it("every bookmaker's outright is a 20–40 % book and the best prices leave no arbitrage", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const { odds } = generate(seed, anchor).dataset;
        assert.ok(odds.length > 0);
        assertOutrightBooks(odds, { min: 1.2, max: 1.4 });
      }),
      RUNS,
    );
  });

  it("golfers' season statistics are the sums of their tournaments", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const ctx = generate(seed, anchor);
        const expected = new Map<string, Record<string, number>>();
        const underPar = new Map<string, number>();
        for (const f of finished(ctx)) {
          for (const e of entriesOf(f)) {
            const key = `${e.player_id}|${f.season_id}`;
            const t = expected.get(key) ?? {};
            expected.set(key, t);
            const add = (stat: string, n: number) => {
              t[stat] = (t[stat] ?? 0) + n;
            };
            add("events", 1);
            add("cuts_made", e.status === "active" ? 1 : 0);
            add("missed_cuts", e.status === "cut" ? 1 : 0);
            add("withdrawals", e.status === "withdrawn" ? 1 : 0);
            add("wins", e.position === 1 ? 1 : 0);
            add("top_10s", e.position !== null && e.position <= 10 ? 1 : 0);
            add("rounds", e.rounds.length);
            add("strokes", sum(e.rounds));
            // Strokes under par need at least that many birdies (an eagle counts twice).
            const par = ((e.total_strokes ?? 0) - (e.score_to_par ?? 0)) / e.rounds.length;
            const under = sum(e.rounds.map((r) => Math.max(0, par - r)));
            underPar.set(key, (underPar.get(key) ?? 0) + under);
          }
        }
        const rows = ctx.dataset.player_season_stats;
        assert.equal(rows.length, new Set(rows.map((r) => `${r.player_id}|${r.season_id}`)).size);
        for (const row of rows) {
          const key = `${row.player_id}|${row.season_id}`;
          const stats = row.stats as Record<string, number | null>;
          const tally = expected.get(key) ?? {};
          for (const stat of ["events", "cuts_made", "missed_cuts", "withdrawals", "wins"])
            assert.equal(stats[stat], tally[stat] ?? 0, `${key} ${stat}`);
          for (const stat of ["top_10s", "rounds", "strokes"])
            assert.equal(stats[stat], tally[stat] ?? 0, `${key} ${stat}`);
          assert.equal(stats.appearances, stats.events, key);
          const rounds = tally.rounds ?? 0;
          const average =
            rounds === 0 ? null : Math.round((100 * (tally.strokes ?? 0)) / rounds) / 100;
          assert.equal(stats.scoring_average, average, key);
          const birdies = stats.birdies ?? 0;
          const eagles = stats.eagles ?? 0;
          assert.ok(birdies + eagles <= 18 * rounds, key);
          assert.ok(birdies + 2 * eagles >= (underPar.get(key) ?? 0), `${key}: too few birdies`);
        }
        for (const key of expected.keys())
          assert.ok(
            rows.some((r) => `${r.player_id}|${r.season_id}` === key),
            `${key}: no row`,
          );
      }),
      RUNS,
    );
  });

  it("the live flow ends each round when its last group is in, on that round's day", () => {
    const ctx = generate(11, new Date("2026-11-21T00:00:00Z"));
    const scheduled = ctx.dataset.fixtures.filter((f) => f.status === "scheduled");
    fc.assert(
      fc.property(fc.nat(), fc.string(), (pick, label) => {
        const f = scheduled[pick % scheduled.length] as Fixture;
        const rules = rulesOf(ctx) as unknown as Record<string, unknown>;
        const flow = golfFlow(new Rng(label), fieldFlowFixture("golf", f, rules));
        for (let round = 1; round <= 4; round++) {
          const period = `round_${round}`;
          const steps = flow.steps.filter((s) => s.period === period);
          const end = steps.find((s) => s.event?.type === "round_end");
          assert.ok(end !== undefined, period);
          const lastShot = Math.max(...steps.filter((s) => s !== end).map((s) => s.minute));
          assert.ok(
            end.minute >= lastShot,
            `${period}: ends at ${end.minute}, a shot at ${lastShot}`,
          );
          assert.equal(Math.floor(end.minute / 1440), round - 1, `${period} ends on its day`);
          const board = end.participants as GolfEntry[];
          const out = board.filter(
            (e) => e.status === "active" || (round <= 2 && e.status === "cut"),
          );
          // Everyone still playing has finished the round when it ends.
          for (const e of out) assert.equal(e.thru, "F", `${period}: ${e.name} thru ${e.thru}`);
        }
      }),
      { seed: 42, numRuns: 3 },
    );
  });
});
