/**
 * The sides' strengths, as the generator rated them, read back from what the store shows: the
 * world keeps no ratings, but the generator priced the fixtures of its first fortnight from them,
 * and played the past ones with them. Each fixture is an observation of the home side's edge
 * (home minus away rating, on the generator's scale): from its books' opening match-winner prices
 * where it has some (the generator's model inverted, `edgeOfHomeShare`), else — for a side none of
 * whose fixtures is priced — from its result, a weaker observation. The ratings are the
 * least-squares fit of the edges, pulled towards 0 (the generator's ratings are centred there).
 */
import type { Store } from "../store/database.js";
import { parseJson } from "../store/json-columns.js";

/** Home minus away rating a fixture shows, and how much it counts. */
export interface EdgeObservation {
  home: string;
  away: string;
  edge: number;
  weight: number;
  /** Prices say more than a result; a side's results count only while it has no priced fixture. */
  fromPrices: boolean;
}

/** The home share of the match-winner chances (home ÷ (home + away)) for a home edge. */
export type HomeShare = (edge: number) => number;

const GRID = { min: -8, max: 8, step: 0.05 };
/** How strongly a rating is pulled towards 0: as much as one more observation of an even side. */
const PRIOR_WEIGHT = 1;
/** A result, as the home share it suggests: a win reads as a side about 70:30 the better. */
const RESULT_SHARE = { home: 0.7, draw: 0.5, away: 0.3 };
/** Fixture ids per statement when reading their prices (within both dialects' limits). */
const FIXTURES_PER_READ = 500;
const RESULT_WEIGHT = 0.3;
/** The newest finished fixtures a competition's fit reads. */
const RESULTS_READ = 400;

/**
 * The inverse of a model's home share: the edge giving `share`, interpolated on a grid (the
 * share rises with the edge).
 */
export function edgeOfHomeShare(homeShare: HomeShare): (share: number) => number {
  const edges: number[] = [];
  const shares: number[] = [];
  for (let e = GRID.min; e <= GRID.max + 1e-9; e += GRID.step) {
    edges.push(e);
    shares.push(homeShare(e));
  }
  return (share) => {
    if (share <= (shares[0] ?? 0)) return GRID.min;
    for (let i = 1; i < shares.length; i++) {
      const hi = shares[i] ?? 1;
      if (share > hi) continue;
      const lo = shares[i - 1] ?? 0;
      const t = hi === lo ? 0 : (share - lo) / (hi - lo);
      return (edges[i - 1] ?? 0) + t * GRID.step;
    }
    return GRID.max;
  };
}

/** Least-squares ratings from the observations (Gauss–Seidel sweeps, pulled towards 0). */
export function fitRatings(observations: readonly EdgeObservation[]): Map<string, number> {
  const priced = new Set(observations.filter((o) => o.fromPrices).flatMap((o) => [o.home, o.away]));
  const bySide = new Map<string, Array<{ other: string; edge: number; weight: number }>>();
  for (const o of observations) {
    for (const [side, other, sign] of [
      [o.home, o.away, 1],
      [o.away, o.home, -1],
    ] as const) {
      if (priced.has(side) && !o.fromPrices) continue;
      const list = bySide.get(side) ?? [];
      list.push({ other, edge: sign * o.edge, weight: o.weight });
      bySide.set(side, list);
    }
  }
  const ratings = new Map<string, number>();
  for (let sweep = 0; sweep < 30; sweep++) {
    for (const [side, list] of bySide) {
      let sum = 0;
      let weights = PRIOR_WEIGHT;
      for (const { other, edge, weight } of list) {
        sum += weight * (edge + (ratings.get(other) ?? 0));
        weights += weight;
      }
      ratings.set(side, sum / weights);
    }
  }
  return ratings;
}

/**
 * A competition's edge observations: its fixtures' mean opening match-winner chances (the
 * books' margins taken out) and its newest results.
 */
export async function competitionEdges(
  store: Store,
  competitionId: string,
  edgeOf: (share: number) => number,
): Promise<EdgeObservation[]> {
  // The competition's fixtures first, then their prices by the odds' key: joined in one
  // statement, PostgreSQL would scan every price in the store for a few hundred fixtures.
  const fixtures = await store.db
    .selectFrom("fixtures")
    .select(["id", "home_team_id", "away_team_id"])
    .where("competition_id", "=", competitionId)
    .where("home_team_id", "is not", null)
    .where("away_team_id", "is not", null)
    .orderBy("id")
    .execute();
  const byFixture = new Map<string, { home: string; away: string; h: number[]; a: number[] }>();
  for (const f of fixtures) {
    byFixture.set(f.id, { home: f.home_team_id ?? "", away: f.away_team_id ?? "", h: [], a: [] });
  }
  const ids = [...byFixture.keys()];
  for (let i = 0; i < ids.length; i += FIXTURES_PER_READ) {
    const prices = await store.db
      .selectFrom("odds")
      .select(["fixture_id", "selection", "opening_price"])
      .where("fixture_id", "in", ids.slice(i, i + FIXTURES_PER_READ))
      .where("market", "in", ["1x2", "moneyline"])
      .where("subject", "=", "")
      .where("selection", "in", ["home", "away"])
      .execute();
    for (const row of prices) {
      const entry = byFixture.get(row.fixture_id);
      if (entry === undefined || row.opening_price <= 0) continue;
      (row.selection === "home" ? entry.h : entry.a).push(1 / row.opening_price);
    }
  }
  const observations: EdgeObservation[] = [];
  for (const { home, away, h, a } of byFixture.values()) {
    if (h.length === 0 || a.length === 0) continue;
    const share = mean(h) / (mean(h) + mean(a));
    observations.push({ home, away, edge: edgeOf(share), weight: 1, fromPrices: true });
  }
  const results = await store.db
    .selectFrom("fixtures")
    .select(["home_team_id", "away_team_id", "result"])
    .where("competition_id", "=", competitionId)
    .where("status", "=", "finished")
    .where("home_team_id", "is not", null)
    .where("away_team_id", "is not", null)
    .orderBy("kickoff", "desc")
    .limit(RESULTS_READ)
    .execute();
  for (const r of results) {
    const outcome = parseJson<{ outcome?: unknown }>(r.result)?.outcome;
    if (outcome !== "home" && outcome !== "away" && outcome !== "draw") continue;
    const share = RESULT_SHARE[outcome];
    observations.push({
      home: r.home_team_id ?? "",
      away: r.away_team_id ?? "",
      edge: edgeOf(share),
      weight: RESULT_WEIGHT,
      fromPrices: false,
    });
  }
  return observations;
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
