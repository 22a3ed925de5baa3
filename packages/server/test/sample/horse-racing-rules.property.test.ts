/**
 * Horse racing as the generator and the live simulator's flow run it obeys racing's rules (issue
 * 18): starting prices and each bookmaker's win prices make a 15–30 % book with no arbitrage
 * across books, one favourite (or joint favourites, labelled), runners of the ages the race's
 * conditions allow, margins that add up to the beaten distances and spread a field out as real
 * results do, finished races out of any period, and jockeys' season statistics that are the sums
 * of their rides.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import type { GenContext } from "../../src/sample/context.js";
import { Rng } from "../../src/sample/rng.js";
import { generateHorseRacing } from "../../src/sample/sports/horse-racing.js";
import type { Runner } from "../../src/sample/sports/race-card.js";
import { ageAllowed, bandOfTitle } from "../../src/sample/sports/race-conditions.js";
import { marginLengths } from "../../src/sample/sports/race-margins.js";
import { horseRacingFlow } from "../../src/simulator/flows/horse-racing.js";
import type { RecordOf } from "../../src/store/dataset.js";
import {
  anchorsOver,
  assertOutrightBooks,
  book,
  fieldFlowFixture,
  finishedFixtures,
  generatedOnce,
  seeds,
} from "./property-helpers.js";

type Fixture = RecordOf<"fixtures">;

/** Anchors over two years, so that seasons turn over mid-dataset now and then. */
const anchors = anchorsOver(2);
const RUNS = { seed: 42, numRuns: 6 };

/** The generated racing data of a seed and anchor, made once for the properties that share it. */
const generate = generatedOnce(generateHorseRacing);

const runnersOf = (f: Fixture) => f.participants as Runner[];
const ran = (f: Fixture) => runnersOf(f).filter((x) => x.status === "ran");
const finished = (ctx: GenContext) => finishedFixtures(ctx.dataset);
const MARGINS = /^(nse|sht-hd|hd|nk|\d+|\d+ (1\/4|1\/2|3\/4)|1\/4|1\/2|3\/4)$/;

/** Exactly one "F", or every runner on the shortest price labelled "JF" (two) or "CF" (more). */
function assertFavourite(runners: readonly Runner[], where: string): void {
  const shortest = Math.min(...runners.map((x) => x.sp ?? Number.POSITIVE_INFINITY));
  const favourites = runners.filter((x) => x.favourite !== null);
  assert.deepEqual(
    favourites.map((x) => x.runner_id),
    runners.filter((x) => x.sp === shortest).map((x) => x.runner_id),
    `${where}: the favourites are the runners on the shortest price`,
  );
  const label = favourites.length === 1 ? "F" : favourites.length === 2 ? "JF" : "CF";
  for (const x of favourites) assert.equal(x.favourite, label, where);
}

/** Margins to the horse in front add up to the beaten distances, winner first at 0. */
function assertMargins(order: readonly Runner[], where: string): void {
  assert.deepEqual(
    order.map((x) => x.position),
    order.map((_, i) => i + 1),
    where,
  );
  assert.equal(order[0]?.margin, null, where);
  assert.equal(order[0]?.beaten_lengths, 0, where);
  for (let i = 1; i < order.length; i++) {
    const [ahead, runner] = [order[i - 1] as Runner, order[i] as Runner];
    assert.match(runner.margin ?? "", MARGINS, `${where}: margin ${runner.margin}`);
    const expected = (ahead.beaten_lengths ?? 0) + marginLengths(runner.margin ?? "");
    assert.ok(
      Math.abs((runner.beaten_lengths ?? 0) - expected) < 0.011,
      `${where}: ${runner.beaten_lengths} behind, expected ${expected}`,
    );
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

describe("horse racing rules", () => {
  it("starting prices make a 15–30 % book with one favourite, or joint favourites labelled", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        for (const race of finished(generate(seed, anchor))) {
          const runners = ran(race);
          const overround = book(runners.map((x) => x.sp ?? Number.NaN));
          assert.ok(overround >= 1.15 && overround <= 1.3, `${race.id}: SP book ${overround}`);
          assertFavourite(runners, race.id);
          for (const x of runnersOf(race).filter((r) => r.status !== "ran"))
            assert.equal(x.favourite, null);
        }
      }),
      RUNS,
    );
  });

  it("every bookmaker's win market is a 15–30 % book and the best prices leave no arbitrage", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const { odds } = generate(seed, anchor).dataset;
        assert.ok(odds.length > 0);
        for (const o of odds) assert.equal(o.market, "outright");
        assertOutrightBooks(odds, { min: 1.15, max: 1.3 });
      }),
      RUNS,
    );
  });

  it("runners are of the ages the race's conditions allow; nurseries are for two-year-olds", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        for (const race of generate(seed, anchor).dataset.fixtures) {
          const title = race.round ?? "";
          const band = bandOfTitle(title);
          assert.ok(band !== null, `${title}: no age band`);
          if (/Nursery/.test(title)) assert.equal(band, "2yo", title);
          if (/Handicap/.test(title) && !/Nursery/.test(title)) assert.notEqual(band, "2yo", title);
          for (const x of runnersOf(race))
            assert.ok(ageAllowed(band, x.age), `${title}: a ${x.age}-year-old`);
        }
      }),
      RUNS,
    );
  });

  it("margins add up to the beaten distances and spread fields as real results do", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const races = finished(generate(seed, anchor));
        const lastBeaten: number[] = [];
        let close = 0;
        for (const race of races) {
          const order = ran(race).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
          assertMargins(order, race.id);
          const winning = order[1]?.margin ?? "";
          const photo = (race.result as { decided_by: string }).decided_by === "photo_finish";
          assert.equal(photo, winning === "nse" || winning === "sht-hd", race.id);
          if (["nse", "sht-hd", "hd", "nk"].includes(winning)) close++;
          if (order.length >= 10) lastBeaten.push(order.at(-1)?.beaten_lengths ?? 0);
        }
        // A big field is typically strung out over 20–40 lengths; photo-close finishes are common.
        const spread = median(lastBeaten);
        assert.ok(spread >= 15 && spread <= 50, `median last-placed beaten ${spread} lengths`);
        const share = close / races.length;
        assert.ok(share >= 0.05 && share <= 0.35, `winning margins of a neck or less: ${share}`);
      }),
      RUNS,
    );
  });

  it("a finished race is in no period and its result names the winner", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        for (const race of finished(generate(seed, anchor))) {
          assert.equal(race.period, null, race.id);
          assert.equal(race.minute, null, race.id);
          const winner = ran(race).find((x) => x.position === 1);
          const result = race.result as { winner_runner_id: string };
          assert.equal(result.winner_runner_id, winner?.runner_id);
        }
      }),
      RUNS,
    );
  });

  it("jockeys' season statistics are the sums of their rides", () => {
    fc.assert(
      fc.property(seeds, anchors, (seed, anchor) => {
        const { dataset } = generate(seed, anchor);
        const expected = new Map<string, Record<string, number>>();
        for (const race of finished(generate(seed, anchor))) {
          for (const x of ran(race)) {
            const key = `${x.jockey_id}|${race.competition_id}|${race.season_id}`;
            const tally = expected.get(key) ?? { rides: 0, wins: 0, seconds: 0, thirds: 0 };
            expected.set(key, tally);
            tally.rides = (tally.rides ?? 0) + 1;
            if (x.position === 1) tally.wins = (tally.wins ?? 0) + 1;
            if (x.position === 2) tally.seconds = (tally.seconds ?? 0) + 1;
            if (x.position === 3) tally.thirds = (tally.thirds ?? 0) + 1;
          }
        }
        const rows = new Map(
          dataset.player_season_stats.map((r) => [
            `${r.player_id}|${r.competition_id}|${r.season_id}`,
            r.stats as Record<string, number>,
          ]),
        );
        assert.equal(rows.size, dataset.player_season_stats.length, "one row per season");
        for (const [key, tally] of expected) {
          const stats = rows.get(key);
          assert.ok(stats !== undefined, `${key}: no statistics row`);
          const { rides = 0, wins = 0, seconds = 0, thirds = 0 } = tally;
          assert.deepEqual(
            [stats.rides, stats.appearances, stats.wins, stats.seconds, stats.thirds],
            [rides, rides, wins, seconds, thirds],
            key,
          );
          assert.equal(stats.places, wins + seconds + thirds, key);
          assert.equal(stats.strike_rate, Math.round((1000 * wins) / rides) / 10, key);
        }
        for (const [key, stats] of rows) if (!expected.has(key)) assert.equal(stats.rides, 0, key);
      }),
      RUNS,
    );
  });

  it("the live flow runs the generator's race: ladder SPs, a favourite, margins that add up", () => {
    fc.assert(
      fc.property(fc.nat(), fc.string(), (pick, label) => {
        const ctx = generate(11, new Date("2026-11-21T00:00:00Z"));
        const cards = ctx.dataset.fixtures.filter((f) => f.status === "scheduled");
        const race = cards[pick % cards.length];
        assert.ok(race !== undefined);
        const flow = horseRacingFlow(new Rng(label), fieldFlowFixture("horse-racing", race, {}));
        const card = flow.steps.at(-1)?.participants as Runner[];
        const order = card.filter((x) => x.status === "ran");
        const overround = book(order.map((x) => x.sp ?? Number.NaN));
        assert.ok(overround >= 1.15 && overround <= 1.3, `flow SP book ${overround}`);
        assertFavourite(order, race.id);
        assertMargins(order, race.id);
        for (const step of flow.steps.slice(0, -1))
          for (const x of (step.participants ?? []) as Runner[])
            assert.equal(x.beaten_lengths, null, "no beaten distances before the finish");
      }),
      { seed: 42, numRuns: 30 },
    );
  });
});
