/**
 * Shared by the sport-rules property tests: the seeds and anchors they draw, one generated
 * dataset per seed and anchor shared by the properties that read it, the bookmakers' outright
 * books, and the bare fixtures the simulator's flows are run on.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { addDays } from "../../src/lib/time.js";
import { GenContext } from "../../src/sample/context.js";
import type { FlowFixture, FlowSide } from "../../src/simulator/flow.js";
import type { Side, Sport } from "../../src/sports/types.js";
import type { Dataset, RecordOf } from "../../src/store/dataset.js";

type Fixture = RecordOf<"fixtures">;

/** A generator seed: any positive 31-bit integer. */
export const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 });

/** Anchors over `years` years from 2025, so that seasons turn over (and weeks come round). */
export function anchorsOver(years: number): fc.Arbitrary<Date> {
  return fc
    .integer({ min: 0, max: years * 365 })
    .map((d) => addDays(new Date("2025-01-01T00:00:00Z"), d));
}

/**
 * One sport's generator, run once per seed and anchor: the properties of a file draw the same
 * seeds (fast-check's fixed seed), so each dataset is made once and read by all of them.
 */
export function generatedOnce(
  generate: (ctx: GenContext) => void,
): (seed: number, anchor: Date) => GenContext {
  const made = new Map<string, GenContext>();
  return (seed, anchor) => {
    const key = `${seed}|${anchor.toISOString()}`;
    const known = made.get(key);
    if (known !== undefined) return known;
    const ctx = new GenContext(seed, anchor);
    generate(ctx);
    made.set(key, ctx);
    return ctx;
  };
}

/** The dataset's finished fixtures. */
export function finishedFixtures(dataset: Dataset): Fixture[] {
  return dataset.fixtures.filter((f) => f.status === "finished");
}

/** Which side of `fixture` a team is, or null for none (an event of the match as a whole). */
export function sideOfTeam(fixture: Fixture, teamId: string | null): Side | null {
  return teamId === fixture.home_team_id ? "home" : teamId === fixture.away_team_id ? "away" : null;
}

/** A book's overround: the sum of the implied chances of its prices. */
export function book(prices: readonly number[]): number {
  return prices.reduce((total, p) => total + 1 / p, 0);
}

/**
 * Every bookmaker's outright on a fixture, now and at opening, is a book within `overround`, and
 * the best price of each selection across bookmakers still makes over 102 % (no arbitrage).
 */
export function assertOutrightBooks(
  odds: Dataset["odds"],
  overround: { min: number; max: number },
): void {
  const books = new Map<string, { now: number[]; opening: number[] }>();
  const best = new Map<string, Map<string, number>>();
  for (const o of odds) {
    const key = `${o.fixture_id}|${o.bookmaker}`;
    const entry = books.get(key) ?? { now: [], opening: [] };
    books.set(key, entry);
    entry.now.push(o.price);
    entry.opening.push(o.opening_price);
    const bests = best.get(o.fixture_id) ?? new Map<string, number>();
    best.set(o.fixture_id, bests);
    bests.set(o.selection, Math.max(bests.get(o.selection) ?? 0, o.price));
  }
  for (const [key, { now, opening }] of books) {
    for (const prices of [now, opening]) {
      const made = book(prices);
      assert.ok(made >= overround.min && made <= overround.max, `${key}: book ${made}`);
    }
  }
  for (const [fixture, bests] of best) {
    const across = book([...bests.values()]);
    assert.ok(across > 1.02, `${fixture}: best prices across books make ${across}`);
  }
}

/** A head-to-head side with no players, for the flows that name none (tennis, combat). */
export function bareSide(key: string, strength: number): FlowSide {
  return { teamId: key, name: key, strength, players: [] };
}

/** A stored field fixture (a golf tournament, a race) as the simulator's flow takes it. */
export function fieldFlowFixture(
  sport: Sport,
  fixture: Fixture,
  rules: Record<string, unknown>,
): FlowFixture {
  return {
    id: fixture.id,
    sport,
    home: null,
    away: null,
    participants: fixture.participants as unknown[],
    rules,
    round: fixture.round,
  };
}
